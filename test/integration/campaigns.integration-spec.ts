import sharp from 'sharp';
import { CAMPAIGN_ENDPOINTS, POST_LIMITS, type CampaignItem, type PostItem } from '../../shared/campaigns/campaigns.js';
import { CREDITS_ENDPOINTS, SIGNUP_BONUS_CREDITS, type LedgerRow } from '../../shared/credits/credits.js';
import type { Paged } from '../../shared/accounts/account.answers.js';
import type { MediaObject } from '../../shared/media/media.js';
import { signUp } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import { hourAgo, seedHourly } from '../support/stats-fixtures.js';
import {
  assignCredits,
  balanceOf,
  campaignCall,
  claim as claimQuietly,
  createPost,
  creditedClaim,
  grantCredits,
  ledgerRowsOfCampaign,
  nextTicket,
  postPayload,
  promotedPost,
  storedCampaign,
  surfer,
  surfNext,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useSurfTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const postPath = (pid: number) => `${CAMPAIGN_ENDPOINTS.post}/${pid}`;
/** The distinct error headings of an answer (a field may carry more than one message). */
const headingsOf = (body: { errors: { heading: string }[] }) => [...new Set(body.errors.map((error) => error.heading))];

async function uploadPicture(browser: TestBrowser): Promise<MediaObject> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const { status, body } = await browser.upload<MediaObject>(CAMPAIGN_ENDPOINTS.images, 'image', {
    bytes: png,
    name: 'p.png',
    type: 'image/png',
  });
  expect(status).toBe(200);
  return body.data!;
}

