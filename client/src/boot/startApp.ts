import { PROTOCOL_VERSION, type StartAnswer } from '@shared/start/start.js';
import { announcementsAtom } from '../announcements/announcementsAtom.js';
import { consentChoiceAtom } from '../consent/consentChoiceAtom.js';
import { documentCookies, storedConsent } from '../consent/consentCookie.js';
import { applyVisitorCountry } from '../consent/locateVisitor.js';
import { api } from '../api/api.js';
import { loadMemberMenu } from '../layout/memberMenu.js';
import { preloadScreenAt } from '../routing/preloadScreen.js';
import { lastNotificationIdAtom } from '../notifications/lastNotificationIdAtom.js';
import { connectRealtime } from '../realtime/realtimeConnection.js';
import { uiNotificationsAtom } from '../notifications/uiNotificationsAtom.js';
import { currentTeamIdAtom } from '../sessions/currentTeamIdAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { usersAtom } from '../sessions/usersAtom.js';
import { appStore } from '../state/store.js';
import { STALE_TEAM_NOTICE } from '../teams/switchTeam.js';
import { teamAfterStart } from '../teams/teamSession.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { bootFailedAtom } from './bootFailedAtom.js';
import { loadingAtom } from './loadingAtom.js';
import { setSessionReload } from './sessionReload.js';

const RELOADED_FOR_VERSION = 'reloadedForProtocol';

/**
 * Loads /data/start into the store. The app starts only when rufP is present; a
 * different protocol version means this bundle is older than the server, so reload once.
 * The answer also settles the current team: the one the server confirmed, or none when the
 * one asked for went stale (the member is told).
 */
export async function startApp(): Promise<void> {
  preloadScreenAt(window.location.pathname);
  await loadSession(false);
}

/**
 * `keepScreenOnFailure`: a reload of a running member's session (a team switched or changed)
 * that fails leaves the screen as it is instead of the boot failure screen. Answers whether the
 * answer was applied (or superseded by a newer load).
 */
async function loadSession(keepScreenOnFailure: boolean): Promise<boolean> {
  appStore.set(bootFailedAtom, false);
  const sentTeamId = appStore.get(currentTeamIdAtom);
  let answer = await api.request<StartAnswer>({ path: '/data/start' });
  // 406: the session ended; the server has dropped its cookie, so ask again as a visitor.
  if (answer.status === 406) answer = await api.request<StartAnswer>({ path: '/data/start' });
  // The team was switched while this answer was on its way: the load that switch started applies.
  if (appStore.get(currentTeamIdAtom) !== sentTeamId) return true;
  const start = answer.data;
  if (!start?.rufP) {
    if (!keepScreenOnFailure || !appStore.get(userAtom)) appStore.set(bootFailedAtom, true);
    return false;
  }
  if (start.rufP !== PROTOCOL_VERSION && sessionStorage.getItem(RELOADED_FOR_VERSION) !== String(start.rufP)) {
    sessionStorage.setItem(RELOADED_FOR_VERSION, String(start.rufP));
    window.location.reload();
    return true;
  }
  // A member's first screen shows with their menu; should its chunk fail, the screen still does.
  if (start.user) await loadMemberMenu().catch(() => undefined);
  const team = teamAfterStart(sentTeamId, appStore.get(userAtom)?.id ?? null, start.user);
  appStore.set(currentTeamIdAtom, team.teamId);
  if (team.dropped) appStore.set(pushToastAtom, STALE_TEAM_NOTICE);
  appStore.set(websiteAtom, start.website);
  appStore.set(userAtom, start.user);
  appStore.set(usersAtom, start.users);
  applyVisitorCountry(start.visitorCountry ?? null);
  appStore.set(consentChoiceAtom, storedConsent(documentCookies));
  appStore.set(uiNotificationsAtom, start.uiNotifications);
  appStore.set(lastNotificationIdAtom, start.uiNotifications.lastId);
  appStore.set(announcementsAtom, start.user ? start.user.announcements : start.website.announcements);
  appStore.set(loadingAtom, { loading: false, reloading: false });
  void connectRealtime(start.user?.socketId ?? null, team.teamId, () => void startApp());
  return true;
}

setSessionReload(() => loadSession(true));
