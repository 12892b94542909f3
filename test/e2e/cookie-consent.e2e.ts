import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CONSENT_COOKIE, GEO_COUNTRY_PATH } from '../../shared/consent/consent.js';
import { VISIT_COOKIE, VISITOR_COOKIE } from '../../shared/tracking/tracking-constants.js';
import { expect, test } from './fixtures.js';

/**
 * The browser's address is the loopback one, which no country database places: each test says
 * where the visitor is by rewriting the country of the real /data/start answer. The tests start on
 * a page the client draws, which asks /data/start (the landing page comes drawn by the server with
 * the country in it: server-drawn-pages.e2e.ts).
 */
const FIRST_PAGE = '/privacy';

async function visitFrom(page: Page, country: string | null): Promise<void> {
  await page.route('**/data/start', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.visitorCountry = country;
    await route.fulfill({ response, json: body });
  });
}

// These visitors have not answered yet (the other files' have: fixtures.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((found) => found.name === name)?.value;
}

/** Goes to another page of the app and waits until its visit is recorded. */
async function nextPage(page: Page): Promise<{ visitorID: string; visitID: string }> {
  const recorded = page.waitForRequest((request) => request.url().endsWith('/data/z5-stats/record'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  return (await recorded).postDataJSON();
}

test('a visitor from a cookie-law country sees the banner, denies, and gets no tracking cookie', async ({ page }) => {
  await visitFrom(page, 'AT');
  await page.goto(FIRST_PAGE);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button')).toHaveText(['Deny', 'Allow', 'Dismiss']);
  // Nothing before an answer either.
  expect(await cookie(page, VISITOR_COOKIE)).toBeUndefined();

  await banner(page).getByRole('button', { name: 'Deny' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await cookie(page, CONSENT_COOKIE)).toBe('deny');
  await nextPage(page);
  expect(await cookie(page, VISITOR_COOKIE)).toBeUndefined();
  expect(await cookie(page, VISIT_COOKIE)).toBeUndefined();
  // Austria's answers cannot be revoked from the page: no settings button.
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);

  // The answer holds on the next load.
  await page.reload();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(banner(page)).toBeHidden();
  expect(await cookie(page, VISITOR_COOKIE)).toBeUndefined();
});

test('allowing sets the tracking cookies, carrying on the ids the page already sent', async ({ page }) => {
  await visitFrom(page, 'IT');
  const firstRecord = page.waitForRequest((request) => request.url().endsWith('/data/z5-stats/record'));
  await page.goto(FIRST_PAGE);
  const first = (await firstRecord).postDataJSON();
  // Italy needs an explicit answer: dismissing is not offered.
  await expect(banner(page).getByRole('button')).toHaveText(['Deny', 'Allow']);
  expect(await cookie(page, VISITOR_COOKIE)).toBeUndefined();

  await banner(page).getByRole('button', { name: 'Allow' }).click();
  await expect(banner(page)).toBeHidden();
  const second = await nextPage(page);
  expect(second.visitorID).toBe(first.visitorID);
  expect(await cookie(page, VISITOR_COOKIE)).toBe(first.visitorID);
  expect(await cookie(page, VISIT_COOKIE)).toBe(first.visitID);
  const consent = (await page.context().cookies()).find((found) => found.name === CONSENT_COOKIE)!;
  expect(consent.value).toBe('allow');
  expect(consent.path).toBe('/');
  expect(consent.sameSite).toBe('Lax');
  // Asked for 365 days (Chromium keeps up to 400).
  expect((consent.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);
});

test("a revocable country's Cookie settings button clears the answer and reopens the banner", async ({ page }) => {
  await visitFrom(page, 'DE');
  await page.goto(FIRST_PAGE);
  await banner(page).getByRole('button', { name: 'Allow' }).click();
  await nextPage(page);
  expect(await cookie(page, VISITOR_COOKIE)).toBeTruthy();

  const settings = page.getByRole('button', { name: 'Cookie settings' });
  await expect(settings).toBeVisible();
  await settings.click();
  await expect(banner(page)).toBeVisible();
  await expect(settings).toHaveCount(0);
  // Keyboard users land on the answers.
  await expect(banner(page).getByRole('button', { name: 'Deny' })).toBeFocused();
  expect(await cookie(page, CONSENT_COOKIE)).toBeUndefined();
  expect(await cookie(page, VISITOR_COOKIE)).toBeUndefined();

  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test('a visitor from a country without a cookie law sees no banner, and is tracked with cookies', async ({ page }) => {
  await visitFrom(page, 'US');
  const recorded = page.waitForRequest((request) => request.url().endsWith('/data/z5-stats/record'));
  await page.goto(FIRST_PAGE);
  const record = (await recorded).postDataJSON();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
  await expect.poll(() => cookie(page, VISITOR_COOKIE)).toBe(record.visitorID);
});

test("when /data/start cannot place the visitor, the app's own country call decides", async ({ page }) => {
  const asked: string[] = [];
  await page.route(`**${GEO_COUNTRY_PATH}`, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ json: { data: { country: 'US' }, errors: [], maintenance: false } });
  });
  await page.goto(FIRST_PAGE);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect.poll(() => asked.length).toBe(1);
  await expect(banner(page)).toHaveCount(0);
  expect(new URL(asked[0]).origin).toBe(new URL(page.url()).origin);
});

test('when the country call fails, the country stays unknown and the banner shows', async ({ page }) => {
  await page.route(`**${GEO_COUNTRY_PATH}`, (route) => route.abort('failed'));
  await page.goto(FIRST_PAGE);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button')).toHaveText(['Deny', 'Allow', 'Dismiss']);
});

test('the banner fits a 375 px phone, answers from the keyboard, and axe finds nothing serious', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await visitFrom(page, 'ES');
  await page.goto(FIRST_PAGE);
  await expect(banner(page)).toBeVisible();
  const box = (await banner(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y + box.height).toBeLessThanOrEqual(700);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

  // Tab from the page reaches the banner's answers; Enter answers.
  const allow = banner(page).getByRole('button', { name: 'Allow' });
  for (let presses = 0; presses < 40 && !(await allow.evaluate((button) => button === document.activeElement)); presses++)
    await page.keyboard.press('Tab');
  await expect(allow).toBeFocused();
  expect(await allow.evaluate((button) => button.matches(':focus-visible'))).toBe(true);
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  expect(await cookie(page, CONSENT_COOKIE)).toBe('allow');
});
