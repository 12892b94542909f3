import { randomBytes } from 'node:crypto';
import { TRACKING_ENDPOINTS, type FeedActivity } from '../../shared/tracking/tracking.js';
import { TrackingWriter } from '../../server/src/tracking/tracking-writer.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import { createPost } from '../support/surf-fixtures.js';
import { actAs, addTeamMember, createTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

// The tick is a minute: a batch is written when the test flushes it.
const testApp = useTestApp({ tracking: { bufferMax: 50_000, flushMs: 60_000, retentionDays: 90 } });
const { db } = testApp;

const flush = () => testApp.app.get(TrackingWriter).flush();

function postView(obj: number): FeedActivity<'post_view'> {
  return { obj, notes: { source: 'website', place: 'feed', seen: 10, time: 2000, visit: randomBytes(12).toString('base64url') } };
}

async function viewed(pid: number): Promise<void> {
  const { status } = await new TestBrowser(testApp.baseUrl).post(`${TRACKING_ENDPOINTS.feedActivity}/post_view`, postView(pid));
  expect(status).toBe(200);
}

describe('live counts of a team post', () => {
  it('reach every team tab of the team’s members, not their personal tabs; a personal post’s counts the reverse', async () => {
    const [owner, analyst]: TestMember[] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const team = await createTeam(owner);
    await addTeamMember(db, owner, team.id, analyst, 'analyst');
    const personal = await createPost(owner.browser);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser);
    const [analystTeamTab, ownerTeamTab, ownerPlainTab] = await Promise.all([
      connectSocket(testApp.baseUrl, analyst.browser, { teamId: team.id }),
      connectSocket(testApp.baseUrl, owner.browser, { teamId: team.id }),
      connectSocket(testApp.baseUrl, owner.browser),
    ]);

    await viewed(post.pid);
    await viewed(personal.post.pid);
    await flush();

    const teamCounts = [{ pid: post.pid, seen: 1, viewed: 1, linkClicks: 0, profileViews: 0 }];
    for (const teamTab of [analystTeamTab, ownerTeamTab]) {
      expect(await teamTab.next('stats:counted')).toEqual([{ posts: teamCounts }]);
      await teamTab.expectNo('stats:counted');
    }
    expect(await ownerPlainTab.next('stats:counted')).toEqual([
      { posts: [{ pid: personal.post.pid, seen: 1, viewed: 1, linkClicks: 0, profileViews: 0 }] },
    ]);
    await ownerPlainTab.expectNo('stats:counted');
  });
});
