import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './helpers.js';
import { expect, signUpMember, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('Detailed Stats shows a member the figures, charts and tables of their posts, over the period they choose, at 375 px', async ({
  browser,
  app,
}) => {
  const owner = await signUpMember(
    {
      newContext: (options) =>
        browser.newContext({ ...options, viewport: { width: 375, height: 740 }, timezoneId: 'UTC', locale: 'en-GB' }),
    },
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
  // Rollups as the tracking writer and the credited recount leave them: yesterday at 14:00 and
  // 09:00 UTC, 10 days ago (the 7 days before the last 7) and 20 days ago.
  await app.db.query(
    `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, credited, link_clicks, video_plays, image_views)
     VALUES ($1, current_date - 1 + interval '14 hours', 'feed', 40, 25, 0, 3, 2, 1),
            ($1, current_date - 1 + interval '14 hours', 'surf', 12, 12, 9, 0, 0, 0),
            ($1, current_date - 1 + interval '9 hours', 'feed', 10, 2, 0, 0, 0, 0),
            ($1, current_date - 10 + interval '9 hours', 'feed', 31, 20, 0, 0, 0, 0),
            ($1, current_date - 20 + interval '20 hours', 'feed', 100, 50, 0, 0, 0, 0)`,
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
  // Headline figures, with their change against the 7 days before.
  await expect(tile('Seen').locator('.stats-tile-figure')).toHaveText('62');
  await expect(page.getByText('Changes are against the 7 days before.')).toBeVisible();
  await expect(tile('Seen')).toContainText('↑ 100% up from 31');
  await expect(tile('Credited views').locator('.stats-tile-figure')).toHaveText('9');
  await expect(tile('Credited views')).toContainText('new');
  await expect(tile('Today')).toContainText('0');
  // Profile views opened from posts and visits to the member's own page are two figures, named apart.
  await expect(tile('Profile opens from posts')).toBeVisible();
  await expect(tile('Visits to your profile page')).toBeVisible();
  // One chart the page's width, its legend the period's totals until a day is pointed at, in the app's date format.
  const canvas = page.locator('.stats-chart-canvas canvas').first();
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(300);
  const legend = page.locator('.stats-chart .u-legend');
  await expect(legend).toContainText('All 7 days');
  await expect(legend).toContainText('62');
  await expect(legend).not.toContainText('--');
  const yesterday = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.now() - 86_400_000);
  const plot = page.locator('.stats-chart .u-over').first();
  const box = (await plot.boundingBox())!;
  // Yesterday is the sixth of seven points; the pointer goes to it and the legend names it.
  await plot.hover({ position: { x: box.width * 0.83, y: box.height / 2 } });
  await expect(legend).toContainText(yesterday);
  await page.mouse.move(0, 0);
  const dayTable = page.getByRole('table', { name: /by day/ });
  await expect(dayTable.getByRole('row')).toHaveCount(8);
  await expect(dayTable.getByRole('rowheader').nth(5)).toHaveText(yesterday);

  // The funnel: each step a share of seen, never above 100%.
  const funnel = page.getByRole('region', { name: 'Funnel' });
  await expect(funnel.getByRole('listitem').filter({ hasText: 'Viewed' })).toContainText('39 · 62.9% of seen');
  await expect(funnel.getByRole('listitem').filter({ hasText: 'Clicked the link' })).toContainText('3 · 4.8% of seen');
  for (const share of await funnel.getByText(/% of seen/).allTextContents())
    expect(Number(/([\d.]+)%/.exec(share)![1])).toBeLessThanOrEqual(100);

  // By hour of day: a chart of 24 columns, the busiest hour named.
  const hours = page.getByRole('region', { name: 'By hour of day' });
  await expect(hours).toContainText('Busiest hour: 14:00–15:00 · 37 viewed · 52 seen');
  await expect(hours.getByTestId('hour-chart').locator('.stats-hour')).toHaveCount(24);
  await expect(hours.locator('.stats-hour-busiest')).toHaveCount(1);

  // The chart's table, shown on request.
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await expect(dayTable).toBeVisible();

  await page.getByRole('button', { name: '30 days' }).click();
  await expect(tile('Seen').locator('.stats-tile-figure')).toHaveText('193');
  await expect(dayTable.getByRole('row')).toHaveCount(31);

  // A range of days of the member's choosing: the table follows, and a reload keeps it.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const range = page.getByRole('form', { name: 'Date range' });
  await range.getByLabel('From').fill(day(25));
  await range.getByLabel('To').fill(day(15));
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day(25)}&to=${day(15)}`));
  const inAppFormat = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  await expect(
    page.getByRole('heading', { name: `All your posts, ${inAppFormat(day(25))} to ${inAppFormat(day(15))}` }),
  ).toBeVisible();
  await expect(dayTable.getByRole('row')).toHaveCount(12);
  await expect(tile('Seen').locator('.stats-tile-figure')).toHaveText('100');
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
  await expect(tile('Seen').locator('.stats-tile-figure')).toHaveText('193');

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
  // Over 30 days the busiest hour is that of the day with most views.
  await expect(hours).toContainText('Busiest hour: 20:00–21:00');

  // The period's days as a CSV file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('surfex-stats-all-posts-30-days.csv');
  const lines = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(31);
  expect(lines[0]).toMatch(/^Day,Served/);
  expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[2]), 0)).toBe(193);

  // One post: its chart, where it was seen, its countries.
  await page.getByRole('link', { name: 'Counted post' }).click();
  // The post is named by its first words.
  await expect(page.getByRole('heading', { name: 'Counted post, last 30 days' })).toBeVisible();
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
