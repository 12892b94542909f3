import { MemberCache } from '../../server/src/sessions/member-cache.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { comment, feedOf, follow, postBy } from '../support/social-fixtures.js';
import { StatementCounter } from '../support/statement-counter.js';
import { claimWithNext, grantCredits, nextTicket, promotedPost, surfer, type ClaimAck } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * Round trips to PostgreSQL (every statement the app's pool sends, BEGIN and COMMIT included)
 * of the calls every member makes all the time. A change that adds one fails here: lower a
 * budget when a call needs fewer, raise one only with a reason in docs/performance.md.
 */
const BUDGET = {
  /** Settings and announcements are cached in memory: nothing to read. */
  visitorStart: 0,
  /** Session, member, notifications and teams are all cached. */
  memberStart: 0,
  /** After the member's own write: their user row and notification summary are read again. */
  memberStartAfterWrite: 2,
  /** Nothing cached (a process just started, or the member quiet past the cache's minute): the session touched with its member, notifications, teams. */
  memberStartCold: 3,
  /** `surf_claim` settles the view and offers the next post in one statement (its own transaction). */
  surfClaimWithNext: 1,
  /** The page's entries, then their first comments. */
  homeFeedPage: 2,
  /** The same with nothing cached: the session touched with its member first. */
  homeFeedPageCold: 3,
};

/** Each call is measured this many times and the fewest count kept: a job's timer firing mid-call cannot raise it. */
const RUNS = 3;

const testApp = useSurfTestApp();
const { db } = testApp;
let counter: StatementCounter;

beforeAll(() => {
  counter = new StatementCounter(testApp.app);
});

/**
 * Empties every entry the app keeps of members, as after a restart or a minute of the member's
 * silence, with the session last seen over a minute ago (so its sliding expiry is due).
 */
async function idleMember(member: TestMember): Promise<void> {
  await db.query(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1`, [member.id]);
  // The change's NOTIFY reaches the app's cache before it is emptied, not during the measured call.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cache = testApp.app.get(MemberCache);
  for (const entries of [cache.sessions, cache.users, cache.notifications, cache.dismissals, cache.teams, cache.memberTeams])
    entries.clear();
}

function expectWithin(measured: { statements: string[] }, budget: number): void {
  // The statements' beginnings in the failure, so it says which one is new.
  const statements = measured.statements.map((text) => text.slice(0, 120));
  expect({ count: statements.length, statements }).toEqual({ count: budget, statements });
}

describe('round trips to PostgreSQL of the hot calls', () => {
  it('GET /data/start for a visitor', async () => {
    const visitor = new TestBrowser(testApp.baseUrl);
    const measured = await counter.fewest(RUNS, async () => () => visitor.get<StartAnswer>('/data/start'));
    expect(measured.result.status).toBe(200);
    expectWithin(measured, BUDGET.visitorStart);
  });

  it('GET /data/start for a signed-in member: cached, after their own write, and cold', async () => {
    const member = await signUp(testApp.baseUrl);
    const start = () => member.browser.get<StartAnswer>('/data/start');
    const cached = await counter.fewest(RUNS, async () => start);
    expect(cached.result.body.data!.user!.id).toBe(member.id);
    expectWithin(cached, BUDGET.memberStart);

    const afterWrite = await counter.fewest(RUNS, async () => {
      await member.browser.post('/data/notifications/read-all');
      return start;
    });
    expect(afterWrite.result.body.data!.user!.id).toBe(member.id);
    expectWithin(afterWrite, BUDGET.memberStartAfterWrite);

    const cold = await counter.fewest(RUNS, async () => {
      await idleMember(member);
      return start;
    });
    expect(cold.result.body.data!.user!.id).toBe(member.id);
    expectWithin(cold, BUDGET.memberStartCold);
  });

  it('one surf claim that asks for the next post, as the surf bar sends it', async () => {
    const alice = await signUp(testApp.baseUrl);
    await grantCredits(db, alice.id, 100);
    for (let i = 0; i < RUNS + 1; i++) await promotedPost(alice, 3);
    const bob = await surfer(testApp.baseUrl);
    let ticketId = (await nextTicket(bob.browser, bob.tab)).ticketId;
    const measured = await counter.fewest(RUNS, async () => {
      const claimed = ticketId;
      return async () => {
        const answer: ClaimAck = await claimWithNext(bob.tab, claimed);
        if ('data' in answer && answer.data.next?.ticket) ticketId = answer.data.next.ticket.id;
        return answer;
      };
    });
    expect(measured.result).toMatchObject({
      data: { outcome: 'credited', credited: 1, next: { ticket: { id: expect.any(String) } } },
    });
    expectWithin(measured, BUDGET.surfClaimWithNext);
  });

  it('one page of the home feed, with comments: cached and cold', async () => {
    const [reader, writer] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    await follow(db, reader.id, writer.id);
    for (let i = 0; i < 3; i++) await comment(writer.browser, await postBy(writer.browser), `first thoughts ${i}`);
    const page = () => feedOf(reader.browser, { kind: 'home' });

    const cached = await counter.fewest(RUNS, async () => page);
    expect(cached.result.body.data!.entries).toHaveLength(3);
    expect(cached.result.body.data!.entries.map((entry) => entry.comments.length)).toEqual([1, 1, 1]);
    expectWithin(cached, BUDGET.homeFeedPage);

    const cold = await counter.fewest(RUNS, async () => {
      await idleMember(reader);
      return page;
    });
    expect(cold.result.body.data!.entries).toHaveLength(3);
    expectWithin(cold, BUDGET.homeFeedPageCold);
  });
});
