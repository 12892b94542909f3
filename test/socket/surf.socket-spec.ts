import { randomUUID } from 'node:crypto';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '../../shared/campaigns/campaigns.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { LANGUAGE_NAMES } from '../../shared/constants/languages.js';
import { SURF_ENDPOINTS, type RotatorAnswer } from '../../shared/surf/surf.js';
import { logIn, signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, type TestSocket } from '../support/socket-client.js';
import {
  assignCredits,
  balanceOf,
  campaignCall,
  claim,
  createPost,
  creditedClaim,
  humanClick,
  ledgerRowsOfCampaign,
  nextTicket,
  promotedPost,
  refusal,
  sendClaim,
  storedCampaign,
  surfer,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

// A socket event limit high enough for 100 claims at once (the limit has tests of its own).
const testApp = useSurfTestApp({ socketEventsPerWindow: 1000 });
const { db } = testApp;

const NO_POSTS = /no posts for you to view right now: nobody else is promoting/i;
const SEEN_EVERY_POST = /seen every post you can view for now/i;
const member = () => signUp(testApp.baseUrl);
const newSurfer = () => surfer(testApp.baseUrl);
const tab = (m: TestMember) => connectSocket(testApp.baseUrl, m.browser);

/** Nothing is offered; `later`: a post on offer becomes viewable to them again later, and when. */
async function expectNothingOffered(m: TestMember, socket: TestSocket, later = false): Promise<number | null> {
  const { status, body } = await surfNext(m.browser, socket);
  expect(status).toBe(200);
  expect(body.data).toMatchObject({
    ticket: null,
    post: null,
    emptyReason: 'no_posts',
    nextAt: later ? expect.any(Number) : null,
    data: { posts: [], codes: null, challengeImage: null, message: expect.stringMatching(later ? SEEN_EVERY_POST : NO_POSTS) },
  });
  return body.data!.nextAt;
}

const viewsEarned = async (userId: number) =>
  (
    await db.query(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE account = 'user' AND user_id = $1 AND kind = 'view_earned'`,
      [userId],
    )
  ).rows[0].n;

describe('earning a credit', () => {
  it("B is offered A's post, and a claim after the countdown credits B and debits A's campaign in one go", async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser, { text: 'Visit my page', link: 'https://example.com/' });
    await assignCredits(alice.browser, post.pid, 10);
    const bob = await newSurfer();

    const before = Date.now();
    const { status, body } = await surfNext(bob.browser, bob.tab);
    expect(status).toBe(200);
    const answer = body.data!;
    expect(answer.post).toEqual(post);
    expect(answer.data).toEqual({
      posts: [{ pid: post.pid, viewed: false }],
      timer: 0,
      m1: expect.stringMatching(/countdown/i),
      codes: null,
      challengeImage: null,
      message: null,
    });
    expect(answer.emptyReason).toBeNull();
    expect(answer.ticket!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.ticket!.issuedAt).toBeGreaterThan(before - 5000);
    expect(answer.ticket!.issuedAt).toBeLessThan(Date.now() + 5000);

    const confirmed = await claim(bob.tab, answer.ticket!.id);
    expect(confirmed).toEqual({
      data: {
        outcome: 'credited',
        credited: 1,
        cc: SIGNUP_BONUS_CREDITS + 1,
        message: 'Credit earned!',
        today: expect.objectContaining({ earnedToday: 1 }),
      },
    });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect(await balanceOf(db, alice.id)).toBe(0);
    expect(await storedCampaign(db, post.pid)).toMatchObject({ credits: 9, viewsTotal: 1, viewsToday: 1 });
    expect(await ticketStatus(db, answer.ticket!.id)).toBe('claimed');

    // Alice's campaign list shows the view.
    const mine = await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    expect(mine.body.data![0]).toMatchObject({
      credits: 9,
      viewsToday: 1,
      viewsTotal: 1,
      status: 'active',
      lastViewAt: expect.any(String),
    });
  });

  it('the new credit count reaches every tab of the viewer at once, and no other member', async () => {
    const alice = await member();
    await promotedPost(alice, 3);
    const aliceTab = await tab(alice);
    const bob = await newSurfer();
    const bobOtherTab = await tab(bob);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);

    const hasCc = (live: { cc?: number }) => live.cc !== undefined;
    const [[first], [second]] = await Promise.all([
      bob.tab.next('live:data', undefined, hasCc),
      bobOtherTab.next('live:data', undefined, hasCc),
    ]);
    expect(first.cc).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect(second.cc).toBe(SIGNUP_BONUS_CREDITS + 1);
    await aliceTab.expectNo('live:data', undefined, hasCc);
  });

  it('rotates fairly: two viewers in a row are offered two different campaigns', async () => {
    const alice = await member();
    const first = await promotedPost(alice, 2);
    const second = await promotedPost(alice, 2);
    const bob = await newSurfer();
    const carol = await newSurfer();
    const offered = [(await nextTicket(bob.browser, bob.tab)).pid, (await nextTicket(carol.browser, carol.tab)).pid];
    expect(offered.sort()).toEqual([first, second].sort());
  });
});

describe('what is offered', () => {
  it('a member is never offered their own post', async () => {
    const alice = await newSurfer();
    const own = await promotedPost(alice, 5);
    await expectNothingOffered(alice, alice.tab);

    const bob = await member();
    const bobs = await promotedPost(bob, 5);
    for (let i = 0; i < 4; i++) {
      const { pid } = await nextTicket(alice.browser, alice.tab);
      expect(pid).toBe(bobs);
      expect(pid).not.toBe(own);
    }
  });

  it('a post surfed once is not offered to the same member again within 24 hours, but is to others, and after a day again', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 5);
    const bob = await newSurfer();
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);
    // The surf bar is told when the post can be shown again: a day after the credit.
    const { rows } = await db.query(
      `SELECT floor(extract(epoch FROM claimed_at + interval '24 hours') * 1000)::float8 AS ms FROM view_tickets WHERE id = $1`,
      [ticketId],
    );
    expect(await expectNothingOffered(bob, bob.tab, true)).toBe(rows[0].ms);
    expect(await expectNothingOffered(bob, bob.tab, true)).toBe(rows[0].ms);

    const carol = await newSurfer();
    expect((await nextTicket(carol.browser, carol.tab)).pid).toBe(pid);

    // 25 hours later, Bob may view it again.
    await db.query(`UPDATE view_tickets SET claimed_at = claimed_at - interval '25 hours' WHERE id = $1`, [ticketId]);
    expect((await nextTicket(bob.browser, bob.tab)).pid).toBe(pid);
  });

  it('paused, out-of-credit and deleted campaigns are not offered', async () => {
    const alice = await member();
    const paused = await promotedPost(alice, 3);
    await campaignCall(alice.browser, paused, 'pause');
    await createPost(alice.browser); // never given credits
    const emptied = await promotedPost(alice, 2);
    await campaignCall(alice.browser, emptied, 'withdraw', { amount: 2 });
    const deleted = await promotedPost(alice, 2);
    await alice.browser.delete(`${CAMPAIGN_ENDPOINTS.post}/${deleted}`);

    const bob = await newSurfer();
    await expectNothingOffered(bob, bob.tab);

    await campaignCall(alice.browser, paused, 'resume');
    expect((await nextTicket(bob.browser, bob.tab)).pid).toBe(paused);
  });

  it('a campaign that runs out of credits stops and notifies its owner', async () => {
    const alice = await member();
    const aliceTab = await tab(alice);
    const pid = await promotedPost(alice, 1, { text: 'Handmade mugs for the whole family\nNow in blue' });
    const bob = await newSurfer();
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 0, viewsTotal: 1 });

    const [notification] = await aliceTab.next('notification:new');
    expect(notification).toMatchObject({
      type: 'campaign_out_of_credits',
      heading: 'Campaign out of credits',
      link: '/home/yourPosts',
      read: false,
    });
    // The notice names the post by its first line.
    expect(notification.body).toContain('“Handmade mugs for the whole family”');
    const { rows } = await db.query(`SELECT type FROM notifications WHERE user_id = $1`, [alice.id]);
    expect(rows).toEqual([{ type: 'campaign_out_of_credits' }]);
    expect((await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts)).body.data![0]).toMatchObject({
      credits: 0,
      status: 'out_of_credits',
      viewsTotal: 1,
    });

    const carol = await newSurfer();
    await expectNothingOffered(carol, carol.tab);
    // Bob is not told anything of the kind.
    await bob.tab.expectNo('notification:new');
  });

  it('a view whose campaign was emptied or deleted while it was watched pays nothing', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 2);
    const bob = await newSurfer();
    const first = await nextTicket(bob.browser, bob.tab);
    await campaignCall(alice.browser, pid, 'withdraw', { amount: 2 });
    const answer = await claim(bob.tab, first.ticketId);
    expect(answer).toEqual({
      data: {
        outcome: 'out_of_credits',
        credited: 0,
        cc: SIGNUP_BONUS_CREDITS,
        message: expect.stringMatching(/ran out of credits/),
        today: expect.objectContaining({ earnedToday: 0 }),
      },
    });
    expect(await ticketStatus(db, first.ticketId)).toBe('uncredited');

    const other = await promotedPost(alice, 2);
    const second = await nextTicket(bob.browser, bob.tab);
    expect(second.pid).toBe(other);
    await alice.browser.delete(`${CAMPAIGN_ENDPOINTS.post}/${other}`);
    const late = await claim(bob.tab, second.ticketId);
    expect(late).toMatchObject({ data: { outcome: 'out_of_credits', credited: 0 } });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('a view whose campaign was paused or reached its views for the day while it was watched pays nothing, and says why', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 5);
    expect((await campaignCall(alice.browser, pid, 'settings', { dailyViewCap: 1 })).status).toBe(200);
    const [bob, carol, dave] = [await newSurfer(), await newSurfer(), await newSurfer()];
    const tickets = [
      await nextTicket(bob.browser, bob.tab),
      await nextTicket(carol.browser, carol.tab),
      await nextTicket(dave.browser, dave.tab),
    ];
    expect(tickets.map((ticket) => ticket.pid)).toEqual([pid, pid, pid]);

    await creditedClaim(carol.tab, tickets[1].ticketId);
    expect(await claim(bob.tab, tickets[0].ticketId)).toEqual({
      data: {
        outcome: 'views_cap',
        credited: 0,
        cc: SIGNUP_BONUS_CREDITS,
        message: expect.stringMatching(/reached its views for today/),
        today: expect.objectContaining({ earnedToday: 0 }),
      },
    });
    await campaignCall(alice.browser, pid, 'settings', { dailyViewCap: null });
    await campaignCall(alice.browser, pid, 'pause');
    expect(await claim(dave.tab, tickets[2].ticketId)).toEqual({
      data: {
        outcome: 'paused',
        credited: 0,
        cc: SIGNUP_BONUS_CREDITS,
        message: expect.stringMatching(/paused this campaign/),
        today: expect.objectContaining({ earnedToday: 0 }),
      },
    });
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 4, viewsTotal: 1 });
    expect([await ticketStatus(db, tickets[0].ticketId), await ticketStatus(db, tickets[2].ticketId)]).toEqual([
      'uncredited',
      'uncredited',
    ]);
  });

  it('the rotator languages choose which posts are offered; unknown codes are refused', async () => {
    const alice = await member();
    const english = await promotedPost(alice, 3, { language: 'en' });
    const german = await promotedPost(alice, 3, { language: 'de' });
    const bob = await newSurfer();

    const initial = await bob.browser.get<RotatorAnswer>(SURF_ENDPOINTS.rotator);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({ languages: LANGUAGE_NAMES, selected: [], myTags: false, followedTags: [] });

    const saved = await bob.browser.put<RotatorAnswer>(SURF_ENDPOINTS.rotator, { languages: ['de', 'de'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.selected).toEqual(['de']);
    expect((await bob.browser.get<RotatorAnswer>(SURF_ENDPOINTS.rotator)).body.data!.selected).toEqual(['de']);

    for (let i = 0; i < 3; i++) expect((await nextTicket(bob.browser, bob.tab)).pid).toBe(german);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);
    await expectNothingOffered(bob, bob.tab, true); // the English post is not in Bob's languages; the German ones come back tomorrow

    const refused: unknown[] = [
      ['xx'],
      ['en', 'zz'],
      ['e'],
      ['toolong'],
      'en',
      [1],
      Array.from({ length: 31 }, () => 'en'),
      null,
    ];
    for (const languages of refused) {
      const { status } = await bob.browser.put(SURF_ENDPOINTS.rotator, { languages });
      expect([languages, status]).toEqual([languages, 400]);
    }
    const unknown = await bob.browser.put(SURF_ENDPOINTS.rotator, { languages: ['en', 'xx'] });
    expect(unknown.body.errors).toEqual([
      { code: 'validation', field: 'languages', heading: 'Invalid languages', message: 'Unknown language: xx.' },
    ]);
    expect((await bob.browser.get<RotatorAnswer>(SURF_ENDPOINTS.rotator)).body.data!.selected).toEqual(['de']);

    // No choice means every language.
    await bob.browser.put(SURF_ENDPOINTS.rotator, { languages: [] });
    expect((await nextTicket(bob.browser, bob.tab)).pid).toBe(english);
  });
});

describe('cheats the server refuses', () => {
  it('the same ticket claimed twice is credited once', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 5);
    const bob = await newSurfer();
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);
    expect(refusal(await claim(bob.tab, ticketId))).toEqual({
      code: 'already_counted',
      message: 'This view has already been counted.',
    });
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect((await storedCampaign(db, pid)).credits).toBe(4);
  });

  it('100 claims of one ticket sent at once are credited exactly once', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 10);
    const bob = await newSurfer();
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    const telemetry = humanClick();

    const answers = await Promise.all(Array.from({ length: 100 }, () => claim(bob.tab, ticketId, telemetry)));
    const credited = answers.filter((answer) => 'data' in answer && answer.data.credited === 1);
    const refusals = answers.filter((answer) => 'error' in answer).map(refusal);
    expect(credited).toHaveLength(1);
    expect(refusals).toHaveLength(99);
    expect(new Set(refusals.map(({ code }) => code))).toEqual(new Set(['already_counted']));

    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 9, viewsTotal: 1 });
    expect(await viewsEarned(bob.id)).toBe(1);
    expect((await ledgerRowsOfCampaign(db, pid)).filter(([, kind]) => kind.startsWith('view'))).toHaveLength(2);
  });

  it('viewers claiming at once cannot take more credits than the campaign has; its owner is told once', async () => {
    const alice = await member();
    const aliceTab = await tab(alice);
    const pid = await promotedPost(alice, 3);
    const viewers = await Promise.all(Array.from({ length: 6 }, () => newSurfer()));
    const tickets: Awaited<ReturnType<typeof nextTicket>>[] = [];
    for (const viewer of viewers) tickets.push(await nextTicket(viewer.browser, viewer.tab));
    expect(new Set(tickets.map((ticket) => ticket.pid))).toEqual(new Set([pid]));

    const answers = await Promise.all(viewers.map((viewer, i) => claim(viewer.tab, tickets[i].ticketId)));
    const credited = answers.filter((answer) => 'data' in answer && answer.data.credited === 1);
    expect(credited).toHaveLength(3);
    for (const answer of answers) {
      if ('data' in answer && answer.data.credited === 0) {
        expect(answer.data).toMatchObject({ outcome: 'out_of_credits', message: expect.stringMatching(/ran out of credits/) });
      }
    }
    expect(await storedCampaign(db, pid)).toMatchObject({ credits: 0, viewsTotal: 3 });
    const balances = await Promise.all(viewers.map((viewer) => balanceOf(db, viewer.id)));
    expect(balances.filter((b) => b === SIGNUP_BONUS_CREDITS + 1)).toHaveLength(3);
    await aliceTab.next('notification:new', undefined, (item) => item.type === 'campaign_out_of_credits');
    await aliceTab.expectNo('notification:new');
    expect((await db.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1`, [alice.id])).rows[0].n).toBe(1);
  });

  it("a claim of another member's ticket is refused and does not spoil it for its owner", async () => {
    const alice = await member();
    await promotedPost(alice, 5);
    const bob = await newSurfer();
    const mallory = await newSurfer();
    const { ticketId } = await nextTicket(bob.browser, bob.tab);

    expect(refusal(await claim(mallory.tab, ticketId))).toEqual({ code: 'not_yours', message: 'This view is not yours.' });
    expect(await balanceOf(db, mallory.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await ticketStatus(db, ticketId)).toBe('open');
    await creditedClaim(bob.tab, ticketId);
    // And once counted, it is still not Mallory's.
    expect(refusal(await claim(mallory.tab, ticketId)).code).toBe('not_yours');
  });

  it('a claim from another connection of the same member (another tab, another device) is refused', async () => {
    const alice = await member();
    await promotedPost(alice, 5);
    const bob = await newSurfer();
    const otherTab = await tab(bob);
    const laptop = new TestBrowser(testApp.baseUrl);
    expect((await logIn(laptop, bob.username, bob.password)).status).toBe(200);
    const laptopTab = await connectSocket(testApp.baseUrl, laptop);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);

    for (const socket of [otherTab, laptopTab]) {
      expect(refusal(await claim(socket, ticketId))).toEqual({
        code: 'other_tab',
        message: 'This view belongs to another tab or window. Please continue there.',
      });
    }
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
    await creditedClaim(bob.tab, ticketId);
  });

  it('a ticket id that was never issued, a malformed claim, or a forged post id gets nothing', async () => {
    const alice = await member();
    const paying = await promotedPost(alice, 5);
    const bob = await newSurfer();

    expect(refusal(await claim(bob.tab, randomUUID())).code).toBe('not_yours');
    for (const payload of [
      { ticketId: 'not-a-ticket', telemetry: humanClick() },
      { ticketId: `${randomUUID()}' OR '1'='1`, telemetry: humanClick() },
      { ticketId: randomUUID() },
      { ticketId: randomUUID(), telemetry: { ...humanClick(), isTrusted: 'yes' } },
      { ticketId: randomUUID(), telemetry: { ...humanClick(), x: Infinity } },
      { ticketId: randomUUID(), telemetry: humanClick(), code: 'x'.repeat(21) },
      'claim',
      null,
      42,
    ]) {
      expect([payload, refusal(await sendClaim(bob.tab, payload))]).toEqual([
        payload,
        { code: 'validation', message: 'This click could not be read. Please reload the page.' },
      ]);
    }

    // A claim naming another post is paid by the ticket's post, never by the named one.
    const other = await promotedPost(await member(), 5);
    await db.query(`UPDATE campaigns SET paused = true WHERE post_id = $1`, [other]);
    const { ticketId, pid } = await nextTicket(bob.browser, bob.tab);
    expect(pid).toBe(paying);
    const answer = await sendClaim(bob.tab, {
      ticketId,
      telemetry: humanClick(),
      pid: other,
      postId: other,
      amount: 100,
      credited: 100,
    });
    expect(answer).toEqual({
      data: {
        outcome: 'credited',
        credited: 1,
        cc: SIGNUP_BONUS_CREDITS + 1,
        message: 'Credit earned!',
        today: expect.objectContaining({ earnedToday: 1 }),
      },
    });
    expect((await storedCampaign(db, paying)).credits).toBe(4);
    expect((await storedCampaign(db, other)).credits).toBe(5);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
  });

  it("next() without a live connection, or naming another member's or a closed connection, is 409 'Not connected'", async () => {
    const alice = await member();
    await promotedPost(alice, 5);
    const bob = await newSurfer();
    const mallory = await newSurfer();
    const closed = await tab(bob);
    const closedId = closed.id;
    closed.close();
    const visitorTab = await connectSocket(testApp.baseUrl);

    for (const socketId of [null, mallory.tab.id, closedId, visitorTab.id, 'no such socket', 'x'.repeat(65)]) {
      const { status, body } = await surfNext(bob.browser, socketId);
      expect([socketId, status]).toEqual([socketId, 409]);
      expect(body.errors).toEqual([
        { code: 'not_connected', heading: 'Not connected', message: expect.stringMatching(/live connection/) },
      ]);
    }
    expect((await db.query(`SELECT count(*)::int AS n FROM view_tickets WHERE viewer_id = $1`, [bob.id])).rows[0].n).toBe(0);
    // A visitor cannot surf at all.
    expect((await surfNext(new TestBrowser(testApp.baseUrl), visitorTab)).status).toBe(401);
    expect(refusal(await claim(visitorTab, randomUUID()))).toEqual({
      code: 'unauthenticated',
      message: 'Please log in to earn credits.',
    });
  });

  it("a second tab's next() takes the ticket over: the first tab is told, and its claim is refused", async () => {
    const alice = await member();
    await promotedPost(alice, 5);
    await promotedPost(alice, 5);
    const bob = await newSurfer();
    const secondTab = await tab(bob);

    const first = await nextTicket(bob.browser, bob.tab);
    const second = await nextTicket(bob.browser, secondTab);
    expect(await bob.tab.next('surf:replaced')).toEqual([{ ticketId: first.ticketId }]);
    await secondTab.expectNo('surf:replaced');
    expect(refusal(await claim(bob.tab, first.ticketId))).toEqual({
      code: 'moved_to_other_tab',
      message: 'You opened Earn Credits in another tab; this view moved there.',
    });
    expect(await ticketStatus(db, first.ticketId)).toBe('replaced');
    await creditedClaim(secondTab, second.ticketId);
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);

    // The same tab asking again replaces its own ticket without telling itself.
    const third = await nextTicket(bob.browser, secondTab);
    const fourth = await nextTicket(bob.browser, secondTab);
    await secondTab.expectNo('surf:replaced');
    expect(refusal(await claim(secondTab, third.ticketId)).code).toBe('moved_to_other_tab');
    await creditedClaim(secondTab, fourth.ticketId);
  });

  it('next() from several tabs at once leaves exactly one open ticket', async () => {
    const alice = await member();
    await promotedPost(alice, 5);
    const bob = await newSurfer();
    const tabs = [bob.tab, ...(await Promise.all([tab(bob), tab(bob), tab(bob)]))];
    const answers = await Promise.all(tabs.map((socket) => surfNext(bob.browser, socket)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const { rows } = await db.query(`SELECT id, connection_id FROM view_tickets WHERE viewer_id = $1 AND status = 'open'`, [
      bob.id,
    ]);
    expect(rows).toHaveLength(1);
    const owner = tabs.find((socket) => socket.id === rows[0].connection_id)!;
    const results = await Promise.all(answers.map((answer, i) => claim(tabs[i], answer.body.data!.ticket!.id)));
    expect(results.filter((result) => 'data' in result && result.data.credited === 1)).toHaveLength(1);
    expect(owner).toBeDefined();
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS + 1);
  });
});
