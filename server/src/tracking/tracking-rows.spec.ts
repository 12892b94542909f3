import { addDays, mergeTouches, rollUp, type PendingEvent } from './tracking-rows.js';

const AT = Date.parse('2026-11-24T10:15:00Z');

function event(overrides: Partial<PendingEvent>): PendingEvent {
  return {
    kind: 'event',
    day: '2026-11-24',
    at: AT,
    name: 'post_view',
    postId: 1,
    userId: null,
    visitorId: null,
    place: 'feed',
    level: 5,
    notes: {},
    address: '127.0.0.1',
    ...overrides,
  };
}

describe('what a batch adds to the rollups', () => {
  it('sums per post, hour and place, and per post, day and country', () => {
    const { hourly, countries } = rollUp([
      { event: event({}), country: 'GB' },
      { event: event({ at: AT + 10 * 60_000 }), country: 'GB' },
      { event: event({ level: 10 }), country: null },
      { event: event({ name: 'post_link_click', level: null }), country: 'GB' },
      { event: event({ name: 'playVideo', level: null, place: null }), country: 'GB' },
      { event: event({ name: 'viewImage', level: null, at: AT + 3_600_000 }), country: 'GB' },
    ]);
    expect(hourly).toEqual([
      {
        postId: 1,
        hour: '2026-11-24T10:00:00.000Z',
        place: 'feed',
        seen: 2,
        viewed: 1,
        linkClicks: 1,
        videoPlays: 0,
        imageViews: 0,
      },
      {
        postId: 1,
        hour: '2026-11-24T10:00:00.000Z',
        place: 'other',
        seen: 0,
        viewed: 0,
        linkClicks: 0,
        videoPlays: 1,
        imageViews: 0,
      },
      {
        postId: 1,
        hour: '2026-11-24T11:00:00.000Z',
        place: 'feed',
        seen: 0,
        viewed: 0,
        linkClicks: 0,
        videoPlays: 0,
        imageViews: 1,
      },
    ]);
    expect(countries).toEqual([
      { postId: 1, day: '2026-11-24', country: 'GB', seen: 2, viewed: 0 },
      { postId: 1, day: '2026-11-24', country: '', seen: 0, viewed: 1 },
    ]);
  });

  it('counts nothing for events that are no view, click, play or image, nor for events without a post', () => {
    expect(
      rollUp([
        { event: event({ name: 'clickSeeMore', level: null }), country: 'GB' },
        { event: event({ name: 'profile_view', postId: null, level: null }), country: 'GB' },
        { event: event({ name: 'clickShowMorePosts', postId: null, level: null }), country: 'GB' },
      ]),
    ).toEqual({ hourly: [], countries: [] });
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
