import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settleAnimations } from './helpers.js';
import { continueSurfSession, expect, signUpMember, test, type Member } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function makeAdmin(app: { db: { query: (sql: string, values: unknown[]) => Promise<unknown> } }, member: Member) {
  await app.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [member.id]);
}

/** A post with credits on its campaign, so a viewer's surf bar has something to show. */
async function promotedPost(poster: Member, text: string): Promise<void> {
  const created = await poster.page.request.post('/data/posts', { headers: XHR, data: { text, language: 'en' } });
  expect(created.status()).toBe(200);
  const { pid } = (await created.json()).data.post;
  const assigned = await poster.page.request.post(`/data/campaigns/${pid}/assign`, {
    headers: { ...XHR, 'Idempotency-Key': `e2e-admin-users-${pid}` },
    data: { amount: 5 },
  });
  expect(assigned.status()).toBe(200);
}

async function expectFitsAndAxeClean(page: Page, where: string): Promise<void> {
  await expect(page.locator('.loading-state')).toHaveCount(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `page width on ${where}`).toBeLessThanOrEqual(375);
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect
    .soft(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`),
      `axe on ${where}`,
    )
    .toEqual([]);
}

test('an admin stops a member’s earning and the member’s open surf bar says so at once', async ({ browser, app }) => {
  const poster = await signUpMember(browser, app, 'Pia');
  await promotedPost(poster, 'A post to keep the surf bar busy');
  const viewer = await signUpMember(browser, app, 'Vera');
  await continueSurfSession(app, viewer);
  await viewer.page.goto('/home/earnCredits');
  await expect(viewer.page.getByRole('article')).toBeVisible();

  const boss = await signUpMember(browser, app, 'Boss');
  await makeAdmin(app, boss);
  const admin = boss.page;
  await admin.goto(`/admin/users?q=${viewer.username}`);
  const table = admin.getByTestId('admin-users');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Earning');
  await table.getByRole('link', { name: viewer.username }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/users/${viewer.id}$`));
  await expect(admin.getByTestId('admin-user-profile')).toContainText(`${viewer.username}@example.test`);

  await admin.getByRole('button', { name: 'Stop earning' }).click();
  const dialog = admin.getByRole('dialog', { name: `Stop ${viewer.username}’s earning?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stop earning' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'can no longer earn credits' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Restore earning' })).toBeVisible();

  // No reload: the member's open bar hears of it and shows the stopped state, in words that do not
  // blame an automated check for the team's decision.
  await expect(viewer.page.getByText(/Earning is paused on your account.*or by our team/)).toBeVisible({ timeout: 3000 });
  await expect(viewer.page.getByRole('article')).toHaveCount(0);

  // The audit log shows who did it.
  await admin.getByRole('link', { name: 'Audit log of this member' }).click();
  const audit = admin.getByTestId('admin-audit');
  await expect(audit.getByRole('listitem').first()).toContainText('Earning stopped');
  await expect(audit.getByRole('listitem').first()).toContainText(boss.username);

  for (const member of [poster, viewer, boss]) await member.context.close();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the users list, a member’s page and its tabs, and the audit log fit and pass axe', async ({ browser, app }) => {
    // axe runs on nine screens.
    test.setTimeout(180_000);
    const member = await signUpMember(browser, app, 'Nora');
    const boss = await signUpMember(browser, app, 'Chief');
    await makeAdmin(app, boss);
    const page = boss.page;

    await page.goto(`/admin/users?q=${member.username}`);
    await expect(page.getByTestId('admin-users')).toContainText(member.username);
    await expectFitsAndAxeClean(page, 'the users list');

    await page.goto(`/admin/users/${member.id}`);
    await expect(page.getByTestId('admin-user-profile')).toBeVisible();
    await expectFitsAndAxeClean(page, 'the member page');

    // Adjusting credits: an error by code, then success.
    await page.getByLabel('Credits to add (negative to take)').fill('-50');
    await page.getByLabel('Reason').fill('Testing the refusal');
    await page.getByRole('button', { name: 'Adjust credits' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Take credits' }).click();
    await expect(page.getByRole('alert')).toContainText('would leave a negative balance');
    await page.getByLabel('Credits to add (negative to take)').fill('15');
    await page.getByRole('button', { name: 'Adjust credits' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added 15 credits to ${member.username}` })).toBeVisible();
    await expect(page.getByTestId('admin-user-profile')).toContainText('25');

    await page
      .getByRole('navigation', { name: `${member.username}’s sections` })
      .getByRole('link', { name: 'Ledger' })
      .click();
    await expect(page.getByRole('table', { name: /Credit ledger/ })).toContainText('Adjustment by an admin');
    await expectFitsAndAxeClean(page, 'the ledger tab');
    for (const tab of ['Sessions', 'Surf evidence', 'Teams', 'Orders', 'Referrals']) {
      await page
        .getByRole('navigation', { name: `${member.username}’s sections` })
        .getByRole('link', { name: tab })
        .click();
      await expectFitsAndAxeClean(page, `the ${tab} tab`);
    }

    await page.goto('/admin/audit?action=credits_adjusted');
    await expect(page.getByTestId('admin-audit')).toContainText('Testing the refusal');
    await expectFitsAndAxeClean(page, 'the audit log');
    await member.context.close();
    await boss.context.close();
  });
});