describe('posts', () => {
  it('a member creates a post with a link, a YouTube video, tags and a picture, edits it, and deletes it', async () => {
    const alice = await member();
    const picture = await uploadPicture(alice.browser);
    const created = await alice.browser.post<CampaignItem>(CAMPAIGN_ENDPOINTS.posts, {
      text: '  My first post  ',
      link: 'https://example.com/page',
      youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      language: 'de',
      tags: ['News', 'tech-2'],
      imageIds: [picture.id],
    });
    expect(created.status).toBe(200);
    const campaign = created.body.data!;
    expect(campaign).toMatchObject({
      credits: 0,
      status: 'not_promoted',
      viewsToday: 0,
      viewsTotal: 0,
      lastViewAt: null,
      dailyViewCap: null,
      post: {
        author: { id: alice.id, username: alice.username },
        text: 'My first post',
        link: 'https://example.com/page',
        youtubeId: 'dQw4w9WgXcQ',
        language: 'de',
        tags: ['news', 'tech-2'],
      },
    });
    expect(campaign.post.images.map((image) => image.id)).toEqual([picture.id]);
    const pid = campaign.post.pid;

    // It is listed among the member's posts.
    const mine = await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    expect(mine.body.data!.map((item) => item.post.pid)).toEqual([pid]);

    // Edit: every field can change, and the picture can go.
    const edited = await alice.browser.put<CampaignItem>(postPath(pid), {
      text: 'Edited',
      link: null,
      youtube: 'youtu.be/xxxxxxxxxxx',
      language: 'en',
      tags: [],
    });
    expect(edited.status).toBe(400); // not a full address
    const edited2 = await alice.browser.put<CampaignItem>(postPath(pid), {
      text: 'Edited',
      link: null,
      youtube: 'https://youtu.be/abcdefghijk',
      language: 'en',
      tags: [],
    });
    expect(edited2.status).toBe(200);
    expect(edited2.body.data!.post).toMatchObject({
      pid,
      text: 'Edited',
      link: null,
      youtubeId: 'abcdefghijk',
      language: 'en',
      tags: [],
      images: [],
    });

    // Delete: gone from the list and from its address.
    const deleted = await alice.browser.delete(postPath(pid));
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toBeNull();
    expect((await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts)).body.data).toEqual([]);
    expect((await new TestBrowser(testApp.baseUrl).get(postPath(pid))).status).toBe(404);
    // A deleted post cannot be edited or deleted again.
    expect((await alice.browser.put(postPath(pid), postPayload())).status).toBe(404);
    expect((await alice.browser.delete(postPath(pid))).status).toBe(404);
  });

  it('refuses each invalid field with a 400 naming that field, and stores nothing', async () => {
    const alice = await member();
    const bob = await member();
    const bobsPicture = await uploadPicture(bob.browser);
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty text', { text: '' }, 'Invalid text'],
      ['blank text', { text: '   \n ' }, 'Invalid text'],
      ['text too long', { text: 'x'.repeat(POST_LIMITS.text + 1) }, 'Invalid text'],
      ['a link that is not an address', { link: 'not a link' }, 'Invalid link'],
      ['a javascript: link', { link: 'javascript:alert(1)' }, 'Invalid link'],
      ['an ftp link', { link: 'ftp://example.com/file' }, 'Invalid link'],
      ['a video that is not on YouTube', { youtube: 'https://vimeo.com/12345678' }, 'Invalid youtube'],
      ['a YouTube address without a video', { youtube: 'https://www.youtube.com/watch?v=short' }, 'Invalid youtube'],
      ['an unknown language', { language: 'xx' }, 'Invalid language'],
      ['no language', { language: '' }, 'Invalid language'],
      ['too many tags', { tags: Array.from({ length: POST_LIMITS.tags + 1 }, (_, i) => `tag${i}`) }, 'Invalid tags'],
      ['a tag with spaces', { tags: ['two words'] }, 'Invalid tags.0'],
      ['a picture id that is not an id', { imageIds: ['picture.png'] }, 'Invalid imageIds.0'],
      ["someone else's picture", { imageIds: [bobsPicture.id] }, 'Invalid imageIds'],
      ['a picture that does not exist', { imageIds: ['00000000-0000-4000-8000-000000000000'] }, 'Invalid imageIds'],
    ];
    const existing = await createPost(alice.browser);
    for (const [name, fields, heading] of cases) {
      const payload = postPayload(fields);
      const created = await alice.browser.post(CAMPAIGN_ENDPOINTS.posts, payload);
      expect([name, created.status, headingsOf(created.body)]).toEqual([name, 400, [heading]]);
      expect(created.body.errors[0].message.length).toBeGreaterThan(5);
      const edited = await alice.browser.put(postPath(existing.post.pid), payload);
      expect([name, edited.status, headingsOf(edited.body)]).toEqual([name, 400, [heading]]);
    }
    // Two bad fields: one item each.
    const two = await alice.browser.post(CAMPAIGN_ENDPOINTS.posts, { text: '', language: 'xx' });
    expect(two.status).toBe(400);
    expect(headingsOf(two.body).sort()).toEqual(['Invalid language', 'Invalid text']);

    expect((await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts)).body.data!.map((c) => c.post.pid)).toEqual([
      existing.post.pid,
    ]);
    expect((await alice.browser.get<PostItem>(postPath(existing.post.pid))).body.data!.text).toBe(existing.post.text);
  });

  it('refuses a "language" that is only a property name of JavaScript objects (toString, constructor, __proto__)', async () => {
    const alice = await member();
    const answers = [];
    for (const language of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const created = await alice.browser.post<CampaignItem>(CAMPAIGN_ENDPOINTS.posts, postPayload({ language }));
      answers.push([language, created.status, headingsOf(created.body)]);
    }
    expect(answers).toEqual(
      ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'].map((language) => [
        language,
        400,
        ['Invalid language'],
      ]),
    );
    expect((await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts)).body.data).toEqual([]);
  });

  it('a visitor opens a post by its address; a missing, deleted or malformed id is a clean 404', async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser, { text: 'Hello visitors', link: 'https://example.org/' });
    const visitor = new TestBrowser(testApp.baseUrl);
    const open = await visitor.get<PostItem>(postPath(post.pid));
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual(post);

    for (const path of [
      postPath(post.pid + 1000),
      postPath(0),
      `${CAMPAIGN_ENDPOINTS.post}/abc`,
      `${CAMPAIGN_ENDPOINTS.post}/99999999999`,
    ]) {
      const missing = await visitor.get(path);
      expect([path, missing.status]).toEqual([path, 404]);
      expect(missing.body.data).toBeNull();
      expect(missing.body.errors[0].message).toBeTruthy();
    }
    await alice.browser.delete(postPath(post.pid));
    const gone = await visitor.get(postPath(post.pid));
    expect(gone.status).toBe(404);
    expect(gone.body.errors).toEqual([
      { code: 'not_found', heading: 'Post not found', message: 'This post does not exist or was deleted.' },
    ]);
  });

  it('a visitor cannot create, edit or delete posts, nor upload pictures for them', async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser);
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await visitor.post(CAMPAIGN_ENDPOINTS.posts, postPayload())).status).toBe(401);
    expect((await visitor.get(CAMPAIGN_ENDPOINTS.posts)).status).toBe(401);
    expect((await visitor.put(postPath(post.pid), postPayload())).status).toBe(401);
    expect((await visitor.delete(postPath(post.pid))).status).toBe(401);
    expect((await campaignCall(visitor, post.pid, 'assign', { amount: 1 })).status).toBe(401);
    expect((await new TestBrowser(testApp.baseUrl).get<PostItem>(postPath(post.pid))).body.data).toEqual(post);
  });
});

