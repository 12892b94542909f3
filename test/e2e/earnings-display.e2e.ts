import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { AppUnderTest } from './fixtures.js';
import { expectPhoneReadyAndAccessible } from './helpers.js';
import { expect, headerCredits, signUpMember, test, type Member } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE = { width: 375, height: 740 };

/** A post of the member's, through the API; answers its id. */
async function postOf(member: Member, text: string): Promise<number> {
  const created = await member.page.request.post('/data/posts', { headers: XHR, data: { text, language: 'en' } });
  expect(created.status()).toBe(200);
  return (await created.json()).data.post.pid;
}

/** A credited view of `pid` by `viewerId`, as surf_claim leaves it; answers the ticket's id. */
async function creditedView(app: AppUnderTest, viewerId: number, pid: number, earned: number, maturesAt: Date | null) {
  const id = randomUUID();
  await app.db.query(
    `INSERT INTO view_tickets (id, viewer_id, post_id, connection_id, timer_seconds, status, issued_at, claimed_at, earned, matures_at)
     VALUES ($1, $2, $3, 'tab', 3, 'claimed', now(), now(), $4, $5)`,
    [id, viewerId, pid, earned, maturesAt],
  );
  return id;
}

/** The member holds `credits`, of which `pending` came from a view still in review for two hours. */
async function balanceWithPending(browser: Browser, app: AppUnderTest, member: Member, credits: number, pending: number) {
  const author = await signUpMember(browser, app, 'Author');
  const pid = await postOf(author, 'A post that was viewed');
  await author.context.close();
  await creditedView(app, member.id, pid, pending, new Date(Date.now() + 2 * 3_600_000));
  await app.db.query(`UPDATE users SET credits = $2 WHERE id = $1`, [member.id, credits]);
}

/** Nothing in the member header reaches past the right edge of the screen. */
async function expectHeaderFits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const header = document.querySelector('.member-header')!;
    return [...header.querySelectorAll('*')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)).length;
  });
  expect(overflow, 'header elements past the screen').toBe(0);
}

