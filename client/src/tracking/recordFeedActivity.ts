import type { TrackingPlace } from '@shared/tracking/tracking-constants.js';
import type { FeedActivity, FeedActivityName } from '@shared/tracking/tracking.js';
import { feedActivityCall, type EventNotes } from './feedActivity.js';
import { sendTracking } from './sendTracking.js';

/** Records a feed-activity event, silently; rid and utat come from the page's address. */
export function recordFeedActivity<Name extends FeedActivityName>(
  name: Name,
  obj: FeedActivity<Name>['obj'],
  notes: EventNotes<Name>,
  place: TrackingPlace,
): void {
  const call = feedActivityCall(name, obj, notes, place, window.location.search);
  sendTracking('POST', call.path, call.body, { retry: true });
}
