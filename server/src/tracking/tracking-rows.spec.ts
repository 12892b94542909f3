import type { CountedMeasure } from './counted-measure.js';
import { addDays, mergeTouches, rollUp, type PendingEvent } from './tracking-rows.js';

const AT = Date.parse('2026-11-24T10:15:00Z');

function event(overrides: Partial<PendingEvent>): PendingEvent {
  return {
    kind: 'event',
    day: '2026-11-24',
    at: AT,
    name: 'post_view',
    postId: 1,
    ownPost: false,
    userId: null,
    visitorId: null,
    viewerId: null,
    place: 'feed',
    level: 5,
    visitId: null,
    pageId: null,
    language: null,
    profileId: null,
    notes: {},
    address: '127.0.0.1',
    ...overrides,
  };
}

const counting = (...measures: CountedMeasure[]) => new Set(measures);

describe('what a batch adds to the rollups', () => {
  it('sums per post, hour and place, per post, day and country, and per post, day, page view and language', () => {
    const { hourly, countries, pageViews } = rollUp([
      { event: event({ pageId: 'page-1', language: 'de' }), country: 'GB', counted: counting('seen') },
      { event: event({ at: AT + 10 * 60_000, pageId: 'page-1', language: 'de' }), country: 'GB', counted: counting('seen') },
      { event: event({ level: 10 }), country: null, counted: counting('viewed') },
      { event: event({ name: 'post_link_click', level: null }), country: 'GB', counted: counting('link_click') },
      { event: event({ name: 'playVideo', level: null, place: null }), country: 'GB', counted: counting('video_play') },
      { event: event({ name: 'viewImage', level: null, at: AT + 3_600_000 }), country: 'GB', counted: counting('image_view') },
    ]);
    const zero = { seen: 0, viewed: 0, linkClicks: 0, videoPlays: 0, imageViews: 0, profileViews: 0 };
    expect(hourly).toEqual([
      { ...zero, postId: 1, hour: '2026-11-24T10:00:00.000Z', place: 'feed', seen: 2, viewed: 1, linkClicks: 1 },
      { ...zero, postId: 1, hour: '2026-11-24T10:00:00.000Z', place: 'other', videoPlays: 1 },
      { ...zero, postId: 1, hour: '2026-11-24T11:00:00.000Z', place: 'feed', imageViews: 1 },
    ]);
    expect(countries).toEqual([
      { postId: 1, day: '2026-11-24', country: 'GB', seen: 2, viewed: 0 },
      { postId: 1, day: '2026-11-24', country: '', seen: 0, viewed: 1 },
    ]);
    expect(pageViews).toEqual([
      { postId: 1, day: '2026-11-24', pageId: 'page-1', language: 'de', seen: 2, viewed: 0 },
      { postId: 1, day: '2026-11-24', pageId: null, language: null, seen: 0, viewed: 1 },
    ]);
  });

  it('leaves out views, clicks, plays and image views that did not count (the viewer counted already today)', () => {
    const { hourly, countries, pageViews } = rollUp([
      { event: event({}), country: 'GB', counted: counting() },
      { event: event({ level: 10 }), country: 'GB', counted: counting() },
      { event: event({ name: 'post_link_click', level: null }), country: 'GB', counted: counting() },
      { event: event({ name: 'playVideo', level: null }), country: 'GB', counted: counting() },
      { event: event({ name: 'viewImage', level: null }), country: 'GB', counted: counting() },
    ]);
    expect(hourly).toEqual([]);
    expect(countries).toEqual([]);
    expect(pageViews).toEqual([]);
  });

  it("adds a profile view to the member's profile and to the post it was opened from, each when it counted", () => {
    const profileView = (postId: number | null) =>
      event({ name: 'profile_view', level: null, postId, profileId: 9, place: 'surf' });
    const { hourly, profiles } = rollUp([
      { event: profileView(1), country: 'GB', counted: counting('profile', 'profile_open') },
      { event: profileView(null), country: 'GB', counted: counting('profile') },
      { event: profileView(2), country: 'GB', counted: counting('profile_open') },
      { event: profileView(3), country: 'GB', counted: counting() },
    ]);
    expect(profiles).toEqual([{ userId: 9, hour: '2026-11-24T10:00:00.000Z', views: 2 }]);
    expect(hourly.map((row) => [row.postId, row.place, row.profileViews])).toEqual([
      [1, 'surf', 1],
      [2, 'surf', 1],
    ]);
  });

  it('counts nothing for events that are no view, click, play, image or profile view, nor for events without a post', () => {
    expect(
      rollUp([
        { event: event({ name: 'clickSeeMore', level: null }), country: 'GB', counted: counting() },
        { event: event({ name: 'clickShowMorePosts', postId: null, level: null }), country: 'GB', counted: counting() },
      ]),
    ).toEqual({ hourly: [], countries: [], pageViews: [], profiles: [] });
  });
});

describe('the updates of a batch', () => {
  it('are one per page view and visitor, with their count and latest time', () => {
    expect(
      mergeTouches([
        { kind: 'update', at: 3, pageId: 'p', visitorId: 'v' },
        { kind: 'update', at: 1, pageId: 'p', visitorId: 'v' },
        { kind: 'update', at: 2, pageId: 'p', visitorId: 'w' },
      ]),
    ).toEqual([
      { pageId: 'p', visitorId: 'v', at: 3, count: 2 },
      { pageId: 'p', visitorId: 'w', at: 2, count: 1 },
    ]);
  });
});

it('counts days across months and years in UTC', () => {
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
});
