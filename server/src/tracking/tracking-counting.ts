import type { CountedMeasure } from './counted-measure.js';
import type { PendingEvent } from './tracking-rows.js';

export interface CountKey {
  /** The server's UTC day of the event. */
  day: string;
  viewerKey: string;
  subjectId: number;
  measure: CountedMeasure;
}

/**
 * Who the event is counted for, as the server knows it: the signed-in member, else the viewer id
 * the server signed, else the salted hash of the address. Nothing the browser names (visit,
 * visitor or page ids) goes in, so new ids make no new counts. The prefixes keep the three apart.
 */
export function viewerKeyOf(event: Pick<PendingEvent, 'userId' | 'viewerId'>, addressHash: string): string {
  if (event.userId !== null) return `u:${event.userId}`;
  if (event.viewerId !== null) return `v:${event.viewerId}`;
  return `a:${addressHash}`;
}

const POST_MEASURES: Partial<Record<PendingEvent['name'], CountedMeasure>> = {
  playVideo: 'video_play',
  viewImage: 'image_view',
};

/** The keys an event is counted under (none for events that count nothing). */
export function countKeysOf(event: PendingEvent, viewerKey: string): CountKey[] {
  const key = (subjectId: number, measure: CountedMeasure): CountKey => ({ day: event.day, viewerKey, subjectId, measure });
  const { ownPost } = event;
  if (event.name === 'profile_view') {
    const keys = event.profileId === null || event.profileId === event.userId ? [] : [key(event.profileId, 'profile')];
    if (event.postId !== null && !ownPost) keys.push(key(event.postId, 'profile_open'));
    return keys;
  }
  if (event.postId === null || ownPost) return [];
  // A full view and a link click also count as the post seen (once, under the same key as a
  // level-5 view), so the stats' funnel holds: viewed and clicked are each part of seen, whatever
  // order the events came in or if a level-5 event never came.
  if (event.name === 'post_view' && event.level === 5) return [key(event.postId, 'seen')];
  if (event.name === 'post_view' && event.level === 10) return [key(event.postId, 'seen'), key(event.postId, 'viewed')];
  if (event.name === 'post_link_click') return [key(event.postId, 'seen'), key(event.postId, 'link_click')];
  const measure = POST_MEASURES[event.name];
  return measure ? [key(event.postId, measure)] : [];
}

export function countKeyId(key: CountKey): string {
  return `${key.day}\n${key.viewerKey}\n${key.subjectId}\n${key.measure}`;
}

/** The distinct keys of a batch (each once, in the order first met). */
export function distinctCountKeys(keysPerEvent: readonly (readonly CountKey[])[]): CountKey[] {
  const distinct = new Map<string, CountKey>();
  for (const keys of keysPerEvent) {
    for (const key of keys) {
      const id = countKeyId(key);
      if (!distinct.has(id)) distinct.set(id, key);
    }
  }
  return [...distinct.values()];
}

/**
 * The measures each event of a batch counts for: those of its keys that are new (`fresh`: not
 * counted by an earlier batch), each claimed by the first event of the batch that has it, so
 * duplicates within one batch count once too.
 */
export function countedMeasures(
  keysPerEvent: readonly (readonly CountKey[])[],
  fresh: ReadonlySet<string>,
): Set<CountedMeasure>[] {
  const claimed = new Set<string>();
  return keysPerEvent.map((keys) => {
    const counted = new Set<CountedMeasure>();
    for (const key of keys) {
      const id = countKeyId(key);
      if (!fresh.has(id) || claimed.has(id)) continue;
      claimed.add(id);
      counted.add(key.measure);
    }
    return counted;
  });
}
