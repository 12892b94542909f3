import { countedMeasures, countKeyId, countKeysOf, distinctCountKeys, visitKeyOf } from './tracking-counting.js';
import type { PendingEvent } from './tracking-rows.js';

function event(overrides: Partial<PendingEvent>): PendingEvent {
  return {
    kind: 'event',
    day: '2026-11-24',
    at: Date.parse('2026-11-24T10:15:00Z'),
    name: 'post_view',
    postId: 1,
    userId: null,
    visitorId: null,
    place: 'feed',
    level: 10,
    visitId: null,
    pageId: null,
    language: null,
    profileId: null,
    notes: {},
    address: '127.0.0.1',
    ...overrides,
  };
}

describe('the visit an event counts for', () => {
  it('is the visit the browser named, else its visitor cookie, else its address hash', () => {
    expect(visitKeyOf({ visitId: 'visit-1234', visitorId: 'visitor-1234' }, 'hash')).toBe('visit-1234');
    expect(visitKeyOf({ visitId: null, visitorId: 'visitor-1234' }, 'hash')).toBe('visitor-1234');
    expect(visitKeyOf({ visitId: null, visitorId: null }, 'hash')).toBe('a:hash');
  });
});

describe('the keys an event counts under', () => {
  const day = '2026-11-24';
  it('are one per view level, link click, and profile (opened from a post or not)', () => {
    expect(countKeysOf(event({ level: 5 }), 'v')).toEqual([{ day, visitKey: 'v', subjectId: 1, measure: 'seen' }]);
    expect(countKeysOf(event({ level: 10 }), 'v')).toEqual([{ day, visitKey: 'v', subjectId: 1, measure: 'viewed' }]);
    expect(countKeysOf(event({ name: 'post_link_click', level: null }), 'v')).toEqual([
      { day, visitKey: 'v', subjectId: 1, measure: 'link_click' },
    ]);
    expect(countKeysOf(event({ name: 'profile_view', level: null, postId: 4, profileId: 9 }), 'v')).toEqual([
      { day, visitKey: 'v', subjectId: 9, measure: 'profile' },
      { day, visitKey: 'v', subjectId: 4, measure: 'profile_open' },
    ]);
    expect(countKeysOf(event({ name: 'profile_view', level: null, postId: null, profileId: 9 }), 'v')).toEqual([
      { day, visitKey: 'v', subjectId: 9, measure: 'profile' },
    ]);
  });

  it('are none for events that count every time or not at all', () => {
    for (const name of ['playVideo', 'viewImage', 'clickSeeMore', 'clickShowMoreComments'] as const) {
      expect(countKeysOf(event({ name, level: null }), 'v')).toEqual([]);
    }
    expect(countKeysOf(event({ name: 'clickShowMorePosts', postId: null, level: null }), 'v')).toEqual([]);
  });
});

describe('a batch', () => {
  const keysOf = (events: PendingEvent[], visitKeys: string[]) => events.map((one, index) => countKeysOf(one, visitKeys[index]));

  it('counts a duplicate of the same visit once, and another visit again', () => {
    const keys = keysOf([event({}), event({}), event({}), event({})], ['v1', 'v1', 'v2', 'v1']);
    const distinct = distinctCountKeys(keys);
    expect(distinct.map((key) => key.visitKey)).toEqual(['v1', 'v2']);
    const counted = countedMeasures(keys, new Set(distinct.map(countKeyId)));
    expect(counted.map((measures) => [...measures])).toEqual([['viewed'], [], ['viewed'], []]);
  });

  it('counts nothing for keys an earlier batch counted', () => {
    const keys = keysOf([event({ level: 5 }), event({ level: 10 }), event({ level: 10 })], ['v1', 'v1', 'v1']);
    const fresh = new Set([countKeyId(keys[0][0])]);
    expect(countedMeasures(keys, fresh).map((measures) => [...measures])).toEqual([['seen'], [], []]);
  });

  it('keeps the same visit apart by post, measure and day', () => {
    const keys = keysOf(
      [event({ postId: 1 }), event({ postId: 2 }), event({ postId: 1, level: 5 }), event({ postId: 1, day: '2026-11-25' })],
      ['v', 'v', 'v', 'v'],
    );
    const distinct = distinctCountKeys(keys);
    expect(distinct).toHaveLength(4);
    expect(countedMeasures(keys, new Set(distinct.map(countKeyId))).every((measures) => measures.size === 1)).toBe(true);
  });
});
