import type { Page } from '@playwright/test';
import pg from 'pg';
import { FailoverProxy } from '../support/failover-proxy.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-postgres.js';
import {
  createAccount,
  endAllAnnouncements,
  expect,
  expectConnected,
  expectUnread,
  freePort,
  markWindow,
  notifyMember,
  openAs,
  openLivePage,
  publishAnnouncement,
  test,
  toast,
  type Account,
} from './realtime-helpers.js';

/** Every test leaves no active announcement behind: the other e2e files of this worker see the plain site. */
test.afterEach(async ({ browser, app, admin }) => {
  const context = await browser.newContext({ baseURL: app.url, storageState: admin.state });
  await endAllAnnouncements(context.request, app.db);
  await context.close();
});

async function openSecondTab(page: Page, path: string): Promise<Page> {
  const second = await page.context().newPage();
  await openLivePage(second, path);
  return second;
}

test('an admin publishes a modal in the admin screen and an open member page shows it at once; closing it dismisses it for good', async ({
  browser,
  app,
  admin,
  member,
}) => {
  const memberPage = await openAs(browser, app.url, member, '/settings');
  const notReloaded = await markWindow(memberPage);
  const adminPage = await openAs(browser, app.url, admin, '/admin');

  await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Announcements' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Announcements' })).toBeVisible();
  await adminPage.getByRole('link', { name: 'New announcement' }).click();
  await adminPage.getByLabel('Heading', { exact: true }).fill('Scheduled maintenance');
  await adminPage.getByLabel('Content', { exact: true }).fill('The site is read-only tonight from 2 to 3.');
  await adminPage.getByLabel('Footer (optional)').fill('Thanks for your patience.');
  await adminPage.getByRole('radio', { name: 'Modal dialog' }).check();
  await adminPage.getByLabel('Colour').selectOption('warning');
  await adminPage.getByRole('radio', { name: 'Logged-in members' }).check();
  const preview = adminPage.getByTestId('announcement-preview');
  await expect(preview).toContainText('Scheduled maintenance');
  await expect(preview).toContainText('The site is read-only tonight from 2 to 3.');
  await expect(adminPage.getByText('Shown to: Logged-in members. Pages: Every page.')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Publish' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Published: “Scheduled maintenance”.' })).toBeVisible();
  // The editor shows the preview, not the live modal, so the admin can keep working.
  await expect(adminPage.getByRole('dialog')).toHaveCount(0);

  const modal = memberPage.getByRole('dialog', { name: 'Scheduled maintenance' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('The site is read-only tonight from 2 to 3.');
  await expect(modal).toContainText('Thanks for your patience.');
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(modal).toBeHidden();
  await notReloaded();

  await expect
    .poll(
      async () =>
        (await app.db.query(`SELECT count(*)::int AS n FROM announcement_dismissals WHERE user_id = $1`, [member.id])).rows[0].n,
    )
    .toBe(1);
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(memberPage.getByTestId('credit-count')).toBeVisible();
  await expect(memberPage.getByRole('dialog')).toHaveCount(0);

  // The admin list counts the dismissal; ending it asks first.
  await adminPage.reload();
  const row = adminPage.getByTestId('admin-announcement').filter({ hasText: 'Scheduled maintenance' });
  await expect(row).toContainText('Active');
  await expect(row.locator('div', { hasText: 'Dismissed by' }).locator('dd')).toHaveText('1 member');
  await row.getByRole('button', { name: 'End: Scheduled maintenance' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'End this announcement?' });
  await expect(confirm).toContainText('“Scheduled maintenance” disappears at once');
  await confirm.getByRole('button', { name: 'End announcement' }).click();
  await expect(confirm).toBeHidden();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Ended: “Scheduled maintenance”.' })).toBeVisible();
  await expect(row).toContainText('Ended');
  await expect(row.getByRole('button', { name: /^End/ })).toHaveCount(0);
  await adminPage.context().close();
  await memberPage.context().close();
});

