import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { XHR } from './account-helpers.js';
import { holdRequests, openPage, settleAnimations } from './helpers.js';
import { expect, openAs, test } from './realtime-helpers.js';

/** The page fits a 375 px screen and axe finds no serious or critical violation on it. */
async function expectPhoneReady(page: Page, what: string): Promise<void> {
  await expect(page.locator('.loading-state')).toHaveCount(0);
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  );
  expect
    .soft(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${what} is wider than the screen: ${overflowing.join(', ')}`,
    )
    .toBeLessThanOrEqual(375);
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect
    .soft(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`),
      `axe on ${what}`,
    )
    .toEqual([]);
}

test.describe('contact and the admin inbox', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a visitor’s message goes queued, sending, sent, and arrives in the admin inbox, where the admin answers it', async ({
    page,
    browser,
    app,
    admin,
  }) => {
    const subject = `Question ${Date.now()}`;
    await openPage(page, '/contact');
    await expectPhoneReady(page, '/contact');

    // An empty form is refused beside each field, before anything is sent.
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please write at least 10 characters.')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expectPhoneReady(page, '/contact with errors');

    await page.getByLabel('Your name').fill('Vera Visitor');
    await page.getByLabel('Your email').fill('vera.e2e@example.test');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('How do I get my first credits?');

    // Hold the call, so the message shows in the queue while it goes out.
    const release = await holdRequests(page, '**/data/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    const queued = page.getByRole('list', { name: 'Messages being sent' });
    await expect(queued).toContainText(subject);
    await expect(queued).toContainText('Sending…');
    release();
    const sent = page.getByTestId('contact-sent');
    await expect(sent).toContainText('Message sent');
    await expect(sent).toContainText(`We received “${subject}” and will answer at vera.e2e@example.test`);
    await expect(sent).toBeFocused();
    await expect(queued).toHaveCount(0);

    const adminPage = await openAs(browser, app.url, admin, '/admin/inbox');
    await expect(adminPage.getByRole('heading', { level: 2, name: 'Inbox' })).toBeVisible();
    const row = adminPage.getByTestId('admin-inbox-message').first();
    await expect(row).toContainText(subject);
    await expect(row).toContainText('Unread');
    await expect(row).toContainText('Vera Visitor <vera.e2e@example.test>');
    await expectPhoneReady(adminPage, '/admin/inbox');

    await row.getByRole('link', { name: subject }).click();
    await expect(adminPage.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    await expect(adminPage.getByTestId('admin-message-text')).toHaveText('How do I get my first credits?');
    await expect(adminPage.getByTestId('admin-message-state')).toHaveText('Read');
    await expectPhoneReady(adminPage, '/admin/inbox/:id');

    await adminPage.getByLabel('Your reply to vera.e2e@example.test').fill('Open Earn Credits and view a few posts.');
    await adminPage.getByRole('button', { name: 'Send reply' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: 'Reply mailed to vera.e2e@example.test.' })).toBeVisible();
    await expect(adminPage.getByTestId('admin-message-state')).toHaveText('Answered');
    await expect(adminPage.getByTestId('admin-message-reply')).toContainText('Open Earn Credits and view a few posts.');
    const { rows } = await app.db.query(
      `SELECT subject, text_body FROM mail_outbox WHERE to_address = 'vera.e2e@example.test' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0].subject).toBe(`Re: ${subject}`);
    expect(rows[0].text_body).toContain('Open Earn Credits and view a few posts.');

    await adminPage.getByRole('link', { name: '← Inbox' }).click();
    await expect(adminPage.getByTestId('admin-inbox-message').first()).toContainText('Answered');
    await adminPage.context().close();
  });
});

test.describe('/terms and /privacy', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('show the stored text, and what an admin saves, with HTML and script links made inert', async ({
    page,
    browser,
    app,
    admin,
  }) => {
    for (const path of ['/terms', '/privacy']) {
      await openPage(page, path);
      await expect(page.getByTestId('site-page-text')).toBeVisible();
      await expectPhoneReady(page, path);
    }
    await expect(page.getByTestId('site-page-text')).toContainText('cookie_consent');
    await expect(page.getByTestId('site-page-text')).toContainText('365 days');

    const original = (await app.db.query(`SELECT markdown FROM site_pages WHERE slug = 'terms'`)).rows[0].markdown as string;
    const adminPage = await openAs(browser, app.url, admin, '/admin/pages');
    try {
      await adminPage.getByRole('link', { name: 'Edit Terms of use' }).click();
      const editor = adminPage.getByLabel('Text (Markdown)');
      await expect(editor).toHaveValue(original);
      await expectPhoneReady(adminPage, '/admin/pages/terms');
      await editor.fill(
        '## Fair play\n\nOne account per person. <script>window.pwned = true</script>\n\n[Click me](javascript:window.pwned=true) or [write to us](/contact).',
      );
      const preview = adminPage.getByTestId('admin-page-preview');
      await expect(preview.getByRole('heading', { name: 'Fair play' })).toBeVisible();
      await adminPage.getByRole('button', { name: 'Save' }).click();
      await expect(adminPage.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

      await openPage(page, '/terms');
      const text = page.getByTestId('site-page-text');
      await expect(text.getByRole('heading', { level: 2, name: 'Fair play' })).toBeVisible();
      await expect(text).toContainText('One account per person.');
      await expect(text.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact');
      await expect(text.getByText('Click me')).toBeVisible();
      await expect(text.getByRole('link', { name: 'Click me' })).toHaveCount(0);
      expect(await text.locator('script').count()).toBe(0);
      expect(await text.innerHTML()).not.toMatch(/javascript:|<script/i);
      await text.getByText('Click me').click();
      expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
    } finally {
      await adminPage.request.put('/data/admin/pages/terms', { headers: XHR, data: { markdown: original } });
      await adminPage.context().close();
    }
  });
});