describe('assigning and withdrawing credits', () => {
  it('refuses negative, zero, fractional, huge, non-numeric and missing amounts with 400, and more than owned with 409; nothing moves', async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser);
    await assignCredits(alice.browser, post.pid, 4);
    const before = {
      balance: await balanceOf(db, alice.id),
      campaign: await storedCampaign(db, post.pid),
      rows: await ledgerRowsOfCampaign(db, post.pid),
    };
    expect(before.balance).toBe(SIGNUP_BONUS_CREDITS - 4);

    const invalid: unknown[] = [
      -1,
      -5,
      0,
      1.5,
      0.0001,
      1e12,
      Number.MAX_SAFE_INTEGER,
      '5',
      '1e3',
      null,
      true,
      [3],
      { amount: 1 },
    ];
    for (const action of ['assign', 'withdraw']) {
      for (const amount of invalid) {
        const { status, body } = await campaignCall(alice.browser, post.pid, action, { amount });
        expect([action, amount, status, headingsOf(body)]).toEqual([action, amount, 400, ['Invalid amount']]);
      }
      const missing = await campaignCall(alice.browser, post.pid, action, {});
      expect([action, missing.status]).toEqual([action, 400]);
      const raw = await alice.browser.call(`${CAMPAIGN_ENDPOINTS.campaign}/${post.pid}/${action}`, {
        method: 'POST',
        body: '{"amount": 1e400}',
        headers: { 'content-type': 'application/json' },
      });
      expect([action, raw.status]).toEqual([action, 400]);
    }

    const tooMuch = await campaignCall(alice.browser, post.pid, 'assign', { amount: before.balance + 1 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors).toEqual([
      { code: 'conflict', heading: 'Not enough credits', message: 'You do not have that many credits.' },
    ]);
    expect((await campaignCall(alice.browser, post.pid, 'assign', { amount: 1_000_000 })).status).toBe(409);

    const overdraw = await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 5 });
    expect(overdraw.status).toBe(409);
    expect(overdraw.body.errors).toEqual([
      { code: 'conflict', heading: 'Not enough credits', message: 'This campaign does not have that many credits left.' },
    ]);

    expect(await balanceOf(db, alice.id)).toBe(before.balance);
    expect(await storedCampaign(db, post.pid)).toEqual(before.campaign);
    expect(await ledgerRowsOfCampaign(db, post.pid)).toEqual(before.rows);
  });

  it('assign then withdraw moves credits both ways, each with a user row and a campaign row in the ledger, and pushes the new count', async () => {
    const alice = await member();
    const tab = await connectSocket(testApp.baseUrl, alice.browser);
    const { post } = await createPost(alice.browser);

    const assigned = await campaignCall(alice.browser, post.pid, 'assign', { amount: 7 });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ credits: 7, status: 'active' });
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 7);
    const [live] = await tab.next('live:data', undefined, (data) => data.cc !== undefined && data.cc !== tab.live.cc);
    expect(live.cc).toBe(SIGNUP_BONUS_CREDITS - 7);

    const withdrawn = await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 5 });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ credits: 2, status: 'active' });
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 2);
    expect((await tab.next('live:data', undefined, (data) => data.cc === SIGNUP_BONUS_CREDITS - 2))[0].cc).toBe(
      SIGNUP_BONUS_CREDITS - 2,
    );

    // Withdraw everything: the campaign is out of credits.
    const emptied = await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 2 });
    expect(emptied.body.data).toMatchObject({ credits: 0, status: 'out_of_credits' });

    expect(await ledgerRowsOfCampaign(db, post.pid)).toEqual([
      ['user', 'campaign_assign', -7, alice.id],
      ['campaign', 'campaign_assign', 7, null],
      ['user', 'campaign_withdraw', 5, alice.id],
      ['campaign', 'campaign_withdraw', -5, null],
      ['user', 'campaign_withdraw', 2, alice.id],
      ['campaign', 'campaign_withdraw', -2, null],
    ]);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('the same Idempotency-Key sent twice (or ten times at once) applies once', async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser);

    const first = await campaignCall(alice.browser, post.pid, 'assign', { amount: 3 }, 'retry-key-0001');
    const again = await campaignCall(alice.browser, post.pid, 'assign', { amount: 3 }, 'retry-key-0001');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data!.credits).toBe(3);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 3);

    // The same key for a withdrawal is another request: refused, nothing moves.
    const reused = await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 1 }, 'retry-key-0001');
    expect(reused.status).toBe(422);
    await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 1 }, 'retry-key-0003');
    await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 1 }, 'retry-key-0003');
    expect((await storedCampaign(db, post.pid)).credits).toBe(2);

    const burst = await Promise.all(
      Array.from({ length: 10 }, () => campaignCall(alice.browser, post.pid, 'assign', { amount: 2 }, 'burst-key-0002')),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await storedCampaign(db, post.pid)).credits).toBe(4);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 4);
    expect((await ledgerRowsOfCampaign(db, post.pid)).length).toBe(6);
  });

  it('concurrent assignments cannot spend more than the balance', async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => campaignCall(alice.browser, post.pid, 'assign', { amount: 3 })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(7).fill(409)]);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 9);
    expect((await storedCampaign(db, post.pid)).credits).toBe(9);

    // And concurrent withdrawals cannot take out more than the campaign holds.
    const back = await Promise.all(
      Array.from({ length: 10 }, () => campaignCall(alice.browser, post.pid, 'withdraw', { amount: 2 })),
    );
    expect(back.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(200), ...Array(6).fill(409)]);
    expect((await storedCampaign(db, post.pid)).credits).toBe(1);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 1);
  });

  it("deleting a post gives its unspent credits back to the owner's balance", async () => {
    const alice = await member();
    const tab = await connectSocket(testApp.baseUrl, alice.browser);
    const pid = await promotedPost(alice, 7);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 7);

    expect((await alice.browser.delete(postPath(pid))).status).toBe(200);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect((await storedCampaign(db, pid)).credits).toBe(0);
    expect((await tab.next('live:data', undefined, (data) => data.cc === SIGNUP_BONUS_CREDITS))[0].cc).toBe(SIGNUP_BONUS_CREDITS);
    expect((await ledgerRowsOfCampaign(db, pid)).slice(2)).toEqual([
      ['campaign', 'campaign_withdraw', -7, null],
      ['user', 'campaign_withdraw', 7, alice.id],
    ]);
    // Nothing more can be assigned to or withdrawn from it.
    expect((await campaignCall(alice.browser, pid, 'assign', { amount: 1 })).status).toBe(404);
    expect((await campaignCall(alice.browser, pid, 'withdraw', { amount: 1 })).status).toBe(404);
    expect((await campaignCall(alice.browser, pid, 'resume')).status).toBe(404);

    // A post without credits deletes without ledger rows.
    const { post } = await createPost(alice.browser);
    expect((await alice.browser.delete(postPath(post.pid))).status).toBe(200);
    expect(await ledgerRowsOfCampaign(db, post.pid)).toEqual([]);
  });

  it('pause and resume change the status and keep the credits', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 3);
    const paused = await campaignCall(alice.browser, pid, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', credits: 3 });
    expect((await campaignCall(alice.browser, pid, 'pause')).body.data).toMatchObject({ status: 'paused' });
    const resumed = await campaignCall(alice.browser, pid, 'resume');
    expect(resumed.body.data).toMatchObject({ status: 'active', credits: 3 });
    // Credits can be added to a paused campaign.
    await campaignCall(alice.browser, pid, 'pause');
    expect((await campaignCall(alice.browser, pid, 'assign', { amount: 1 })).body.data).toMatchObject({
      status: 'paused',
      credits: 4,
    });
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS - 4);
  });

  it('another member cannot assign to, withdraw from, pause, resume, configure, edit or delete my post (404), and nothing changes', async () => {
    const alice = await member();
    const mallory = await member();
    const pid = await promotedPost(alice, 5);
    const before = {
      alice: await balanceOf(db, alice.id),
      mallory: await balanceOf(db, mallory.id),
      campaign: await storedCampaign(db, pid),
    };

    const attempts = [
      campaignCall(mallory.browser, pid, 'assign', { amount: 1 }),
      campaignCall(mallory.browser, pid, 'withdraw', { amount: 5 }),
      campaignCall(mallory.browser, pid, 'withdraw', { amount: 1 }, 'mallory-key-01'),
      campaignCall(mallory.browser, pid, 'pause'),
      campaignCall(mallory.browser, pid, 'resume'),
      campaignCall(mallory.browser, pid, 'settings', { dailyViewCap: 1 }),
      mallory.browser.put(postPath(pid), postPayload({ text: 'pwned' })),
      mallory.browser.delete(postPath(pid)),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body.errors).toEqual([
        { code: 'not_found', heading: 'Post not found', message: 'This post does not exist or was deleted.' },
      ]);
    }
    expect(await balanceOf(db, alice.id)).toBe(before.alice);
    expect(await balanceOf(db, mallory.id)).toBe(before.mallory);
    expect(await storedCampaign(db, pid)).toEqual(before.campaign);
    const visible = await new TestBrowser(testApp.baseUrl).get<PostItem>(postPath(pid));
    expect(visible.body.data!.text).not.toBe('pwned');
    // Nor does the post show among Mallory's.
    expect((await mallory.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts)).body.data).toEqual([]);
    // A campaign that does not exist is 404 too (not 500).
    expect((await campaignCall(mallory.browser, 2_000_000_000, 'assign', { amount: 1 })).status).toBe(404);
    expect((await campaignCall(mallory.browser, pid, 'explode')).status).toBe(404);
  });
});

