import { randomBytes } from 'node:crypto';
import type { AppUnderTest } from './fixtures.js';
import { continueSurfSession, expect, headerCredits, signUpMember, SURF_TIMER_SECONDS, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A level of its own, given to `userId` as a paid period that contains now (as a settled order leaves it). */
async function giveLevel(
  app: AppUnderTest,
  userId: number,
  level: { creditsPerView: number; timer: number; activeCampaigns: number },
): Promise<void> {
  const {
    rows: [created],
  } = await app.db.query(
    `INSERT INTO membership_levels
       (name, credits_per_view, surf_timer_seconds, daily_cap, active_campaigns, monthly_credits, period_days, price_minor, currency, active)
     VALUES ('E2E level', $1, $2, 1000, $3, 0, 30, 900, 'USD', false) RETURNING id`,
    [level.creditsPerView, level.timer, level.activeCampaigns],
  );
  const {
    rows: [order],
  } = await app.db.query(
    `INSERT INTO orders (user_id, kind, level_id, item_name, credits, amount_minor, currency, state, provider, expires_at, settled_at)
     VALUES ($1, 'level', $2, 'E2E level', 0, 900, 'USD', 'paid', 'local', now(), now()) RETURNING id`,
    [userId, created.id],
  );
  await app.db.query(
    `INSERT INTO memberships (user_id, level_id, order_id, starts_at, ends_at) VALUES ($1, $2, $3, now(), now() + interval '30 days')`,
    [userId, created.id, order.id],
  );
}

test('a member with a level surfs with its countdown and earns its credits per view; the campaign pays one view', async ({
  browser,
  app,
}) => {
  const alice = await signUpMember(browser, app, 'Alice');
  const bob = await signUpMember(browser, app, 'Bob');
  const headline = `Level surfing ${randomBytes(2).toString('hex')}`;
  const created = await alice.page.request.post('/data/posts', {
    headers: XHR,
    data: { text: headline, language: 'en', youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  });
  const { pid } = (await created.json()).data.post;
  const assigned = await alice.page.request.post(`/data/campaigns/${pid}/assign`, { headers: XHR, data: { amount: 10 } });
  expect(assigned.status()).toBe(200);
  // Campaigns of this worker's earlier tests are paused, so Alice's post is the one Bob is offered.
  await app.db.query(`UPDATE campaigns SET paused = true WHERE post_id <> $1`, [pid]);

  const levelTimer = SURF_TIMER_SECONDS + 2;
  await giveLevel(app, bob.id, { creditsPerView: 3, timer: levelTimer, activeCampaigns: 25 });
  await continueSurfSession(app, bob);
  const b = bob.page;
  await b.goto('/home/earnCredits');
  await expect(b.getByRole('article')).toContainText(headline);
  const bar = b.getByRole('region', { name: 'Surf bar' });
  // The countdown starts from the level's timer, longer than the site's.
  await expect(bar.getByTestId('surf-countdown')).toHaveText(String(levelTimer));
  // The headline and the progress say what a view earns at this level: 3 credits, so 334 views reach the cap of 1,000.
  await expect(b.getByRole('heading', { name: /earn 3 credits\.$/ })).toBeVisible();
  const views = bar.getByTestId('surf-earnings-views');
  await expect(views).toHaveText('334 views left today · 0 this session');
  // The post's video loads on a click, as in the feed, and the play is recorded as Earn Credits'.
  const post = b.getByRole('article');
  await expect(post.locator('iframe')).toHaveCount(0);
  const play = b.waitForRequest((request) => request.url().endsWith('/recordFeedActivity/playVideo'));
  await post.getByRole('button', { name: /^Play the YouTube video/ }).click();
  expect((await play).postDataJSON()).toMatchObject({ obj: pid, notes: { place: 'surf' } });
  await expect(post.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  const next = bar.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: (levelTimer + 5) * 1000 });
  await next.click();
  await expect(headerCredits(b)).toHaveText('13 credits', { timeout: 2000 });
  await expect(b.getByText('3 credits earned!', { exact: true })).toBeVisible();
  await expect(views).toHaveText('333 views left today · 1 this session');
  const { rows } = await app.db.query(`SELECT credits::int AS credits FROM campaigns WHERE post_id = $1`, [pid]);
  expect(rows[0].credits).toBe(9);
  await alice.context.close();
  await bob.context.close();
});

test("starting a campaign past the level's limit is refused on the card, with the limit and a way to the levels", async ({
  browser,
  app,
}) => {
  const dana = await signUpMember(browser, app, 'Dana');
  await giveLevel(app, dana.id, { creditsPerView: 1, timer: SURF_TIMER_SECONDS, activeCampaigns: 1 });
  const page = dana.page;
  const pids: number[] = [];
  for (const text of ['Running mugs', 'Waiting bowls']) {
    const created = await page.request.post('/data/posts', { headers: XHR, data: { text, language: 'en' } });
    pids.push((await created.json()).data.post.pid);
  }
  expect((await page.request.post(`/data/campaigns/${pids[0]}/assign`, { headers: XHR, data: { amount: 2 } })).status()).toBe(
    200,
  );

  await page.goto('/home/yourPosts');
  const waiting = page.getByRole('listitem').filter({ hasText: 'Waiting bowls' });
  await waiting.getByRole('button', { name: 'Manage' }).click();
  await waiting.getByLabel('Credits', { exact: true }).fill('2');
  await waiting.getByRole('button', { name: 'Assign' }).click();
  await expect(waiting.getByRole('alert')).toContainText("This account's membership level runs 1 campaign at once");
  await expect(waiting.getByTestId('campaign-credits')).toHaveText('0');
  await expect(headerCredits(page)).toHaveText('8 credits');

  // Paused, the running one makes room; resumed, it is refused on its own row (one row open at a time).
  const running = page.getByRole('listitem').filter({ hasText: 'Running mugs' });
  await running.getByRole('button', { name: 'Manage' }).click();
  await running.getByRole('button', { name: 'Pause' }).click();
  await expect(running).toContainText('Paused');
  await waiting.getByRole('button', { name: 'Manage' }).click();
  await waiting.getByLabel('Credits', { exact: true }).fill('2');
  await waiting.getByRole('button', { name: 'Assign' }).click();
  await expect(waiting.getByTestId('campaign-credits')).toHaveText('2');
  await running.getByRole('button', { name: 'Manage' }).click();
  await running.getByRole('button', { name: 'Resume' }).click();
  await expect(running.getByRole('alert')).toContainText('runs 1 campaign at once');
  await running.getByRole('link', { name: 'See the membership levels' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await dana.context.close();
});
