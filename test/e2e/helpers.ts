import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, type AppUnderTest, type WebsiteColumns } from './fixtures.js';

/** Every route open to visitors, as a visitor would type it. */
export const PUBLIC_PATHS = [
  '/',
  '/terms',
  '/privacy',
  '/contact',
  '/signup',
  '/login',
  '/login/multi',
  '/password/reset',
  '/password/reset/abc',
  '/post/12',
  '/profile/alice',
  '/setup/1/abc',
  '/settings/emailSettings',
  '/upgrade/complete',
  '/maintenance',
  '/data/payment/hook/payroc/receipt',
] as const;

/** Opens a page and waits until its screen has rendered (its level-1 heading is on screen). */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A visitor's page may come drawn by the server: its buttons answer once the app has taken it over.
  await page.locator('html[data-screen]').waitFor({ state: 'attached' });
  return response;
}

/**
 * Holds every request to `url` until the returned function is called, then lets them go on: for
 * looking at a screen while its call is on its way.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Runs `body` with some website settings changed, then puts back the values they had,
 * so the next test in this worker sees the defaults again.
 */
export async function withWebsite(app: AppUnderTest, columns: WebsiteColumns, body: () => Promise<void>): Promise<void> {
  const names = Object.keys(columns);
  const { rows } = await app.db.query(`SELECT ${names.join(', ')} FROM website_settings WHERE id = 1`);
  const previous = rows[0] as WebsiteColumns;
  await app.setWebsite(columns);
  try {
    await body();
  } finally {
    await app.setWebsite(previous);
  }
}

/**
 * Waits for the page's finite animations to end (modals and toasts fade in), so axe sees
 * final colours. A cancelled animation (its element removed) rejects with AbortError: ignored.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Fits a 375 px screen (nothing wider than it) and has no serious or critical axe violation. */
export async function expectPhoneReadyAndAccessible(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    'wider than the screen',
  ).toBe(false);
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}
