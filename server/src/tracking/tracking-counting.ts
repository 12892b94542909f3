import type { PendingEvent } from './tracking-rows.js';

/**
 * Which events count once per visit, and under which key of `tracking_counted`
 * (day, visit key, subject, measure). A later event of a key already counted is still stored
 * raw but adds nothing to the rollups.
 *
 * | event | measure | subject (`post_id` column) | counts toward |
 * |---|---|---|---|
 * | post_view, level 5 | seen | the post | seen (hourly, country, dimensions) |
 * | post_view, level 10 | viewed | the post | viewed (hourly, country, dimensions) |
 * | post_link_click | link_click | the post | link clicks (hourly) |
 * | profile_view opened from a post | profile_open | the post | the post's profile views (hourly) |
 * | profile_view | profile | the member whose profile it is | the member's profile views |
 *
 * Video plays and image views are not in it: each one counts.
 */
export type CountedMeasure = 'seen' | 'viewed' | 'link_click' | 'profile_open' | 'profile';

export interface CountKey {
  /** The server's UTC day of the event. */
  day: string;
  visitKey: string;
  subjectId: number;
  measure: CountedMeasure;
}

/**
 * Who the event is counted for: the visit the browser named, else its visitor cookie, else its
 * salted address hash (prefixed: a tracking id never holds ':', so the two cannot collide).
 */
export function visitKeyOf(event: Pick<PendingEvent, 'visitId' | 'visitorId'>, addressHash: string): string {
  return event.visitId ?? event.visitorId ?? `a:${addressHash}`;
}

/** The keys an event is counted under (none for events that count every time or count nothing). */
export function countKeysOf(event: PendingEvent, visitKey: string): CountKey[] {
  const key = (subjectId: number, measure: CountedMeasure): CountKey => ({ day: event.day, visitKey, subjectId, measure });
  if (event.name === 'profile_view') {
    const keys = event.profileId === null ? [] : [key(event.profileId, 'profile')];
    if (event.postId !== null) keys.push(key(event.postId, 'profile_open'));
    return keys;
  }
  if (event.postId === null) return [];
  if (event.name === 'post_view' && event.level === 5) return [key(event.postId, 'seen')];
  if (event.name === 'post_view' && event.level === 10) return [key(event.postId, 'viewed')];
  if (event.name === 'post_link_click') return [key(event.postId, 'link_click')];
  return [];
}

export function countKeyId(key: CountKey): string {
  return `${key.day}\n${key.visitKey}\n${key.subjectId}\n${key.measure}`;
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
