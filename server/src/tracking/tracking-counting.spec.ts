import { countedMeasures, countKeyId, countKeysOf, distinctCountKeys, viewerKeyOf } from './tracking-counting.js';
import type { PendingEvent } from './tracking-rows.js';

function event(overrides: Partial<PendingEvent>): PendingEvent {
  return {
    kind: 'event',
    day: '2026-11-24',
    at: Date.parse('2026-11-24T10:15:00Z'),
    name: 'post_view',
    postId: 1,
    ownPost: false,
    userId: null,
    visitorId: null,
    viewerId: null,
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

describe('the viewer an event counts for', () => {
  it('is the signed-in member, else the viewer id the server signed, else the address hash; never an id the browser names', () => {
    expect(viewerKeyOf({ userId: 12, viewerId: 'viewer-1234' }, 'hash')).toBe('u:12');
    expect(viewerKeyOf({ userId: null, viewerId: 'viewer-1234' }, 'hash')).toBe('v:viewer-1234');
    expect(viewerKeyOf({ userId: null, viewerId: null }, 'hash')).toBe('a:hash');
    const named = event({ visitId: 'visit-1234', visitorId: 'visitor-1234', pageId: 'page-1234' });
    expect(viewerKeyOf(named, 'hash')).toBe('a:hash');
  });
});

describe('the keys an event counts under', () => {
  const day = '2026-11-24';
  it('are one per view level, link click, video play, image view, and profile (opened from a post or not); a full view and a click are seen too', () => {
    expect(countKeysOf(event({ level: 5 }), 'v')).toEqual([{ day, viewerKey: 'v', subjectId: 1, measure: 'seen' }]);
    expect(countKeysOf(event({ level: 10 }), 'v')).toEqual([
      { day, viewerKey: 'v', subjectId: 1, measure: 'seen' },
      { day, viewerKey: 'v', subjectId: 1, measure: 'viewed' },
    ]);
    expect(countKeysOf(event({ name: 'post_link_click', level: null }), 'v')).toEqual([
      { day, viewerKey: 'v', subjectId: 1, measure: 'seen' },
      { day, viewerKey: 'v', subjectId: 1, measure: 'link_click' },
    ]);
    expect(countKeysOf(event({ name: 'playVideo', level: null }), 'v')).toEqual([
      { day, viewerKey: 'v', subjectId: 1, measure: 'video_play' },
    ]);
    expect(countKeysOf(event({ name: 'viewImage', level: null }), 'v')).toEqual([
      { day, viewerKey: 'v', subjectId: 1, measure: 'image_view' },
    ]);
    expect(countKeysOf(event({ name: 'profile_view', level: null, postId: 4, profileId: 9 }), 'v')).toEqual([
      { day, viewerKey: 'v', subjectId: 9, measure: 'profile' },
      { day, viewerKey: 'v', subjectId: 4, measure: 'profile_open' },
    ]);
    expect(countKeysOf(event({ name: 'profile_view', level: null, postId: null, profileId: 9 }), 'v')).toEqual([
      { day, viewerKey: 'v', subjectId: 9, measure: 'profile' },
    ]);
  });

  it('are none for events that count nothing', () => {
    for (const name of ['clickSeeMore', 'clickShowMoreComments'] as const) {
      expect(countKeysOf(event({ name, level: null }), 'v')).toEqual([]);
    }
    expect(countKeysOf(event({ name: 'clickShowMorePosts', postId: null, level: null }), 'v')).toEqual([]);
  });

  it("are none for the post's owners (its writer, its team's members), and none for a member's own profile", () => {
    for (const name of ['post_view', 'post_link_click', 'playVideo', 'viewImage'] as const) {
      expect(countKeysOf(event({ name, userId: 7, ownPost: true }), 'u:7')).toEqual([]);
    }
    expect(
      countKeysOf(event({ name: 'profile_view', level: null, postId: 4, profileId: 7, userId: 7, ownPost: true }), 'u:7'),
    ).toEqual([]);
    // Another member's profile opened from one's own post counts for that member only.
    expect(
      countKeysOf(event({ name: 'profile_view', level: null, postId: 4, profileId: 9, userId: 7, ownPost: true }), 'u:7'),
    ).toEqual([{ day, viewerKey: 'u:7', subjectId: 9, measure: 'profile' }]);
  });
});

describe('a batch', () => {
  const keysOf = (events: PendingEvent[], viewerKeys: string[]) =>
    events.map((one, index) => countKeysOf(one, viewerKeys[index]));

  it('counts a duplicate of the same viewer once, and another viewer again', () => {
    const keys = keysOf([event({}), event({}), event({}), event({})], ['v1', 'v1', 'v2', 'v1']);
    const distinct = distinctCountKeys(keys);
    expect(distinct.map((key) => `${key.viewerKey} ${key.measure}`)).toEqual(['v1 seen', 'v1 viewed', 'v2 seen', 'v2 viewed']);
    const counted = countedMeasures(keys, new Set(distinct.map(countKeyId)));
    expect(counted.map((measures) => [...measures])).toEqual([['seen', 'viewed'], [], ['seen', 'viewed'], []]);
  });

  it('counts nothing for keys an earlier batch counted', () => {
    const keys = keysOf([event({ level: 5 }), event({ level: 10 }), event({ level: 10 })], ['v1', 'v1', 'v1']);
    const fresh = new Set([countKeyId(keys[0][0])]);
    expect(countedMeasures(keys, fresh).map((measures) => [...measures])).toEqual([['seen'], [], []]);
  });

  it('counts a full view without a level-5 view before it as seen once, and a later level-5 view adds nothing', () => {
    const keys = keysOf(
      [event({ level: 10 }), event({ level: 5 }), event({ name: 'post_link_click', level: null })],
      ['v', 'v', 'v'],
    );
    const counted = countedMeasures(keys, new Set(distinctCountKeys(keys).map(countKeyId)));
    expect(counted.map((measures) => [...measures])).toEqual([['seen', 'viewed'], [], ['link_click']]);
  });

  it('keeps the same viewer apart by post, measure and day', () => {
    const keys = keysOf(
      [event({ postId: 1 }), event({ postId: 2 }), event({ postId: 1, level: 5 }), event({ postId: 1, day: '2026-11-25' })],
      ['v', 'v', 'v', 'v'],
    );
    const distinct = distinctCountKeys(keys);
    expect(distinct).toHaveLength(6);
    expect(countedMeasures(keys, new Set(distinct.map(countKeyId))).map((measures) => [...measures])).toEqual([
      ['seen', 'viewed'],
      ['seen', 'viewed'],
      [],
      ['seen', 'viewed'],
    ]);
  });
});