describe('the figures of the campaigns list', () => {
  it("counts the surf bar's link clicks per view paid, and the days its credits last at the last week's spend", async () => {
    const alice = await member();
    await grantCredits(db, alice.id, 100);
    const spending = await promotedPost(alice, 38);
    const idle = await promotedPost(alice, 5);
    // 10 views paid in the last two days (5 a day), older ones, and clicks from the surf bar and elsewhere.
    await seedHourly(db, spending, hourAgo(48), 'surf', { credited: 6, linkClicks: 2 });
    await seedHourly(db, spending, hourAgo(30), 'surf', { credited: 4, linkClicks: 1 });
    await seedHourly(db, spending, hourAgo(24 * 10), 'surf', { credited: 50, linkClicks: 3 });
    await seedHourly(db, spending, hourAgo(2), 'feed', { viewed: 9, linkClicks: 5 });
    await db.query(`UPDATE campaigns SET views_total = 60 WHERE post_id = $1`, [spending]);

    const listed = async () => {
      const { status, body } = await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
      expect(status).toBe(200);
      return new Map(body.data!.map((item) => [item.post.pid, item]));
    };
    const figures = await listed();
    expect(figures.get(spending)).toMatchObject({ viewsTotal: 60, clicks: 6, clickRate: 0.1, runsOutInDays: 8 });
    // Not spending: no estimate, and no click rate before a view.
    expect(figures.get(idle)).toMatchObject({ viewsTotal: 0, clicks: 0, clickRate: null, runsOutInDays: null });

    // A paused campaign spends nothing: no estimate, on the list and in the change's own answer.
    const paused = await campaignCall(alice.browser, spending, 'pause');
    expect(paused.body.data).toMatchObject({ status: 'paused', clicks: 6, runsOutInDays: null });
    expect((await listed()).get(spending)).toMatchObject({ runsOutInDays: null });
  });
});

