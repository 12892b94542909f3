import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CONSENT_COOKIE } from '../../shared/consent/consent.js';
import { expect, test } from './fixtures.js';
import { signUpMember } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> & { notes?: Record<string, unknown> };
  headers: Record<string, string>;
  at: number;
}

/**
 * Answers the tracking calls in the browser, as the server would, and keeps what the page sent:
 * these tests check the client alone.
 */
async function interceptTracking(page: Page): Promise<Sent[]> {
  const sent: Sent[] = [];
  const keep = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const request = route.request();
    sent.push({
      method: request.method(),
      path: new URL(request.url()).pathname,
      body: request.postDataJSON(),
      headers: await request.allHeaders(),
      at: Date.now(),
    });
    await route.fulfill({ json: { data: null, errors: [], maintenance: false } });
  };
  await page.route('**/data/z5-stats/**', keep);
  await page.route('**/data/feed/recordFeedActivity/**', keep);
  return sent;
}

/** Keeps, in the tab's session storage (it survives a page load), whether each tracking call asked for keepalive. */
async function logKeepalive(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/z5-stats/')) {
        const log = JSON.parse(sessionStorage.getItem('trackingLog') ?? '[]') as unknown[];
        log.push({ method: init?.method, keepalive: init?.keepalive === true, body: init?.body });
        sessionStorage.setItem('trackingLog', JSON.stringify(log));
      }
      return fetch(input, init);
    };
  });
}

const records = (sent: Sent[]) => sent.filter((call) => call.path === '/data/z5-stats/record');
const updates = (sent: Sent[]) => sent.filter((call) => call.path === '/data/z5-stats/update');

test('every page change records a visit with a new page id, the page before as referrer, and, with consent, the visit cookies', async ({
  page,
  app,
}) => {
  // The loopback address has no known country, which counts as a cookie law: these visitors have allowed cookies (fixtures.ts).
  expect((await page.context().cookies()).find((cookie) => cookie.name === CONSENT_COOKIE)?.value).toBe('allow');
  const sent = await interceptTracking(page);
  await page.goto('/');
  await expect.poll(() => records(sent).length).toBe(1);
  const [first] = records(sent);
  expect(first.method).toBe('POST');
  expect(first.headers['x-requested-with']).toBe('XMLHttpRequest');
  expect(first.body).toMatchObject({ url: `${app.url}/`, referrer: '', uid: null, windowWidth: 1280, windowHeight: 720 });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => records(sent).length).toBe(2);
  const second = records(sent)[1];
  expect(second.body).toMatchObject({ url: `${app.url}/terms`, referrer: `${app.url}/`, visitID: first.body.visitID });
  expect(second.body.pageID).not.toBe(first.body.pageID);

  const cookies = await page.context().cookies();
  const visit = cookies.find((cookie) => cookie.name === 'z5v');
  const visitor = cookies.find((cookie) => cookie.name === 'z5vr');
  expect(visit?.value).toBe(first.body.visitID);
  expect(visitor?.value).toBe(first.body.visitorID);
  expect(visit?.sameSite).toBe('Lax');
  const inDays = (expires: number) => (expires * 1000 - Date.now()) / 86_400_000;
  expect(inDays(visit!.expires)).toBeGreaterThan(29 / 1440);
  expect(inDays(visit!.expires)).toBeLessThanOrEqual(30 / 1440);
  // The client asks for 3650 days; Chromium caps every cookie at 400 (the client rewrites it at each visit).
  expect(inDays(visitor!.expires)).toBeGreaterThan(399);
});

