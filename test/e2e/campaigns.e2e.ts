import { AxeBuilder } from '@axe-core/playwright';
import { openPage, settleAnimations } from './helpers.js';
import { expect, headerCredits, signUpMember, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** A 2×2 PNG, enough for the server to decode and resize. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test('a visitor opens a post by its address; a missing post shows a clean not-found page', async ({ browser, app, page }) => {
  const author = await signUpMember(browser, app, 'Carol');
  const created = await author.page.request.post('/data/posts', {
    headers: XHR,
    data: {
      text: 'First line\nSecond line',
      link: 'https://example.org/recipes',
      youtube: 'https://youtu.be/dQw4w9WgXcQ',
      language: 'en',
      tags: ['baking'],
    },
  });
  expect(created.status()).toBe(200);
  const { pid } = (await created.json()).data.post;
  await author.context.close();

  // A visitor's post page comes drawn by the server: its buttons answer once the app has taken it over.
  await openPage(page, `/post/${pid}`);
  const post = page.getByRole('article', { name: 'Post by Carol' });
  await expect(post).toBeVisible();
  expect(await post.locator('.post-text').innerText()).toBe('First line\nSecond line');
  const link = post.getByRole('link', { name: /example\.org\/recipes/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  // The video loads from youtube-nocookie.com only when asked to play.
  await expect(post.locator('iframe')).toHaveCount(0);
  await post.getByRole('button', { name: /^Play the YouTube video/ }).click();
  await expect(post.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  await expect(post).toContainText('#baking');

  await post.getByRole('button', { name: 'Carol' }).click();
  await expect(page.getByRole('dialog', { name: 'Carol' })).toContainText('Joined');

  await page.goto('/post/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await page.goto('/post/not-a-number');
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
});

test('a member edits a post with a picture, moves credits with refusals shown inline, pauses and deletes it', async ({
  browser,
  app,
}) => {
  const member = await signUpMember(browser, app, 'Dana');
  const page = member.page;
  await page.goto('/home/yourPosts/new');
  await expect(page.getByRole('heading', { name: 'Create a post' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish post' }).click();
  await expect(page.getByText('Please write something.')).toBeVisible();
  await page.getByLabel('Text', { exact: true }).fill('Handmade mugs');
  await page.getByLabel('Language').selectOption('de');
  await page.getByLabel('Tags (optional)').fill('#Pottery, gifts');
  await page.getByRole('button', { name: 'Publish post' }).click();

  const card = page.getByRole('listitem').filter({ hasText: 'Handmade mugs' });
  await card.getByRole('button', { name: 'Manage' }).click();
  await expect(card).toContainText('German');
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Tags (optional)')).toHaveValue('pottery, gifts');
  await page.locator('input[type="file"]').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('button', { name: 'Remove picture 1' })).toBeVisible();
  await page.getByLabel('Text', { exact: true }).fill('Handmade mugs, now with pictures');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  const edited = page.getByRole('listitem').filter({ hasText: 'now with pictures' });
  // The balance shows once above the list; the credits form only in the row opened.
  await expect(page.getByTestId('campaigns-balance')).toHaveText('Your balance: 10 credits');
  await expect(page.getByLabel('Credits', { exact: true })).toHaveCount(0);
  await edited.getByRole('button', { name: 'Manage' }).click();
  await expect(edited).toContainText('1 picture');

  const credits = edited.getByLabel('Credits', { exact: true });
  await credits.fill('1.5');
  await edited.getByRole('button', { name: 'Assign' }).click();
  await expect(edited.getByRole('alert')).toHaveText(/Use whole credits\./);
  await credits.fill('50');
  await edited.getByRole('button', { name: 'Assign' }).click();
  await expect(edited.getByRole('alert')).toContainText('Not enough credits. You do not have that many credits.');
  await credits.fill('6');
  await edited.getByRole('button', { name: 'Assign' }).click();
  await expect(edited.getByTestId('campaign-credits')).toHaveText('6');
  await expect(headerCredits(page)).toHaveText('4 credits');
  await credits.fill('2');
  await edited.getByRole('button', { name: 'Withdraw' }).click();
  await expect(edited.getByTestId('campaign-credits')).toHaveText('4');
  await expect(headerCredits(page)).toHaveText('6 credits');
  const moves = await app.db.query(
    `SELECT kind, amount::int FROM credit_ledger WHERE user_id = $1 AND kind IN ('campaign_assign', 'campaign_withdraw') ORDER BY id`,
    [member.id],
  );
  expect(moves.rows).toEqual([
    { kind: 'campaign_assign', amount: -6 },
    { kind: 'campaign_withdraw', amount: 2 },
  ]);

  await edited.getByRole('button', { name: 'Pause' }).click();
  await expect(edited).toContainText('Paused');
  await edited.getByRole('button', { name: 'Resume' }).click();
  await expect(edited).toContainText('Active');
  await expect(edited.getByTestId('campaign-runs-out')).toHaveText('—');
  await expect(edited.getByRole('link', { name: 'Stats' })).toHaveAttribute('href', /\/home\/stats\/detailed\?post=\d+$/);

  // A second post: sorted by credits left it comes after, and the filter keeps one status.
  const second = await page.request.post('/data/posts', { headers: XHR, data: { text: 'Cheap teapots', language: 'en' } });
  expect(second.status()).toBe(200);
  await page.reload();
  const titles = page.locator('.campaign-row h3');
  await expect(titles).toHaveText(['Cheap teapots', 'Handmade mugs, now with pictures']);
  await page.getByLabel('Sort by').selectOption({ label: 'Most credits left' });
  await expect(titles).toHaveText(['Handmade mugs, now with pictures', 'Cheap teapots']);
  await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption({ label: 'Paused' });
  await expect(page.getByText('No campaign is paused now.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption({ label: 'Active' });
  await expect(titles).toHaveText(['Handmade mugs, now with pictures']);
  await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption({ label: 'All campaigns' });
  await page.request.delete(`/data/posts/${(await second.json()).data.post.pid}`, { headers: XHR });
  await page.reload();
  await edited.getByRole('button', { name: 'Manage' }).click();

  await edited.locator('summary', { hasText: 'Daily view cap' }).click();
  await edited.getByLabel('Daily view cap').fill('25');
  await edited.getByRole('button', { name: 'Save cap' }).click();
  await expect(edited.getByText('Saved: at most 25 views a day.')).toBeVisible();

  await edited.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toContainText('Its 4 unspent credits go back to your balance.');
  await dialog.getByRole('button', { name: 'Delete post' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Post deleted. 4 credits went back to your balance.')).toBeVisible();
  await expect(page.getByText('You have no posts yet.')).toBeVisible();
  await expect(headerCredits(page)).toHaveText('10 credits');

  await page.goto('/home/credits');
  await expect(page.getByRole('table')).toContainText('Welcome bonus');
  await expect(page.getByRole('table')).toContainText('Assigned to a campaign');
  await expect(page.getByRole('table')).toContainText('Withdrawn from a campaign');
  await member.context.close();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the dashboard tabs, the post and Earn Credits fit the width and pass axe', async ({ browser, app }) => {
    const poster = await signUpMember(browser, app, 'Erin');
    const created = await poster.page.request.post('/data/posts', {
      headers: XHR,
      data: {
        text: `A long line without breaks ${'abcdefghij'.repeat(12)}\nand a second one`,
        link: `https://example.com/${'x'.repeat(150)}`,
        language: 'en',
      },
    });
    const { pid } = (await created.json()).data.post;
    await poster.page.request.post(`/data/campaigns/${pid}/assign`, {
      headers: { ...XHR, 'Idempotency-Key': `e2e-fit-${pid}` },
      data: { amount: 3 },
    });
    await poster.context.close();

    const viewer = await signUpMember(
      { newContext: (options) => browser.newContext({ ...options, viewport: { width: 375, height: 740 } }) },
      app,
      'Finn',
    );
    const page = viewer.page;
    const checks: [string, () => Promise<void>][] = [
      ['/home', () => expect(page.getByRole('heading', { name: 'Your balance' })).toBeVisible()],
      ['/home/yourPosts', () => expect(page.getByText('You have no posts yet.')).toBeVisible()],
      ['/home/yourPosts/new', () => expect(page.getByRole('button', { name: 'Publish post' })).toBeVisible()],
      ['/home/stats/detailed', () => expect(page.getByText('Nothing counted in this period yet.')).toBeVisible()],
      ['/home/credits', () => expect(page.getByRole('table')).toContainText('Welcome bonus')],
      [`/post/${pid}`, () => expect(page.getByRole('article')).toBeVisible()],
      ['/home/earnCredits', () => expect(page.getByRole('article')).toContainText('A long line without breaks')],
    ];
    for (const [path, ready] of checks) {
      await page.goto(path);
      await ready();
      await settleAnimations(page);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect
        .soft(
          blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
          path,
        )
        .toEqual([]);
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), `page width on ${path}`)
        .toBeLessThanOrEqual(375);
    }
    await expect(page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' })).toBeInViewport();
    await viewer.context.close();
  });
});