describe('the ledger page', () => {
  it("lists the member's signup bonus and each movement, newest first, and only theirs", async () => {
    const alice = await member();
    const bob = await member();
    const { post } = await createPost(alice.browser);
    await campaignCall(alice.browser, post.pid, 'assign', { amount: 5 });
    await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 2 });

    const { status, body } = await alice.browser.get<Paged<LedgerRow>>(CREDITS_ENDPOINTS.ledger);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ page: 1, pages: 1, total: 3 });
    expect(body.data!.items.map(({ kind, amount, pid }) => ({ kind, amount, pid }))).toEqual([
      { kind: 'campaign_withdraw', amount: 2, pid: post.pid },
      { kind: 'campaign_assign', amount: -5, pid: post.pid },
      { kind: 'signup_bonus', amount: SIGNUP_BONUS_CREDITS, pid: null },
    ]);
    expect(body.data!.items.reduce((sum, row) => sum + row.amount, 0)).toBe(await balanceOf(db, alice.id));

    const bobs = await bob.browser.get<Paged<LedgerRow>>(CREDITS_ENDPOINTS.ledger);
    expect(bobs.body.data!.items.map((row) => row.kind)).toEqual(['signup_bonus']);
    expect((await new TestBrowser(testApp.baseUrl).get(CREDITS_ENDPOINTS.ledger)).status).toBe(401);
    for (const page of ['0', '-1', 'x', '1.5']) {
      expect([page, (await alice.browser.get(`${CREDITS_ENDPOINTS.ledger}?page=${page}`)).status]).toEqual([page, 400]);
    }
  });

  it('pages the ledger 25 rows a page', async () => {
    const alice = await member();
    const { post } = await createPost(alice.browser);
    for (let i = 0; i < 13; i++) {
      await campaignCall(alice.browser, post.pid, 'assign', { amount: 1 });
      await campaignCall(alice.browser, post.pid, 'withdraw', { amount: 1 });
    }
    const first = await alice.browser.get<Paged<LedgerRow>>(`${CREDITS_ENDPOINTS.ledger}?page=1`);
    const second = await alice.browser.get<Paged<LedgerRow>>(`${CREDITS_ENDPOINTS.ledger}?page=2`);
    expect(first.body.data).toMatchObject({ page: 1, pages: 2, total: 27 });
    expect(first.body.data!.items).toHaveLength(25);
    expect(second.body.data!.items.map((row) => row.kind)).toEqual(['campaign_assign', 'signup_bonus']);
    const ids = [...first.body.data!.items, ...second.body.data!.items].map((row) => row.id);
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await alice.browser.get<Paged<LedgerRow>>(`${CREDITS_ENDPOINTS.ledger}?page=3`)).body.data!.items).toEqual([]);
  });

  it("a viewer's ledger shows the credit earned for a view", async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 2);
    const bob = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(bob.browser, bob.tab);
    await creditedClaim(bob.tab, ticketId);
    const { body } = await bob.browser.get<Paged<LedgerRow>>(CREDITS_ENDPOINTS.ledger);
    expect(body.data!.items.map(({ kind, amount, pid: p }) => ({ kind, amount, pid: p }))).toEqual([
      { kind: 'view_earned', amount: 1, pid },
      { kind: 'signup_bonus', amount: SIGNUP_BONUS_CREDITS, pid: null },
    ]);
    expect(await ledgerRowsOfCampaign(db, pid)).toEqual([
      ['user', 'campaign_assign', -2, alice.id],
      ['campaign', 'campaign_assign', 2, null],
      ['campaign', 'view_paid', -1, null],
      ['user', 'view_earned', 1, bob.id],
    ]);
  });
});

