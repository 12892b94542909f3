import type { TrackingPlace } from '@shared/tracking/tracking-constants.js';
import type { FeedActivity, FeedActivityName } from '@shared/tracking/tracking.js';
import { appStore } from '../state/store.js';
import { feedActivityCall, type EventNotes } from './feedActivity.js';
import { pageViewIdAtom } from './pageViewIdAtom.js';
import { sendTracking } from './sendTracking.js';
import { visitIdAtom } from './visitIdAtom.js';

/** Records a feed-activity event, silently, with the current visit and page view; rid and utat come from the page's address. */
export function recordFeedActivity<Name extends FeedActivityName>(
  name: Name,
  obj: FeedActivity<Name>['obj'],
  notes: EventNotes<Name>,
  place: TrackingPlace,
): void {
  const page = { visitId: appStore.get(visitIdAtom), pageId: appStore.get(pageViewIdAtom) };
  const call = feedActivityCall(name, obj, notes, place, window.location.search, page);
  sendTracking('POST', call.path, call.body, { retry: true });
}
