import { expect, signUpMember, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The figure under a Detailed Stats tile, read from the page. */
const tile = (page: import('@playwright/test').Page, label: string) =>
  page.locator('.stats-tiles').getByText(label, { exact: true }).locator('..');

test("a post scrolled into view for two seconds counts as viewed on its owner's Detailed Stats, live and after a reload", async ({
  browser,
  app,
}) => {
  const owner = await signUpMember(
    { newContext: (options) => browser.newContext({ ...options, timezoneId: 'UTC' }) },
    app,
    'Olive',
  );
  const create = async (text: string) => {
    const answer = await owner.page.request.post('/data/posts', { headers: XHR, data: { text, language: 'en', tags: [] } });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()).data.post.pid as number;
  };
  // The oldest post comes last on the owner's profile, below the fold of a short window.
  const pid = await create('The post scrolled into view');
  for (let i = 1; i <= 4; i++) await create(`A newer post ${i}\n\n${'Filling the screen. '.repeat(20)}`);

  await owner.page.goto(`/home/stats/detailed?post=${pid}`);
  await expect(tile(owner.page, 'Viewed')).toHaveText(/^Viewed\s*0(\D|$)/);

  const viewer = await signUpMember(
    { newContext: (options) => browser.newContext({ ...options, viewport: { width: 375, height: 600 } }) },
    app,
    'Vince',
  );
  await viewer.page.goto(`/profile/${owner.username}`);
  const target = viewer.page.getByText('The post scrolled into view');
  await expect(viewer.page.getByText('A newer post 4')).toBeVisible();
  await expect(target).not.toBeInViewport();
  const fullView = viewer.page.waitForRequest(
    (request) => request.url().endsWith('/recordFeedActivity/post_view') && request.postDataJSON()?.notes?.seen === 10,
  );
  await target.scrollIntoViewIfNeeded();
  const request = await fullView;
  expect(request.postDataJSON()).toMatchObject({ obj: pid, notes: { source: 'website', place: 'profile', seen: 10 } });

  // The writer flushes every second and pushes what it counted to the owner's open page.
  await expect(tile(owner.page, 'Today')).toHaveText(/^Today\s*1\s*viewed/, { timeout: 15_000 });
  await expect(tile(owner.page, 'Viewed')).toHaveText(/^Viewed\s*1(\D|$)/);

  // A reload reads the same figures from the rollups.
  await expect
    .poll(
      async () => {
        await owner.page.reload();
        return (await tile(owner.page, 'Viewed').textContent()) ?? '';
      },
      { timeout: 15_000 },
    )
    .toMatch(/^Viewed\s*1(\D|$)/);
  await expect(tile(owner.page, 'Seen')).toHaveText(/^Seen\s*1(\D|$)/);
});