test.describe('a member with credits in review', () => {
  test.use({ viewport: PHONE });

  test('the header shows a four-digit balance and what is pending on a 375 px phone, with the full sentence for everyone', async ({
    browser,
    app,
  }) => {
    const member = await signUpMember(
      { newContext: (options) => browser.newContext({ ...options, viewport: PHONE }) },
      app,
      'Penny',
    );
    await balanceWithPending(browser, app, member, 1010, 40);
    const { page } = member;
    await page.goto('/home');
    await expect(headerCredits(page)).toHaveText('1,010 credits');
    const pending = page.getByTestId('credit-count-pending');
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute('title', /^40 credits are in review until .+; you can spend 970 now\.$/);
    await expect(pending).toContainText('40 pending');
    await expectHeaderFits(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
    await expectPhoneReadyAndAccessible(page);

    // The surf bar's line: today's earnings against the cap, what is pending and what can be spent.
    await page.goto('/home/earnCredits');
    const progress = page.getByTestId('surf-earnings');
    const figures = progress.locator('p').first();
    await expect(figures).toHaveText(/Today 0 of \d+ · 40 pending · 970 available$/, { useInnerText: true });
    await expect(progress.getByTestId('surf-earnings-views')).toHaveText(/^[\d,]+ views left today · 0 this session$/);
    const line = await figures.evaluate((text) => text.getBoundingClientRect().height);
    expect(line, 'one line high').toBeLessThan(30);
    const bar = progress.getByRole('progressbar', { name: 'Earned today' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(Number(await bar.getAttribute('aria-valuemax'))).toBeGreaterThan(0);
    await expectHeaderFits(page);

    // On a wide screen the pending part is written out.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(pending).toContainText('· 40 pending');
    await expect(figures).toHaveText(/^Earned today 0 of \d+ · 40 pending · 970 available$/, { useInnerText: true });
    await member.context.close();
  });

  test('assigning more than is available is stopped in the form, which names what is available', async ({ browser, app }) => {
    const member = await signUpMember(browser, app, 'Quinn');
    await balanceWithPending(browser, app, member, 50, 40);
    await postOf(member, 'Spend what is available');
    const { page } = member;
    await page.goto('/home/yourPosts');
    const card = page.getByRole('listitem').filter({ hasText: 'Spend what is available' });
    await expect(page.getByTestId('campaigns-balance')).toHaveText('Your balance: 50 credits');
    await card.getByRole('button', { name: 'Manage' }).click();
    await expect(card).toContainText('(10 available, 40 in review)');
    const field = card.getByLabel('Credits', { exact: true });
    await expect(field).toHaveAttribute('max', '10');
    await field.fill('11');
    await card.getByRole('button', { name: 'Assign' }).click();
    await expect(card.getByRole('alert')).toHaveText(/You can assign up to 10 credits now: 40 are still in review\./);
    await field.fill('10');
    await card.getByRole('button', { name: 'Assign' }).click();
    await expect(card.getByTestId('campaign-credits')).toHaveText('10');
    await expect(headerCredits(page)).toHaveText('40 credits');
    await member.context.close();
  });
});

test('a campaign shows the views refunded as invalid and why, and Detailed Stats the same for the period', async ({
  browser,
  app,
}) => {
  const advertiser = await signUpMember(browser, app, 'Rita');
  const pid = await postOf(advertiser, 'Refunds shown to the advertiser');
  const viewer = await signUpMember(browser, app, 'Sam');
  const views = [];
  for (let i = 0; i < 5; i++) views.push(await creditedView(app, viewer.id, pid, 1, null));
  for (const [ticket, reason] of [
    [views[0], 'shared_device'],
    [views[1], 'shared_device'],
    [views[2], 'inhuman_latency'],
  ] as const) {
    await app.db.query(
      `WITH voided AS (UPDATE view_tickets SET voided_at = now(), void_reason = $2 WHERE id = $1 RETURNING post_id)
       SELECT ledger_append($3, jsonb_build_array(jsonb_build_object(
                'account', 'campaign', 'campaign_id', (SELECT post_id FROM voided), 'kind', 'view_refunded', 'amount', 1)))`,
      [ticket, reason, `void:${ticket}`],
    );
  }
  await app.db.query(`UPDATE campaigns SET credits = credits + 3, views_total = 5 WHERE post_id = $1`, [pid]);
  await app.db.query(
    `INSERT INTO post_stats_hourly (post_id, hour, place, credited) VALUES ($1, date_trunc('hour', now()), 'surf', 5)`,
    [pid],
  );
  await viewer.context.close();

  const { page } = advertiser;
  await page.goto('/home/yourPosts');
  const card = page.getByRole('listitem').filter({ hasText: 'Refunds shown to the advertiser' });
  // What was refunded is in the campaign's panel, opened on demand.
  await card.getByRole('button', { name: 'Manage' }).click();
  const refunds = card.getByTestId('campaign-invalid');
  await expect(refunds.locator('summary')).toHaveText('5 views · 3 refunded as invalid (3 credits returned)');
  await refunds.locator('summary').click();
  const reasons = refunds.getByRole('listitem');
  await expect(reasons).toHaveText([
    /^Several accounts earning from one device\s+2 views$/,
    /^Answers faster than a person reads\s+1 view$/,
  ]);
  await expect(card).not.toContainText(viewer.username);

  await page.goto('/home/stats/detailed?days=7');
  const panel = page.getByTestId('stats-invalid');
  await expect(panel.getByRole('heading', { name: 'Invalid traffic' })).toBeVisible();
  await expect(panel).toContainText('Served5');
  await expect(panel).toContainText('Refunded as invalid3');
  await expect(panel).toContainText('Credits returned3');
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await advertiser.context.close();
});

test('a campaign with nothing refunded says so quietly', async ({ browser, app }) => {
  const member = await signUpMember(browser, app, 'Tess');
  await postOf(member, 'Nothing refunded here');
  await member.page.goto('/home/yourPosts');
  const card = member.page.getByRole('listitem').filter({ hasText: 'Nothing refunded here' });
  await card.getByRole('button', { name: 'Manage' }).click();
  await expect(card.getByTestId('campaign-invalid')).toHaveText('No views refunded');
  await member.context.close();
});

test('a member whose address is not confirmed can ask for the mail again from the surf bar', async ({ browser, app }) => {
  const member = await signUpMember(browser, app, 'Uma');
  await app.db.query(`UPDATE users SET email_confirmed_at = NULL WHERE id = $1`, [member.id]);
  // The sign-up's mail went out minutes ago, so sending it again is allowed.
  await app.db.query(`UPDATE account_tokens SET created_at = created_at - interval '5 minutes' WHERE user_id = $1`, [member.id]);
  const { page } = member;
  await page.goto('/home/earnCredits');
  const stage = page.getByTestId('surf-stage');
  const resend = stage.getByRole('button', { name: 'Resend the mail' });
  await expect(resend).toBeVisible();
  await resend.click();
  await expect(stage.getByText('Sent. Please check your inbox.')).toBeVisible();
  await member.context.close();
});
