import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import { VIEW_TRACKING_THROTTLE_MS } from '@shared/constants/timing.js';
import type { TrackingPlace } from '@shared/tracking/tracking-constants.js';
import { throttle } from '../layout/throttle.js';
import { pageViewIdAtom } from './pageViewIdAtom.js';
import { createPostViewTracker } from './postViewTracker.js';
import { recordFeedActivity } from './recordFeedActivity.js';
import { screenShareOf } from './screenShare.js';

/**
 * Records `post_view` for the post in `element`: level 5 when it comes partly on screen, level 10
 * after 2 s fully on screen, each once per page view. An IntersectionObserver says when the post
 * enters or leaves; while it is on screen, scrolling and resizing (throttled) tell whether a post
 * taller than the window fills it.
 */
export function usePostViewTracking(pid: number, place: TrackingPlace, element: RefObject<HTMLElement | null>): void {
  const pageViewId = useAtomValue(pageViewIdAtom);
  useEffect(() => {
    const target = element.current;
    if (!target || pageViewId === null || typeof IntersectionObserver === 'undefined') return;
    const tracker = createPostViewTracker({
      record: ({ seen, time }) => recordFeedActivity('post_view', pid, { seen, time }, place),
      now: () => Date.now(),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      tabVisible: document.visibilityState === 'visible',
    });
    const measure = (): boolean => {
      const share = screenShareOf(target.getBoundingClientRect(), window.innerWidth, window.innerHeight);
      tracker.screen(share.onScreen, share.fully);
      return share.onScreen;
    };
    const remeasure = throttle(measure, VIEW_TRACKING_THROTTLE_MS);
    let listening = false;
    const listenWhileOnScreen = (onScreen: boolean) => {
      if (onScreen === listening) return;
      listening = onScreen;
      if (onScreen) {
        document.addEventListener('scroll', remeasure, { capture: true, passive: true });
        window.addEventListener('resize', remeasure, { passive: true });
      } else {
        document.removeEventListener('scroll', remeasure, { capture: true });
        window.removeEventListener('resize', remeasure);
        remeasure.cancel();
      }
    };
    const observer = new IntersectionObserver(() => listenWhileOnScreen(measure()), { threshold: [0, 1] });
    const onVisibility = () => tracker.tab(document.visibilityState === 'visible');
    observer.observe(target);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      listenWhileOnScreen(false);
      document.removeEventListener('visibilitychange', onVisibility);
      tracker.stop();
    };
  }, [pid, place, element, pageViewId]);
}
