import type { Page } from '@playwright/test';
import { signUpByApi, XHR } from './account-helpers.js';
import { expect, test } from './fixtures.js';

/** Lighthouse's limit for a good cumulative layout shift is 0.1; the public pages keep to this one. */
const LAYOUT_SHIFT_BUDGET = 0.02;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1366, height: 900 };

/**
 * The page's layout shifts (not caused by input) from the first paint until it has settled, as the
 * browser reports them: the sum is the page's cumulative layout shift over that time.
 */
async function layoutShiftOf(page: Page, path: string, ready: () => Promise<void>): Promise<{ total: number; moved: string[] }> {
  await page.addInitScript(() => {
    const seen: { value: number; nodes: string[] }[] = [];
    Object.assign(window, { layoutShifts: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (!entry.hadRecentInput)
          seen.push({
            value: entry.value,
            nodes: entry.sources.map((source) => (source.node as Element | null)?.className ?? '?'),
          });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await ready();
  // Late arrivals (live figures, the consent banner after the visitor's country is known) land meanwhile.
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts,
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), moved: shifts.flatMap((shift) => shift.nodes) };
}

test.describe('the public pages hold still while they load, with the cookie banner unanswered', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: the landing page, login and a post move nothing once shown`, async ({ browser, app }) => {
      const author = await browser.newContext({ baseURL: app.url });
      await signUpByApi(author.request, app);
      const created = await author.request.post('/data/posts', {
        headers: XHR,
        data: {
          text: `A post with a link and a few lines\n${'of text '.repeat(40)}`,
          link: 'https://example.com',
          language: 'en',
        },
      });
      const { pid } = (await created.json()).data.post;
      await author.close();

      const pages: [string, (page: Page) => Promise<void>][] = [
        ['/', (page) => expect(page.getByTestId('landing-figures')).toContainText('members')],
        ['/login', (page) => expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()],
        [`/post/${pid}`, (page) => expect(page.getByRole('article')).toContainText('A post with a link')],
      ];
      for (const [path, ready] of pages) {
        const context = await browser.newContext({ baseURL: app.url, viewport });
        const page = await context.newPage();
        const shift = await layoutShiftOf(page, path, () => ready(page));
        await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
        expect.soft(shift.total, `${path}: moved ${shift.moved.join(', ')}`).toBeLessThanOrEqual(LAYOUT_SHIFT_BUDGET);
        await context.close();
      }
    });
  }
});
