import { FEED_ACTIVITY_SCHEMAS, TRACKING_ENDPOINTS, type FeedActivityName } from '@shared/tracking/tracking.js';
import { commonNotesOf, feedActivityCall } from './feedActivity.js';

const valid = (name: FeedActivityName, body: unknown) => FEED_ACTIVITY_SCHEMAS[name].parse(body);
const page = { visitId: 'visit-0001', pageId: 'page-0001' };
const noPage = { visitId: null, pageId: null };

describe('feed activity events', () => {
  it('builds every event the server accepts, at its own address', () => {
    const calls = [
      feedActivityCall('post_link_click', 7, { url: 'https://example.com/a', post: 7 }, 'feed', '', noPage),
      feedActivityCall('clickSeeMore', 7, {}, 'tag', '', noPage),
      feedActivityCall('clickShowMoreComments', 7, {}, 'post', '', noPage),
      feedActivityCall('clickShowMorePosts', null, {}, 'group', '', noPage),
      feedActivityCall('playVideo', 7, {}, 'profile', '', noPage),
      feedActivityCall('viewImage', 7, { index: 2 }, 'bookmarks', '', noPage),
      feedActivityCall('profile_view', 7, { profile: 3 }, 'surf', '', noPage),
      feedActivityCall('profile_view', null, { profile: 3 }, 'profile', '', noPage),
      feedActivityCall('post_view', 7, { seen: 10, time: 2000 }, 'feed', '', noPage),
    ];
    const names = calls.map((call) => call.path.slice(TRACKING_ENDPOINTS.feedActivity.length + 1) as FeedActivityName);
    expect(new Set(names).size).toBe(8);
    calls.forEach((call, index) => expect(valid(names[index], call.body)).toEqual(call.body));
    expect(calls[5].body).toEqual({ obj: 7, notes: { source: 'website', place: 'bookmarks', index: 2 } });
  });

  it('copies rid and utat from the page address, and marks Earn Credits with surfex=1', () => {
    const call = feedActivityCall('post_view', 9, { seen: 5, time: 0 }, 'surf', '?rid=abc&utat=spring&x=1', noPage);
    expect(valid('post_view', call.body)).toEqual({
      obj: 9,
      notes: { source: 'website', place: 'surf', rid: 'abc', utat: 'spring', surfex: 1, seen: 5, time: 0 },
    });
    expect(commonNotesOf('feed', '?rid=abc', noPage)).toEqual({ source: 'website', place: 'feed', rid: 'abc' });
  });

  it('names the visit and page view the event happened in, when the page view is recorded', () => {
    const call = feedActivityCall('post_view', 9, { seen: 10, time: 2000 }, 'feed', '', page);
    expect(valid('post_view', call.body).notes).toEqual({
      source: 'website',
      place: 'feed',
      visit: 'visit-0001',
      page: 'page-0001',
      seen: 10,
      time: 2000,
    });
    expect(commonNotesOf('feed', '', { visitId: 'visit-0001', pageId: null })).toEqual({
      source: 'website',
      place: 'feed',
      visit: 'visit-0001',
    });
  });

  it('keeps an over-long or unstorable rid acceptable to the server', () => {
    const call = feedActivityCall('clickSeeMore', 9, {}, 'feed', `?rid=${'r'.repeat(500)}&utat=a%00b%F0%9F%98%80`, noPage);
    const parsed = valid('clickSeeMore', call.body);
    expect(parsed.notes.rid).toHaveLength(100);
    expect(parsed.notes.utat).toBe('ab😀');
  });
});