test('alert bars follow their only / except paths as the member moves between pages, and a visitor-only one reaches visitors alone', async ({
  browser,
  app,
  admin,
  member,
}) => {
  const memberPage = await openAs(browser, app.url, member, '/home');
  const notReloaded = await markWindow(memberPage);
  const visitorContext = await browser.newContext({ baseURL: app.url });
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto('/');
  await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expectConnected(visitorPage);

  const adminContext = await browser.newContext({ baseURL: app.url, storageState: admin.state });
  await publishAnnouncement(adminContext.request, {
    heading: 'Home only',
    content: 'Only on the dashboard.',
    type: 'announcement',
    auth: 'members',
    only: ['/home'],
  });
  await publishAnnouncement(adminContext.request, {
    heading: 'Not on security',
    content: 'Everywhere but the security settings.',
    type: 'announcement',
    auth: 'all',
    except: ['/settings/security'],
  });
  await publishAnnouncement(adminContext.request, {
    heading: 'Visitors only',
    content: 'Sign up today.',
    type: 'announcement',
    auth: 'visitors',
  });

  const bars = (page: Page) => page.getByRole('region', { name: 'Announcements' });
  await expect(bars(memberPage).getByText('Home only')).toBeVisible();
  await expect(bars(memberPage).getByText('Not on security')).toBeVisible();
  await expect(bars(memberPage).getByText('Visitors only')).toHaveCount(0);

  // Client-side navigation: the same live list, filtered by the path.
  await memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(bars(memberPage).getByText('Not on security')).toBeVisible();
  await expect(memberPage.getByText('Home only')).toHaveCount(0);
  await memberPage.getByRole('link', { name: 'Security' }).first().click();
  await expect(memberPage).toHaveURL(/\/settings\/security$/);
  await expect(memberPage.getByText('Not on security')).toHaveCount(0);
  await expect(memberPage.getByText('Home only')).toHaveCount(0);
  await notReloaded();

  // A visitor got the visitor-only and the everyone announcement live, not the members-only one.
  await expect(bars(visitorPage).getByText('Visitors only')).toBeVisible();
  await expect(bars(visitorPage).getByText('Not on security')).toBeVisible();
  await expect(visitorPage.getByText('Home only')).toHaveCount(0);

  // After a reload each side still gets only its own, from /data/start.
  await memberPage.goto('/home');
  await expect(memberPage.getByTestId('credit-count')).toBeVisible();
  await expect(bars(memberPage).getByText('Home only')).toBeVisible();
  await expect(memberPage.getByText('Visitors only')).toHaveCount(0);
  await visitorPage.reload();
  await expect(bars(visitorPage).getByText('Visitors only')).toBeVisible();
  await expect(visitorPage.getByText('Home only')).toHaveCount(0);

  // A visitor's dismissal stays in their browser.
  await bars(visitorPage).getByRole('button', { name: 'Dismiss announcement: Visitors only' }).click();
  await expect(visitorPage.getByText('Visitors only')).toHaveCount(0);
  await visitorPage.reload();
  await expect(bars(visitorPage).getByText('Not on security')).toBeVisible();
  await expect(visitorPage.getByText('Visitors only')).toHaveCount(0);

  await Promise.all([adminContext.close(), visitorContext.close(), memberPage.context().close()]);
});

