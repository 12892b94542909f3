import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentCookies } from '../consent/consentCookie.js';
import { userAtom } from '../sessions/userAtom.js';
import { consentStateAtom } from '../consent/consentStateAtom.js';
import { appStore } from '../state/store.js';
import { pageViewIdAtom } from './pageViewIdAtom.js';
import { sendTracking } from './sendTracking.js';
import { consentedIdStore, newTrackingId } from './trackingIds.js';
import { visitIdAtom } from './visitIdAtom.js';
import { createVisitTracker, type VisitTracker } from './visitTracker.js';

let tracker: VisitTracker | null = null;
let trackedLocationKey: string | null = null;

/** The page's one visit tracker, listening to the tab's visibility and to the page being left. */
function visitTracker(): VisitTracker {
  if (tracker) return tracker;
  // Consent is read at every use: a visitor who allows cookies later keeps this page's ids in them.
  const ids = consentedIdStore(
    () => appStore.get(consentStateAtom).nonEssentialCookies,
    documentCookies,
    window.location.protocol === 'https:',
  );
  const created = createVisitTracker({
    send: sendTracking,
    ids,
    now: () => Date.now(),
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    visible: () => document.visibilityState === 'visible',
    geometry: () => ({
      windowWidth: window.innerWidth,
      windowHeight: window.innerHeight,
      screenWidth: window.screen.width,
      screenHeight: window.screen.height,
    }),
    uid: () => appStore.get(userAtom)?.id ?? null,
    firstReferrer: document.referrer,
    newPageId: newTrackingId,
    onPage: ({ pageId, visitId }) => {
      appStore.set(visitIdAtom, visitId);
      appStore.set(pageViewIdAtom, pageId);
    },
  });
  document.addEventListener('visibilitychange', () => created.visibilityChanged());
  window.addEventListener('pagehide', () => created.pageLeft());
  tracker = created;
  return created;
}

/** Records a visit at every page change (each router location is a page view). Renders nothing. */
export function VisitTrackingEffect() {
  const location = useLocation();
  useEffect(() => {
    // A location is one page view, even when an effect runs twice for it.
    if (location.key === trackedLocationKey) return;
    trackedLocationKey = location.key;
    visitTracker().pageChanged(window.location.href);
  }, [location.key]);
  return null;
}