describe('the daily view cap of a campaign', () => {
  it('stops offering the post once it had its views for today, and offers it again when the cap is lifted', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 5);
    const capped = await campaignCall(alice.browser, pid, 'settings', { dailyViewCap: 1 });
    expect(capped.status).toBe(200);
    expect(capped.body.data).toMatchObject({ dailyViewCap: 1, status: 'active' });
    for (const dailyViewCap of [0, -1, 1.5, '3', 100_001]) {
      expect([dailyViewCap, (await campaignCall(alice.browser, pid, 'settings', { dailyViewCap })).status]).toEqual([
        dailyViewCap,
        400,
      ]);
    }

    const bob = await surfer(testApp.baseUrl);
    const carol = await surfer(testApp.baseUrl);
    const { ticketId, pid: offered } = await nextTicket(bob.browser, bob.tab);
    expect(offered).toBe(pid);
    await creditedClaim(bob.tab, ticketId);

    const mine = await alice.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    expect(mine.body.data![0]).toMatchObject({
      credits: 4,
      status: 'daily_cap_reached',
      viewsToday: 1,
      viewsTotal: 1,
      lastViewAt: expect.any(String),
    });

    const nothing = await surfNext(carol.browser, carol.tab);
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toMatchObject({
      ticket: null,
      post: null,
      nextAt: expect.any(Number),
      data: { posts: [], message: expect.stringMatching(/seen every post you can view/i) },
    });

    expect((await campaignCall(alice.browser, pid, 'settings', { dailyViewCap: null })).body.data).toMatchObject({
      dailyViewCap: null,
      status: 'active',
    });
    expect((await nextTicket(carol.browser, carol.tab)).pid).toBe(pid);
  });
});