test('a message to a member pops up as a toast in both of their open tabs and reading it in one tab clears the counter in the other', async ({
  browser,
  app,
  admin,
  member,
}) => {
  await app.db.query(`DELETE FROM notifications WHERE user_id = $1`, [member.id]);
  const first = await openAs(browser, app.url, member, '/settings');
  const second = await openSecondTab(first, '/home');
  await expectUnread(first, 0);
  await expectUnread(second, 0);

  const adminPage = await openAs(browser, app.url, admin, '/admin');
  // The member is found by part of their username; the form says whom it will write to.
  await adminPage.getByLabel('Member', { exact: true }).fill(member.username.slice(0, 6));
  await expect(adminPage.locator(`datalist option[value="${member.username}"]`)).toHaveCount(1);
  await adminPage.getByLabel('Member', { exact: true }).fill(member.username);
  await expect(adminPage.getByText(`To ${member.username} (`)).toBeVisible();
  await adminPage.getByLabel('Heading', { exact: true }).fill('Welcome aboard');
  await adminPage.getByLabel('Message', { exact: true }).fill('Your account is ready. Write to us any time.');
  await adminPage.getByLabel('Link (optional)').fill('/settings/profile');
  await adminPage.getByRole('button', { name: 'Send message' }).click();
  await expect(adminPage.getByText(`Sent to ${member.username}.`)).toBeVisible();

  for (const tab of [first, second]) {
    await expect(toast(tab, 'Welcome aboard')).toBeVisible();
    await expect(toast(tab, 'Welcome aboard')).toContainText('Your account is ready.');
    await expectUnread(tab, 1);
  }

  // Tab one opens the list and marks it read: tab two's counter follows.
  await first.getByTestId('notification-bell').click();
  await expect(first.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const welcome = first.getByTestId('notification').filter({ hasText: 'Welcome aboard' });
  await expect(welcome).toContainText('Unread');
  await expect(welcome.getByRole('link', { name: 'Welcome aboard' })).toHaveAttribute('href', '/settings/profile');
  await welcome.getByRole('button', { name: 'Mark as read: Welcome aboard' }).click();
  await expect(welcome).not.toContainText('Unread');
  await expect(first.getByTestId('unread-summary')).toHaveText('You are all caught up.');
  await expectUnread(first, 0);
  await expectUnread(second, 0);

  // A new one arrives while the list is open: it goes on top; opening its link marks it read everywhere.
  await notifyMember(adminPage.request, member.id, {
    heading: 'Your campaign is live',
    body: 'It started showing.',
    link: '/settings/security',
  });
  const items = first.getByTestId('notification');
  await expect(items.first()).toContainText('Your campaign is live');
  await expect(items.first()).toContainText('Unread');
  await expectUnread(first, 1);
  await expectUnread(second, 1);
  await items.first().getByRole('link', { name: 'Your campaign is live' }).click();
  await expect(first).toHaveURL(/\/settings\/security$/);
  await expectUnread(first, 0);
  await expectUnread(second, 0);

  // "Mark all as read" in tab two clears tab one.
  await notifyMember(adminPage.request, member.id, { heading: 'Tip one', body: 'Earn credits by surfing.' });
  await notifyMember(adminPage.request, member.id, { heading: 'Tip two', body: 'Follow tags you like.' });
  await expectUnread(first, 2);
  await second.goto('/notifications');
  await expect(second.getByTestId('unread-summary')).toHaveText('2 unread');
  await expect(second.getByTestId('notification').nth(0)).toContainText('Tip two');
  await expect(second.getByTestId('notification').nth(1)).toContainText('Tip one');
  await second.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(second.getByTestId('unread-summary')).toHaveText('You are all caught up.');
  await expect(second.getByTestId('notification').filter({ hasText: 'Unread' })).toHaveCount(0);
  await expectUnread(first, 0);

  await Promise.all([adminPage.context().close(), first.context().close()]);
});

test.describe('when the server restarts', () => {
  test('an open page reconnects by itself and shows the notification it missed while the server was down', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const database = await createTestDatabase(process.env.DATABASE_URL!, 'e2e_restart');
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    let server: ServerProcess | null = null;
    try {
      const port = String(await freePort());
      server = await startServerProcess({ DATABASE_URL: database.url, PORT: port });
      const member: Account = await createAccount(browser, server.url, db);
      const page = await openAs(browser, server.url, member, '/settings');
      const notReloaded = await markWindow(page);
      await expectUnread(page, 0);
      await expect(page.getByText('Reconnecting…')).toHaveCount(0);

      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;
      await expect(page.getByText('Reconnecting…')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-realtime', 'reconnecting');

      await db.query(`INSERT INTO notifications (user_id, type, heading, body) VALUES ($1, 'admin_message', $2, $3)`, [
        member.id,
        'Missed while you were away',
        'Sent while the server was down.',
      ]);
      server = await startServerProcess({ DATABASE_URL: database.url, PORT: port });

      await expect(toast(page, 'Missed while you were away')).toBeVisible({ timeout: 30_000 });
      await expectUnread(page, 1);
      await expect(page.getByText('Reconnecting…')).toHaveCount(0);
      await expectConnected(page);
      await notReloaded();
      await page.context().close();
    } finally {
      await server?.stop();
      await db.end();
      await database.drop();
    }
  });
});

test.describe('when a server process shuts down behind a load balancer', () => {
  test('an open page is moved to another process by itself, without a reload, and its notifications keep arriving', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const database = await createTestDatabase(process.env.DATABASE_URL!, 'e2e_drain');
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const servers: ServerProcess[] = [];
    let proxy: FailoverProxy | null = null;
    try {
      // One after the other: the first applies the migrations to the fresh database.
      servers.push(await startServerProcess({ DATABASE_URL: database.url }));
      servers.push(await startServerProcess({ DATABASE_URL: database.url }));
      const [first, second] = servers;
      proxy = new FailoverProxy([first.url, second.url]);
      const url = await proxy.start();
      const member = await createAccount(browser, url, db);
      const admin = await createAccount(browser, url, db, { admin: true });
      const page = await openAs(browser, url, member, '/settings');
      const notReloaded = await markWindow(page);

      const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expectConnected(page);
      await expect(page.getByText('Reconnecting…')).toHaveCount(0);

      const adminContext = await browser.newContext({ baseURL: url, storageState: admin.state });
      await notifyMember(adminContext.request, member.id, { heading: 'After the move', body: 'Sent through the other process.' });
      await expect(toast(page, 'After the move')).toBeVisible();
      await notReloaded();
      await Promise.all([adminContext.close(), page.context().close()]);
    } finally {
      await proxy?.close();
      await Promise.all(servers.map((server) => server.stop()));
      await db.end();
      await database.drop();
    }
  });
});

