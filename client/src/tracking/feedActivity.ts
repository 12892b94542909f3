import { PRODUCT_NOTE_KEY, TRACKING_ENDPOINTS, type TrackingPlace } from '@shared/tracking/tracking-constants.js';
import type { CommonNotes, FeedActivity, FeedActivityName } from '@shared/tracking/tracking.js';
import { toStorableText } from '@shared/validation/storable-text.js';

/** An event's own notes, besides the common ones. */
export type EventNotes<Name extends FeedActivityName> = Omit<FeedActivity<Name>['notes'], keyof CommonNotes>;

/** The visit and page view an event happens in (none before the first page view is recorded). */
export interface TrackedPage {
  visitId: string | null;
  pageId: string | null;
}

const QUERY_NOTES = ['rid', 'utat'] as const;
const MAX_QUERY_NOTE = 100;

/** Earn Credits (the surf bar) marks its events with `{product}=1`. */
export function commonNotesOf(place: TrackingPlace, search: string, page: TrackedPage): CommonNotes {
  const query = new URLSearchParams(search);
  const notes: CommonNotes = { source: 'website', place };
  if (page.visitId !== null) notes.visit = page.visitId;
  if (page.pageId !== null) notes.page = page.pageId;
  for (const key of QUERY_NOTES) {
    const value = query.get(key);
    if (value) notes[key] = toStorableText(value, MAX_QUERY_NOTE);
  }
  if (place === 'surf') notes[PRODUCT_NOTE_KEY] = 1;
  return notes;
}

/** The call recording one feed-activity event. */
export function feedActivityCall<Name extends FeedActivityName>(
  name: Name,
  obj: FeedActivity<Name>['obj'],
  notes: EventNotes<Name>,
  place: TrackingPlace,
  search: string,
  page: TrackedPage,
): { path: string; body: FeedActivity<Name> } {
  return {
    path: `${TRACKING_ENDPOINTS.feedActivity}/${name}`,
    body: { obj, notes: { ...commonNotesOf(place, search, page), ...notes } } as FeedActivity<Name>,
  };
}