test('the visit update is sent every 5 s while the page is visible, and with keepalive when it is hidden or left', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logKeepalive(page);
  const sent = await interceptTracking(page);
  await page.goto('/');
  await expect.poll(() => records(sent).length).toBe(1);
  const { pageID } = records(sent)[0].body;

  await expect.poll(() => updates(sent).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const [one, two] = updates(sent);
  expect(one.method).toBe('PUT');
  expect(one.body).toMatchObject({ pageID, visitID: records(sent)[0].body.visitID });
  expect(two.at - one.at).toBeGreaterThan(4000);
  expect(two.at - one.at).toBeLessThan(6500);

  // The tab is hidden: one update at once, with keepalive, and none while it stays hidden.
  const before = updates(sent).length;
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => updates(sent).length).toBe(before + 1);
  const log = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('trackingLog') ?? '[]') as { keepalive: boolean }[]);
  expect((await log()).at(-1)).toMatchObject({ method: 'PUT', keepalive: true });
  await page.waitForTimeout(6000);
  expect(updates(sent)).toHaveLength(before + 1);

  // Shown again (the browser's own state again), then left: the page sends its last update as it goes.
  await page.evaluate(() => {
    delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => updates(sent).length).toBe(before + 2);
  const sentBeforeLeaving = (await log()).length;
  await page.goto('/terms');
  await expect.poll(() => records(sent).length).toBe(2);
  // A request sent as the page unloads is not always reported to Playwright: the tab's own log says what it sent.
  const leaving = ((await log()) as { method: string; keepalive: boolean; body: string }[])
    .slice(sentBeforeLeaving)
    .filter((call) => call.method === 'PUT');
  expect(leaving.map((call) => ({ keepalive: call.keepalive, pageID: JSON.parse(call.body).pageID }))).toEqual([
    { keepalive: true, pageID },
  ]);
});

test('a post scrolled into view for 2 s records a level-10 view once, after its level-5 view', async ({ browser, app }) => {
  const member = await signUpMember(browser, app, 'Vera');
  const page = member.page;
  const pids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const created = await page.request.post('/data/posts', {
      headers: XHR,
      data: { text: `Post number ${i} ${randomBytes(2).toString('hex')}`, language: 'en' },
    });
    expect(created.status(), await created.text()).toBe(200);
    pids.push((await created.json()).data.post.pid);
  }
  const oldest = pids[0];
  await page.setViewportSize({ width: 800, height: 500 });
  const sent = await interceptTracking(page);
  const views = (pid: number) =>
    sent
      .filter((call) => call.path === '/data/feed/recordFeedActivity/post_view' && call.body.obj === pid)
      .map((call) => call.body.notes!);

  await page.goto('/home');
  const entries = page.getByRole('feed', { name: 'Your feed' }).getByRole('article');
  await expect(entries).toHaveCount(4);
  // The oldest post is at the bottom of the feed, below the window.
  await page.waitForTimeout(2500);
  expect(views(oldest)).toEqual([]);

  await entries.last().scrollIntoViewIfNeeded();
  const scrolledAt = Date.now();
  await expect.poll(() => views(oldest).length).toBe(1);
  expect(views(oldest)[0]).toMatchObject({ source: 'website', place: 'feed', seen: 5 });
  await expect.poll(() => views(oldest).length, { timeout: 5000 }).toBe(2);
  const level10 = sent.find((call) => call.body.obj === oldest && call.body.notes?.seen === 10)!;
  expect(level10.at - scrolledAt).toBeGreaterThanOrEqual(1900);
  // It names the visit and page view it happened in, so it counts once per visit and is broken down by the page view.
  const pageView = records(sent).at(-1)!.body;
  expect(level10.body.notes).toMatchObject({
    source: 'website',
    place: 'feed',
    seen: 10,
    visit: pageView.visitID,
    page: pageView.pageID,
  });
  expect(level10.body.notes!.time).toBeGreaterThanOrEqual(2000);

  // Once per page view: away and back again records nothing more.
  await page.evaluate(() => window.scrollTo(0, 0));
  await entries.last().scrollIntoViewIfNeeded();
  await page.waitForTimeout(2500);
  expect(views(oldest).map((notes) => notes.seen)).toEqual([5, 10]);
  await member.context.close();
});