test.describe('when the connection drops for a moment', () => {
  test('the page is recovered by the server: it shows what was sent meanwhile without asking to catch up', async ({
    browser,
    app,
    admin,
  }) => {
    const member = await createAccount(browser, app.url, app.db);
    const context = await browser.newContext({ baseURL: app.url, storageState: member.state });
    const page = await context.newPage();
    // Everything the page's socket sends, over HTTP long-polling and then the WebSocket it
    // upgrades to; a gate that holds its next connection back while a test event is sent.
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const state = { sent: [] as string[], open: [] as WebSocket[] };
      (window as unknown as { socketFrames: typeof state }).socketFrames = state;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          state.open.push(this);
        }
        send(data: Parameters<WebSocket['send']>[0]): void {
          if (typeof data === 'string') state.sent.push(data);
          super.send(data);
        }
      };
    });
    const polled: string[] = [];
    let held: Promise<void> = Promise.resolve();
    await page.route(/\/socket\.io\//, async (route) => {
      polled.push(route.request().postData() ?? '');
      await held;
      await route.continue();
    });
    type Frames = { sent: string[]; open: WebSocket[] };
    const sent = async () => [
      ...polled,
      ...(await page.evaluate(() => (window as unknown as { socketFrames: Frames }).socketFrames.sent)),
    ];
    const resumes = async () => (await sent()).filter((frame) => frame.includes('"session:resume"')).length;
    await openLivePage(page, '/settings');
    const notReloaded = await markWindow(page);
    await expect.poll(resumes).toBe(1); // a new connection catches up
    // Upgraded from long-polling to its WebSocket (the upgrade packet is "5").
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { socketFrames: Frames }).socketFrames.sent.includes('5')))
      .toBe(true);

    let release = (): void => undefined;
    held = new Promise((resolve) => (release = resolve));
    // A network blip: the page's connection closes under it, as when a phone changes networks.
    await page.evaluate(() => (window as unknown as { socketFrames: Frames }).socketFrames.open.forEach((ws) => ws.close()));
    await expect(page.locator('html')).toHaveAttribute('data-realtime', 'reconnecting');
    const adminContext = await browser.newContext({ baseURL: app.url, storageState: admin.state });
    await notifyMember(adminContext.request, member.id, { heading: 'Sent during the drop', body: 'Delivered on recovery.' });
    release();

    await expect(toast(page, 'Sent during the drop')).toBeVisible();
    await expectUnread(page, 1);
    await expectConnected(page);
    // Recovered: the server sent what was missed, so the page did not ask for a catch-up again.
    expect(await resumes()).toBe(1);
    await notReloaded();
    await Promise.all([context.close(), adminContext.close()]);
  });
});
