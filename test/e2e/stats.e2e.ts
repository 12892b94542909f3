import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './helpers.js';
import { expect, signUpMember, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('Detailed Stats shows a member the charts and tables of their posts, over the period they choose, at 375 px', async ({
  browser,
  app,
}) => {
  const owner = await signUpMember(
    { newContext: (options) => browser.newContext({ ...options, viewport: { width: 375, height: 740 }, timezoneId: 'UTC' }) },
    app,
    'Stella',
  );
  const page = owner.page;
  const created = await page.request.post('/data/posts', {
    headers: XHR,
    data: { text: 'Counted post', language: 'en', tags: [] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { pid } = (await created.json()).data.post;
  // Rollups as the tracking writer and the credited recount leave them: yesterday, and 20 days ago.
  await app.db.query(
    `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, credited, link_clicks, video_plays, image_views)
     VALUES ($1, date_trunc('hour', now()) - interval '1 day', 'feed', 40, 25, 0, 3, 2, 1),
            ($1, date_trunc('hour', now()) - interval '1 day', 'surf', 12, 12, 9, 0, 0, 0),
            ($1, date_trunc('hour', now()) - interval '20 days', 'feed', 100, 50, 0, 0, 0, 0)`,
    [pid],
  );
  await app.db.query(
    `INSERT INTO post_stats_country_daily (post_id, day, country, seen, viewed)
     VALUES ($1, current_date - 1, 'DE', 30, 20), ($1, current_date - 1, 'FR', 10, 5)`,
    [pid],
  );
  await app.db.query(
    `INSERT INTO post_stats_dimension_daily (post_id, day, dimension, value, seen, viewed)
     VALUES ($1, current_date - 1, 'language', 'de', 30, 20), ($1, current_date - 1, 'device', 'phone', 40, 25),
            ($1, current_date - 1, 'referrer', '', 12, 12), ($1, current_date - 1, 'referrer', 'news.example', 3, 1)`,
    [pid],
  );

  await page.goto('/home/stats/detailed');
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  const tiles = page.locator('.stats-tiles');
  const tile = (label: string) => tiles.getByText(label, { exact: true }).locator('..');
  await expect(tile('Seen')).toContainText('52');
  await expect(tile('Credited views')).toContainText('9');
  await expect(tile('Today')).toContainText('0');
  await expect(page.locator('.stats-chart-canvas canvas').first()).toBeVisible();
  const dayTable = page.getByRole('table', { name: /by day/ });
  await expect(dayTable.getByRole('row')).toHaveCount(8);

  // The chart's table, shown on request.
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await expect(dayTable).toBeVisible();

  await page.getByRole('button', { name: '30 days' }).click();
  await expect(tile('Seen')).toContainText('152');
  await expect(dayTable.getByRole('row')).toHaveCount(31);

  // A range of days of the member's choosing: the table follows, and a reload keeps it.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const range = page.getByRole('form', { name: 'Date range' });
  await range.getByLabel('From').fill(day(25));
  await range.getByLabel('To').fill(day(15));
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day(25)}&to=${day(15)}`));
  await expect(page.getByRole('heading', { name: `All your posts, ${day(25)} to ${day(15)}` })).toBeVisible();
  await expect(dayTable.getByRole('row')).toHaveCount(12);
  await expect(tile('Seen')).toContainText('100');
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
  await expect(tile('Today')).toHaveCount(0);
  await page.reload();
  await expect(dayTable.getByRole('row')).toHaveCount(12);
  await expect(range.getByLabel('From')).toHaveValue(day(25));
  // A range ending after today is refused on the spot, next to its field.
  await range.getByLabel('To').fill(day(-1));
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(range.getByLabel('To')).toHaveAccessibleDescription(/The range cannot end after today\./);
  await expect(page).toHaveURL(new RegExp(`to=${day(15)}`));
  await page.getByRole('button', { name: '30 days' }).click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(tile('Seen')).toContainText('152');

  const checkPage = async (label: string) => {
    await settleAnimations(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect
      .soft(
        blocking.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        label,
      )
      .toEqual([]);
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `page width, ${label}`).toBeLessThanOrEqual(375);
  };
  await checkPage('overview');

  // The breakdowns of all the member's posts, as bar lists.
  await expect(page.getByRole('region', { name: 'Top languages' })).toContainText('German');
  await expect(page.getByRole('region', { name: 'Devices' })).toContainText('Phone');
  await expect(page.getByRole('region', { name: 'Top referrers' }).getByRole('listitem').first()).toContainText('Direct');
  await expect(page.getByRole('region', { name: 'Top referrers' })).toContainText('news.example');
  await expect(page.getByRole('region', { name: 'By hour of day' }).getByRole('listitem')).toHaveCount(24);

  // The funnel, and the period's days as a CSV file.
  const funnel = page.getByRole('region', { name: 'Funnel' });
  await expect(funnel.getByRole('listitem').filter({ hasText: 'Served in Earn Credits' })).toContainText('9');
  await expect(funnel.getByRole('listitem').filter({ hasText: 'Clicked the link' })).toContainText('3');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('surfex-stats-all-posts-30-days.csv');
  const lines = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(31);
  expect(lines[0]).toMatch(/^Day,Served/);
  expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[2]), 0)).toBe(152);

  // One post: its chart, where it was seen, its countries.
  await page.getByRole('link', { name: 'Counted post' }).click();
  await expect(page.getByRole('heading', { name: `Post ${pid}, last 30 days` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where it was seen' })).toContainText('Feeds');
  await expect(page.getByRole('region', { name: 'Where it was seen' })).toContainText('Earn Credits');
  await expect(page.getByRole('region', { name: 'Top countries' })).toContainText('Germany');
  await expect(tile('Link clicks')).toContainText('3');
  await expect(page.getByRole('region', { name: 'Top languages' })).toContainText('German');
  await expect(page.locator('.stats-chart-canvas canvas').first()).toBeVisible();
  await checkPage('one post');

  await page.getByRole('link', { name: 'All your posts' }).click();
  await expect(page.getByRole('heading', { name: 'All your posts, last 30 days' })).toBeVisible();
});