describe('races between the owner and viewers', () => {
  it('credits assigned while the post is being deleted are not lost in the deleted campaign', async () => {
    const alice = await member();
    const stuck: { pid: number; credits: number; assign: number }[] = [];
    for (let round = 0; round < 10 && (await balanceOf(db, alice.id)) >= 3; round++) {
      const pid = await promotedPost(alice, 1);
      const [deleted, assigned] = await Promise.all([
        alice.browser.delete(postPath(pid)),
        campaignCall(alice.browser, pid, 'assign', { amount: 2 }),
      ]);
      expect(deleted.status).toBe(200);
      expect([200, 404]).toContain(assigned.status);
      const { credits } = await storedCampaign(db, pid);
      if (credits !== 0) stuck.push({ pid, credits, assign: assigned.status });
    }
    // Every credit is back on Alice's balance: none sits in a campaign nobody can withdraw from.
    expect(stuck).toEqual([]);
    expect(await balanceOf(db, alice.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('the daily view cap holds when several viewers were offered the post before any of them claimed', async () => {
    const alice = await member();
    const pid = await promotedPost(alice, 5);
    await campaignCall(alice.browser, pid, 'settings', { dailyViewCap: 1 });
    const viewers = await Promise.all([surfer(testApp.baseUrl), surfer(testApp.baseUrl), surfer(testApp.baseUrl)]);
    const tickets: Awaited<ReturnType<typeof nextTicket>>[] = [];
    for (const viewer of viewers) tickets.push(await nextTicket(viewer.browser, viewer.tab));
    expect(tickets.map((ticket) => ticket.pid)).toEqual([pid, pid, pid]);
    for (const [i, viewer] of viewers.entries()) await claimQuietly(viewer.tab, tickets[i].ticketId);
    const stored = await storedCampaign(db, pid);
    expect(stored.viewsToday).toBe(1);
    expect(stored.credits).toBe(4);
  });
});
