import { expectPhoneReadyAndAccessible } from './helpers.js';
import { expect, openAs, test } from './realtime-helpers.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.describe('the admin Errors, Ledger and Settings tabs', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('lists a crash grouped, shows it in full and marks it resolved', async ({ browser, app, admin }) => {
    const page = await openAs(browser, app.url, admin, '/admin');
    const message = `E2E crash ${Date.now()}`;
    for (const id of [1, 2]) {
      const logged = await page.request.post('/data/log_error', {
        headers: XHR,
        data: {
          type: 'render',
          url: `${app.url}/feed`,
          stacktrace: `TypeError: ${message} in post ${id}\n    at FeedItem (${app.url}/assets/index.js:1:${id})`,
        },
      });
      expect(logged.status()).toBe(200);
    }

    await page.getByRole('link', { name: 'Errors' }).click();
    await expect(page).toHaveURL(/\/admin\/errors$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Errors' })).toBeVisible();
    const group = page.getByTestId('admin-error-group').filter({ hasText: 'in post #' }).first();
    await expect(group).toContainText('2 times');
    await expectPhoneReadyAndAccessible(page);

    await group.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 2 })).toContainText('in post #');
    await expect(page.getByText(`${app.url}/feed`)).toBeVisible();
    await expectPhoneReadyAndAccessible(page);
    await page.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(page.getByText(/^Resolved /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark resolved' })).toHaveCount(0);
    await page.context().close();
  });

  test('runs the ledger check and shows the totals', async ({ browser, app, admin }) => {
    const page = await openAs(browser, app.url, admin, '/admin/ledger');
    await expect(page.getByRole('heading', { level: 2, name: 'Ledger' })).toBeVisible();
    await expect(page.getByTestId('ledger-totals')).toContainText('Welcome bonus');
    await page.getByRole('button', { name: 'Run the ledger check' }).click();
    const result = page.getByTestId('ledger-result');
    await expect(result).toContainText('The ledger is balanced');
    await expect(result).toBeFocused();
    await expectPhoneReadyAndAccessible(page);
    await page.context().close();
  });

  test('previews an announcement as a chosen viewer on a chosen page, with its schedule', async ({ browser, app, admin }) => {
    const page = await openAs(browser, app.url, admin, '/admin/announcements/new');
    await page.getByLabel('Heading', { exact: true }).fill('Visitors only news');
    await page.getByLabel('Content', { exact: true }).fill('Sign up this week.');
    await page.getByRole('radio', { name: 'Logged-out visitors' }).check();
    await page.getByLabel('Only on these pages (optional)').fill('/home');
    await page.getByLabel('Show from (optional)').fill('2031-05-01T09:00');

    const preview = page.getByTestId('announcement-preview');
    await page.getByLabel('Preview as').selectOption('members');
    await expect(preview).toContainText('A logged-in member on this page would not see it.');
    await page.getByLabel('Preview as').selectOption('visitors');
    await page.getByLabel('On the page (optional)').fill('/settings');
    await expect(preview).toContainText('does not show on /settings');
    await page.getByLabel('On the page (optional)').fill('/home');
    await expect(preview).toContainText('Visitors only news');
    await expect(page.getByText(/Shown from .*2031/)).toBeVisible();
    await expectPhoneReadyAndAccessible(page);
    await page.context().close();
  });
  test('the reports queue: the overview links to it, the admin hides a reported post and it leaves the queue', async ({
    browser,
    app,
    admin,
    member,
  }) => {
    const writer = await browser.newContext({ baseURL: app.url, storageState: member.state });
    const text = `Cheap followers ${Date.now()}`;
    const created = await writer.request.post('/data/posts', { headers: XHR, data: { text, language: 'en', tags: [] } });
    expect(created.status()).toBe(200);
    const { pid } = (await created.json()).data.post as { pid: number };
    const page = await openAs(browser, app.url, admin, '/admin');
    const reported = await page.request.post('/data/reports', { headers: XHR, data: { pid, reason: 'spam links' } });
    expect(reported.status()).toBe(200);

    await page.reload();
    await page.getByRole('link', { name: /reported post or comment waits for you|reported posts and comments wait/ }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    const item = page.getByTestId('admin-report').filter({ hasText: text });
    await expect(item).toContainText(member.username);
    await expect(item).toContainText('spam links');
    await expect(item).toContainText('Shown');
    await expectPhoneReadyAndAccessible(page);

    await item.getByRole('button', { name: `Hide ${member.username}’s post` }).click();
    const dialog = page.getByRole('dialog', { name: `Hide ${member.username}’s post?` });
    await expect(dialog).toContainText('it leaves the surf bar at once');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    const notice = page.getByRole('region', { name: 'Reports' }).getByRole('status');
    await expect(notice).toContainText(`${member.username}’s post is hidden; its reports are closed.`);
    await expect(notice).toBeFocused();
    await expect(item).toHaveCount(0);
    expect((await page.request.get(`/data/posts/${pid}`)).status()).toBe(200);
    const visitor = await browser.newContext({ baseURL: app.url });
    expect((await visitor.request.get(`/data/posts/${pid}`)).status()).toBe(404);
    await visitor.close();
    await writer.close();
    await page.context().close();
  });

  test('site settings: a bad stop score is refused beside its field; maintenance sends visitors to the maintenance page while the admin keeps working and switches it off', async ({
    browser,
    app,
    admin,
  }) => {
    const page = await openAs(browser, app.url, admin, '/admin/settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Site settings' })).toBeVisible();
    await expectPhoneReadyAndAccessible(page);
    // A stop score under the challenge score is refused beside its field, nothing saved.
    const countdown = page.getByRole('spinbutton', { name: 'Countdown (seconds)' });
    await expect(countdown).toHaveValue('');
    await countdown.fill('12');
    await page.getByRole('spinbutton', { name: 'Stop score' }).fill('10');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The stop score must be higher than the challenge score.')).toBeVisible();
    await expect(page.getByText('Settings saved.')).toBeHidden();
    await page.getByRole('spinbutton', { name: 'Stop score' }).fill('150');
    const maintenance = page.getByRole('checkbox', { name: /Maintenance/ });
    await maintenance.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    const visitor = await browser.newContext({ baseURL: app.url });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/signup');
    await expect(visitorPage).toHaveURL(/\/maintenance$/);
    await expect(visitorPage.getByRole('heading', { name: 'We’ll be right back' })).toBeVisible();

    // The admin is still in the admin area and switches maintenance off again.
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    // The countdown was saved with it; emptied, the server's own setting is back.
    await expect(countdown).toHaveValue('12');
    await countdown.fill('');
    await page.getByRole('checkbox', { name: /Maintenance/ }).uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await visitorPage.goto('/signup');
    await expect(visitorPage).toHaveURL(/\/signup$/);
    await visitor.close();
    await page.context().close();
  });
});
