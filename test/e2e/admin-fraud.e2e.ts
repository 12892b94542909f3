import { randomUUID } from 'node:crypto';
import { expectPhoneReadyAndAccessible } from './helpers.js';
import { createAccount, expect, openAs, test } from './realtime-helpers.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.describe('the admin Fraud tab', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('lists a flagged member, stops and restores their earning, and refunds their views after a confirmation', async ({
    browser,
    app,
    admin,
  }) => {
    // An advertiser's campaign paid one view to the flagged member, as surf_claim records it.
    const advertiser = await createAccount(browser, app.url, app.db);
    const flagged = await createAccount(browser, app.url, app.db);
    const context = await browser.newContext({ baseURL: app.url, storageState: advertiser.state });
    const created = await context.request.post('/data/posts', { headers: XHR, data: { text: 'Fraud e2e post', language: 'en' } });
    expect(created.status()).toBe(200);
    const { pid } = (await created.json()).data.post;
    const assigned = await context.request.post(`/data/campaigns/${pid}/assign`, {
      headers: { ...XHR, 'Idempotency-Key': `e2e-fraud-${pid}` },
      data: { amount: 3 },
    });
    expect(assigned.status()).toBe(200);
    await context.close();
    const ticket = randomUUID();
    await app.db.query(
      `INSERT INTO view_tickets (id, viewer_id, post_id, connection_id, timer_seconds, status, issued_at, claimed_at)
       VALUES ($1, $2, $3, 'tab', 15, 'claimed', now(), now())`,
      [ticket, flagged.id, pid],
    );
    await app.db.query(`SELECT ledger_append('view:' || $1, $2::jsonb)`, [
      ticket,
      JSON.stringify([
        { account: 'campaign', campaign_id: pid, kind: 'view_paid', amount: -1 },
        { account: 'user', user_id: flagged.id, campaign_id: pid, kind: 'view_earned', amount: 1 },
      ]),
    ]);
    await app.db.query(`UPDATE campaigns SET credits = credits - 1 WHERE post_id = $1`, [pid]);
    await app.db.query(
      `UPDATE users SET credits = credits + 1, risk_score = 999000,
              risk_evidence = '[{"at": "2026-01-02T10:00:00.000Z", "signals": ["scripted", "unseen"], "score": 999000}]'
        WHERE id = $1`,
      [flagged.id],
    );

    const page = await openAs(browser, app.url, admin, '/admin');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Fraud' }).click();
    await expect(page).toHaveURL(/\/admin\/fraud$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Fraud queue' })).toBeVisible();
    const row = page.getByTestId('admin-fraud-row').first();
    await expect(row.getByRole('link', { name: flagged.username })).toHaveAttribute(
      'href',
      `/admin/users/${flagged.id}/evidence`,
    );
    await expect(row).toContainText('scripted, unseen');
    await expect(row).toContainText('1 view, 1 credit');

    await row.getByRole('button', { name: `Stop earning: ${flagged.username}` }).click();
    const stop = page.getByRole('dialog', { name: `Stop ${flagged.username}’s earning?` });
    await stop.getByRole('button', { name: 'Stop earning' }).click();
    const notice = page.getByRole('region', { name: 'Fraud queue' }).getByRole('status');
    await expect(notice).toContainText(`${flagged.username} can no longer earn credits.`);
    await expect(row).toContainText('Earning stopped');

    // The refund: Escape cancels; the dialog says how many views and credits; Enter confirms.
    const refund = row.getByRole('button', { name: `Refund advertisers: ${flagged.username}` });
    await refund.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Refund the advertisers of ${flagged.username}’s views?` });
    await expect(dialog).toContainText('1 credited view of the last 7 days: the campaigns that paid for them get 1 credit back');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await refund.click();
    await dialog.getByRole('button', { name: 'Refund advertisers' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toBeFocused();
    await expect(notice).toContainText(`Refunded 1 view of ${flagged.username}: 1 credit back to the advertisers`);
    await expect(row).toContainText('0 views, 0 credits');
    await expect(row.getByRole('button', { name: /^Refund advertisers/ })).toHaveCount(0);
    const { rows } = await app.db.query(`SELECT credits FROM campaigns WHERE post_id = $1`, [pid]);
    expect(Number(rows[0].credits)).toBe(3);

    await expectPhoneReadyAndAccessible(page);

    await row.getByRole('button', { name: `Restore earning: ${flagged.username}` }).click();
    await page
      .getByRole('dialog', { name: `Restore ${flagged.username}’s earning?` })
      .getByRole('button', { name: 'Restore earning' })
      .click();
    await expect(notice).toContainText(`${flagged.username} can earn again`);
    await page.context().close();
    // The other files of this worker surf without this campaign.
    await app.db.query(`UPDATE campaigns SET paused = true WHERE post_id = $1`, [pid]);
  });

  test('shows a member the earnings review voided, though their score is 0, with the evidence of the latest void, on a phone and a laptop', async ({
    browser,
    app,
    admin,
  }) => {
    // Two accounts on one device had a view each in review, which the review voided (as it records it).
    const advertiser = await createAccount(browser, app.url, app.db);
    const voided = await createAccount(browser, app.url, app.db);
    const other = await createAccount(browser, app.url, app.db);
    const context = await browser.newContext({ baseURL: app.url, storageState: advertiser.state });
    const created = await context.request.post('/data/posts', {
      headers: XHR,
      data: { text: 'Review e2e post', language: 'en' },
    });
    expect(created.status()).toBe(200);
    const { pid } = (await created.json()).data.post;
    await context.close();
    await app.db.query(
      `INSERT INTO view_tickets (id, viewer_id, post_id, connection_id, timer_seconds, status, issued_at, claimed_at,
                                earned, matures_at, voided_at, void_reason)
       VALUES ($1, $2, $3, 'tab', 15, 'claimed', now(), now(), 1, now() + interval '1 day', now(), 'shared_device')`,
      [randomUUID(), voided.id, pid],
    );
    await app.db.query(
      `INSERT INTO admin_audit (admin_id, action, target_type, target_id, before, after)
       VALUES (NULL, 'earnings_voided', 'user', $1, '{}', $2)`,
      [
        String(voided.id),
        JSON.stringify({
          category: 'shared_device',
          evidence: { category: 'shared_device', accounts: [other.id] },
          voidedViews: 1,
        }),
      ],
    );

    const page = await openAs(browser, app.url, admin, '/admin/fraud');
    const row = page.getByTestId('admin-fraud-row').filter({ hasText: voided.username });
    await expect(row).toContainText('Risk score0');
    await expect(row).toContainText('1 view: Several accounts earning from one device (1)');
    const review = row.getByTestId('admin-fraud-review');
    await expect(review).toContainText(
      '1 view, several accounts earning from one device. One device with 1 other account in the last day.',
    );
    await expect(review.getByRole('link', { name: `member ${other.id}` })).toHaveAttribute(
      'href',
      `/admin/users/${other.id}/evidence`,
    );
    await expectPhoneReadyAndAccessible(page);
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(review).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    await page.context().close();
  });
});
