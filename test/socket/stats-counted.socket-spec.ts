import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { TRACKING_ENDPOINTS, type FeedActivity, type FeedActivityName } from '../../shared/tracking/tracking.js';
import { RealtimeService } from '../../server/src/realtime/realtime.service.js';
import { TrackingWriter } from '../../server/src/tracking/tracking-writer.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { postBy } from '../support/social-fixtures.js';
import { connectSocket } from '../support/socket-client.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

// The tick is a minute: a batch is written when the test flushes it.
const testApp = useTestApp({ tracking: { bufferMax: 50_000, flushMs: 60_000, retentionDays: 90 } });
const { db } = testApp;

const tab = (member: TestMember) => connectSocket(testApp.baseUrl, member.browser);
const id = () => randomBytes(12).toString('base64url');
const flush = () => testApp.app.get(TrackingWriter).flush();

function postView(obj: number, seen: 5 | 10, visit: string): FeedActivity<'post_view'> {
  return { obj, notes: { source: 'website', place: 'feed', seen, time: seen === 10 ? 2000 : 0, visit } };
}

async function send(name: FeedActivityName, payload: unknown): Promise<void> {
  const { status } = await new TestBrowser(testApp.baseUrl).post(`${TRACKING_ENDPOINTS.feedActivity}/${name}`, payload);
  expect(status).toBe(200);
}

describe('live counts of a post', () => {
  it("reach the owner's tabs once per batch with what it added, and no other member's", async () => {
    const [owner, other] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const [pid, second, othersPid] = [await postBy(owner.browser), await postBy(owner.browser), await postBy(other.browser)];
    const [ownerTab1, ownerTab2, otherTab] = await Promise.all([tab(owner), tab(owner), tab(other)]);
    const visit = id();

    await send('post_view', postView(pid, 5, visit));
    await send('post_view', postView(pid, 10, visit));
    await send('post_view', postView(pid, 10, visit));
    await send('post_link_click', { obj: second, notes: { source: 'website', url: 'https://a.example/', post: second, visit } });
    await send('playVideo', { obj: pid, notes: { source: 'website', visit } });
    await flush();

    const expected = [
      { pid, seen: 1, viewed: 1, linkClicks: 0, profileViews: 0 },
      { pid: second, seen: 1, viewed: 0, linkClicks: 1, profileViews: 0 },
    ];
    for (const ownerTab of [ownerTab1, ownerTab2]) {
      const [change] = await ownerTab.next('stats:counted');
      expect(change.posts).toEqual(expect.arrayContaining(expected));
      expect(change.posts).toHaveLength(2);
      await ownerTab.expectNo('stats:counted');
    }
    await otherTab.expectNo('stats:counted');

    // The same visit again adds nothing: no push. Another member's post goes to that member only.
    await send('post_view', postView(pid, 10, visit));
    await send('post_view', postView(othersPid, 10, visit));
    await flush();
    expect(await otherTab.next('stats:counted')).toEqual([
      { posts: [{ pid: othersPid, seen: 1, viewed: 1, linkClicks: 0, profileViews: 0 }] },
    ]);
    await ownerTab1.expectNo('stats:counted');
  });

  it('a push that fails leaves the batch written, and it is not written again', async () => {
    const owner = await signUp(testApp.baseUrl);
    const pid = await postBy(owner.browser);
    const realtime = testApp.app.get(RealtimeService);
    const failing = jest.spyOn(realtime, 'sendToRoom').mockImplementation(() => {
      throw new Error('the socket server is gone');
    });
    try {
      await send('post_view', postView(pid, 10, id()));
      await flush();
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    const writer = testApp.app.get(TrackingWriter);
    expect(writer.size).toBe(0);
    await flush();
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM feed_events WHERE post_id = $1) AS events,
         (SELECT sum(viewed)::int FROM post_stats_hourly WHERE post_id = $1) AS viewed`,
      [pid],
    );
    expect(rows).toEqual([{ events: 1, viewed: 1 }]);
  });
});
