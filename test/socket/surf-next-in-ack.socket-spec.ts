import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '../../shared/campaigns/campaigns.js';
import type { SurfClaimAnswer, SurfNextAnswer } from '../../shared/surf/surf.js';
import { signUp } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import {
  balanceOf,
  campaignCall,
  claim,
  claimWithNext,
  type ClaimAck,
  humanClick,
  ledgerRowsOfCampaign,
  nextTicket,
  openTickets,
  promotedPost,
  refusal,
  storedCampaign,
  surfer,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/**
 * The surf bar's one-trip step: a claim with `next: true` is settled (credited or not) and
 * answers the next post with its ticket, both in one transaction, so no POST next in between.
 */
const testApp = useSurfTestApp({ socketEventsPerWindow: 1000 });
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const newSurfer = () => surfer(testApp.baseUrl);

/** The answer of an ack that must be settled ({ data }) and carry a next post. */
function settled(answer: ClaimAck): SurfClaimAnswer & { next: SurfNextAnswer } {
  if (!('data' in answer) || !answer.data.next)
    throw new Error(`expected a settled claim with a next post, got ${JSON.stringify(answer)}`);
  return answer.data as SurfClaimAnswer & { next: SurfNextAnswer };
}

async function viewsEarned(userId: number): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM credit_ledger WHERE account = 'user' AND user_id = $1 AND kind = 'view_earned'`,
    [userId],
  );
  return rows[0].n;
}

describe('the next post in the claim acknowledgement', () => {
  it('a credited claim answers the next post; its ticket is claimable on the same tab, and so on until nothing is left', async () => {
    const alice = await member();
    const pids = [await promotedPost(alice, 3), await promotedPost(alice, 3), await promotedPost(alice, 3)];
    const bob = await newSurfer();
    const first = await nextTicket(bob.browser, bob.tab);

    const before = Date.now();
    const one = settled(await claimWithNext(bob.tab, first.ticketId));
    expect(one).toMatchObject({ outcome: 'credited', credited: 1, cc: SIGNUP_BONUS_CREDITS + 1, message: 'Credit earned!' });
    const { next } = one;
    expect(next.ticket!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.ticket!.id).not.toBe(first.ticketId);
    expect(next.ticket!.issuedAt).toBeGreaterThan(before - 5000);
    expect(next.ticket!.issuedAt).toBeLessThan(Date.now() + 5000);
    expect(next.post!.pid).not.toBe(first.pid);
    expect(pids).toContain(next.post!.pid);
    expect(next.post!.author).toMatchObject({ id: alice.id, username: alice.username });
    expect(next.emptyReason).toBeNull();
    expect(next.data).toEqual({
      posts: [{ pid: next.post!.pid, viewed: false }],
      timer: 0,
      m1: expect.stringMatching(/countdown/i),
      codes: null,
      challengeImage: null,
      message: null,
    });
    // The same post as POST next would show.
    const { body } = await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    expect(body.data!.map((item) => item.post)).toContainEqual(next.post);
    expect(await openTickets(db, bob.id)).toEqual([[next.ticket!.id, bob.tab.id]]);

    const two = settled(await claimWithNext(bob.tab, next.ticket!.id));
    expect(two).toMatchObject({ credited: 1, cc: SIGNUP_BONUS_CREDITS + 2 });
    const three = settled(await claimWithNext(bob.tab, two.next.ticket!.id));
    expect(three).toMatchObject({ credited: 1, cc: SIGNUP_BONUS_CREDITS + 3 });
    expect(new Set([first.pid, next.post!.pid, two.next.post!.pid])).toEqual(new Set(pids));
    // Every post was viewed today: the last ack says so, as POST next would, and when the first
    // of them can be shown again (24 hours after its credit).
    expect(three.next).toMatchObject({
      ticket: null,
      post: null,
      emptyReason: 'no_posts',
      data: { posts: [], message: expect.stringMatching(/every post you can view/i) },
    });
    const { rows } = await db.query(
      `SELECT floor(extract(epoch FROM min(claimed_at) + interval '24 hours') * 1000)::float8 AS ms FROM view_tickets WHERE viewer_id = $1`,
      [bob.id],
    );
    expect(three.next!.nextAt).toBe(rows[0].ms);
    expect(await openTickets(db, bob.id)).toEqual([]);

    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 3);
    for (const pid of pids) {
      expect(await storedCampaign(db, pid)).toMatchObject({ credits: 2, viewsTotal: 1, viewsToday: 1 });
      expect(await ledgerRowsOfCampaign(db, pid)).toContainEqual(['user', 'view_earned', 1, bob.id]);
    }
  });

  it('the new credit count still reaches every tab, and the ack without next: true stays as it was', async () => {
    const alice = await member();
    await promotedPost(alice, 3);
    await promotedPost(alice, 3);
    const bob = await newSurfer();
    const otherTab = await connectSocket(testApp.baseUrl, bob.browser);
    const first = await nextTicket(bob.browser, bob.tab);
    const { next } = settled(await claimWithNext(bob.tab, first.ticketId));
    const [live] = await otherTab.next('live:data', undefined, (data) => data.cc !== undefined);
    expect(live.cc).toBe(SIGNUP_BONUS_CREDITS + 1);
    // The other tab was not told of a replaced ticket: nothing was replaced.
    await otherTab.expectNo('surf:replaced');
    expect(await claim(bob.tab, next.ticket!.id)).toEqual({
      data: {
        outcome: 'credited',
        credited: 1,
        cc: SIGNUP_BONUS_CREDITS + 2,
        message: 'Credit earned!',
        today: expect.objectContaining({ earnedToday: 2 }),
      },
    });
  });

  it('a claim closed without credit answers the next post too, and leaves the ledger, the balances and the tickets consistent', async () => {
    const alice = await member();
    const emptied = await promotedPost(alice, 2);
    const bob = await newSurfer();
    const first = await nextTicket(bob.browser, bob.tab);
    expect(first.pid).toBe(emptied);
    const other = await promotedPost(alice, 2);
    await campaignCall(alice.browser, emptied, 'withdraw', { amount: 2 });

    const uncredited = settled(await claimWithNext(bob.tab, first.ticketId));
    expect(uncredited).toMatchObject({
      outcome: 'out_of_credits',
      credited: 0,
      cc: SIGNUP_BONUS_CREDITS,
      message: expect.stringMatching(/ran out of credits/),
    });
    expect(uncredited.next.post!.pid).toBe(other);
    expect(await ticketStatus(db, first.ticketId)).toBe('uncredited');
    expect(await openTickets(db, bob.id)).toEqual([[uncredited.next.ticket!.id, bob.tab.id]]);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await storedCampaign(db, emptied)).toMatchObject({ credits: 0, viewsTotal: 0 });
    expect(await ledgerRowsOfCampaign(db, emptied)).not.toContainEqual(expect.arrayContaining(['view_earned']));

    // A refusal answered as { error } carries no post and leaves the open ticket alone.
    const otherTab = await connectSocket(testApp.baseUrl, bob.browser);
    expect(await claimWithNext(otherTab, uncredited.next.ticket!.id)).toEqual({
      error: { code: 'other_tab', message: 'This view belongs to another tab or window. Please continue there.' },
    });
    expect(await claimWithNext(bob.tab, first.ticketId)).toEqual({
      error: { code: 'closed_without_credit', message: 'This view cannot be counted any more.' },
    });
    expect(await openTickets(db, bob.id)).toEqual([[uncredited.next.ticket!.id, bob.tab.id]]);

    const credited = settled(await claimWithNext(bob.tab, uncredited.next.ticket!.id));
    expect(credited).toMatchObject({ credited: 1, cc: SIGNUP_BONUS_CREDITS + 1 });
    expect(credited.next.ticket).toBeNull();
    expect(await storedCampaign(db, other)).toMatchObject({ credits: 1, viewsTotal: 1 });
  });

  it('100 claims of one ticket asking for the next post at once: one credit, one next ticket, 99 refusals', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 5);
    await promotedPost(alice, 5);
    const bob = await newSurfer();
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    const telemetry = humanClick();

    const answers = await Promise.all(Array.from({ length: 100 }, () => claimWithNext(bob.tab, ticketId, telemetry)));
    const credited = answers.filter((answer) => 'data' in answer && answer.data.credited === 1).map(settled);
    const refusals = answers.filter((answer) => 'error' in answer).map(refusal);
    expect(credited).toHaveLength(1);
    expect(new Set(refusals.map(({ code }) => code))).toEqual(new Set(['already_counted']));
    expect(refusals).toHaveLength(99);

    expect(await openTickets(db, bob.id)).toEqual([[credited[0].next.ticket!.id, bob.tab.id]]);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 4, viewsTotal: 1 });
    expect(await viewsEarned(bob.id)).toBe(1);
    expect((await ledgerRowsOfCampaign(db, pid)).filter(([, kind]) => kind.startsWith('view'))).toHaveLength(2);
    expect(settled(await claimWithNext(bob.tab, credited[0].next.ticket!.id))).toMatchObject({
      credited: 1,
      cc: SIGNUP_BONUS_CREDITS + 2,
    });
  });
});
