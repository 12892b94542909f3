import type { Page, Request } from '@playwright/test';
import { GENERIC_ERROR_TEXT } from '../../shared/client-errors/reporting.js';
import { expect, test } from './fixtures.js';

/** A screen whose chunk needs nothing the shell has not loaded (no stylesheet, no shared chunk). */
const SCREEN_CHUNK = '**/assets/MaintenancePage-*.js';
const START = new Date('2030-01-01T12:00:00Z');

interface ChunkRequests {
  /** The page's (fake) clock, in ms, at each attempt to load the chunk. */
  at: number[];
  /** How many of those attempts the page has seen fail. */
  failed: number;
}

/**
 * Makes the first `failures` attempts to load the Maintenance screen's chunk fail at the network level.
 * The page's clock is installed and paused, so the retry waits (N seconds before retry N)
 * are run through with clock.runFor instead of being waited for. An attempt may be two requests
 * at the same instant: Vite preloads a chunk (modulepreload) and, when the chunk needs a
 * stylesheet, imports it only once that has loaded, by which time the preload has failed.
 */
async function breakScreenChunk(page: Page, failures: number): Promise<ChunkRequests> {
  const chunk: ChunkRequests = { at: [], failed: 0 };
  const attemptOf = new Map<Request, number>();
  const failedAttempts = new Set<number>();
  await page.route(SCREEN_CHUNK, async (route) => {
    const now = await page.evaluate(() => Date.now());
    if (chunk.at.at(-1) !== now) chunk.at.push(now);
    attemptOf.set(route.request(), chunk.at.length);
    return chunk.at.length <= failures ? route.abort('connectionfailed') : route.continue();
  });
  page.on('requestfailed', (request) => {
    const attempt = attemptOf.get(request);
    if (attempt !== undefined && !failedAttempts.has(attempt)) {
      failedAttempts.add(attempt);
      chunk.failed++;
    }
  });
  // Time stands still unless the test moves it, so every wait can be measured exactly. (The clock
  // runs from install until the pause, which must lie ahead of it: hence the second of margin.)
  await page.clock.install({ time: START.getTime() - 1000 });
  await page.clock.pauseAt(START);
  return chunk;
}

/**
 * Runs the clock through `retries` retry waits, each once the page has seen the attempt before it
 * fail (so its wait is scheduled), and checks that retry N came N seconds after that attempt.
 */
async function runRetries(page: Page, chunk: ChunkRequests, retries: number) {
  for (let retry = 1; retry <= retries; retry++) {
    await expect.poll(() => chunk.failed, { message: `failed attempts before retry ${retry}` }).toBe(retry);
    await page.clock.runFor(retry * 1000);
  }
  await expect.poll(() => chunk.at.length, { message: 'attempts in all' }).toBe(retries + 1);
  const waits = chunk.at.slice(1).map((at, i) => at - chunk.at[i]);
  expect(waits, 'fake-clock time between one attempt and the next').toEqual(
    Array.from({ length: retries }, (_, i) => (i + 1) * 1000),
  );
  // Let time flow again: React's own timers (Suspense reveal) must run for the page to settle.
  await page.clock.resume();
}

test('a screen that cannot load even after 10 retries shows the generic error page and reports the crash', async ({
  page,
  app,
}) => {
  const chunk = await breakScreenChunk(page, Infinity);
  const { rows: before } = await app.db.query('SELECT count(*)::int AS n FROM client_errors');
  await page.goto('/maintenance');
  await runRetries(page, chunk, 10);

  await expect(page.getByText(GENERIC_ERROR_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'We’ll be right back' })).toHaveCount(0);
  // No technical detail reaches the user.
  await expect(page.getByText(/chunk|MaintenancePage|stack/i)).toHaveCount(0);

  await expect
    .poll(async () => (await app.db.query('SELECT count(*)::int AS n FROM client_errors')).rows[0].n)
    .toBe(before[0].n + 1);
  const { rows } = await app.db.query('SELECT url, stacktrace FROM client_errors ORDER BY id DESC LIMIT 1');
  expect(rows[0].url).toBe(`${app.url}/maintenance`);
  expect(rows[0].stacktrace).toContain('MaintenancePage');

  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
});

test('a screen whose chunk fails twice and then loads appears normally', async ({ page }) => {
  const chunk = await breakScreenChunk(page, 2);
  await page.goto('/maintenance');
  await runRetries(page, chunk, 2);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll be right back');
  await expect(page.getByText(GENERIC_ERROR_TEXT)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
