import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settleAnimations } from './helpers.js';
import { expect, signUpMember, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE = { width: 375, height: 800 };

/** axe's serious and critical findings on the page as it is, by rule id, with where they are. */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe on ${where}`,
  ).toEqual([]);
}

/** Nothing sticks out sideways at phone width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a member finds another by a misspelt first name and follows them from the results, on a phone', async ({
  browser,
  app,
}) => {
  const viewer = await signUpMember(browser, app, 'Viewer');
  const target = await signUpMember(browser, app, 'Marguerite');
  await target.context.close();
  const { page } = viewer;
  await page.setViewportSize(PHONE);

  await page.goto('/userSearch');
  await expect(page.getByRole('heading', { level: 1, name: 'Find members' })).toBeVisible();
  await expect(page.getByText('Type at least 2 letters')).toBeVisible();
  await expectNoSeriousViolations(page, '/userSearch (empty)');

  await page.getByRole('searchbox', { name: 'Username or first name' }).fill('Margerite');
  await expect(page).toHaveURL(/\/userSearch\?q=Margerite$/);
  const results = page.getByRole('list', { name: 'Members matching Margerite' });
  const card = results.getByRole('listitem').filter({ hasText: `@${target.username}` });
  await expect(card.getByRole('link', { name: 'Marguerite' })).toBeVisible();
  await expectNoSeriousViolations(page, '/userSearch with results');
  await expectNoSidewaysScroll(page);

  await card.getByRole('button', { name: `Follow @${target.username}`, exact: true }).click();
  await expect(card.getByRole('button', { name: `Unfollow @${target.username}`, exact: true })).toBeVisible();
  const { rows } = await app.db.query('SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2', [
    viewer.id,
    target.id,
  ]);
  expect(rows).toHaveLength(1);

  // The search is in the address: a reload shows the same results, with the follow kept.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Username or first name' })).toHaveValue('Margerite');
  await expect(card.getByRole('button', { name: `Unfollow @${target.username}`, exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Username or first name' }).fill('qqxqqzz');
  await expect(page.getByText('Nobody matches “qqxqqzz”.')).toBeVisible();
  await expectNoSeriousViolations(page, '/userSearch with no match');
  await viewer.context.close();
});

test('a profile shows its header and tabs; the follow button and counts agree; /profile/u/<name> leads there', async ({
  browser,
  app,
}) => {
  const viewer = await signUpMember(browser, app, 'Viola');
  const owner = await signUpMember(browser, app, 'Oscar');
  const { rows } = await app.db.query(
    `INSERT INTO groups (slug, name, visibility, created_by) VALUES ($1, 'Sunday Bakers', 'public', $2) RETURNING id`,
    [`bakers-${owner.id}`, owner.id],
  );
  await app.db.query(`INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 'owner')`, [rows[0].id, owner.id]);
  const { page } = viewer;
  await page.setViewportSize(PHONE);

  await page.goto(`/profile/u/${owner.username}`);
  await expect(page).toHaveURL(new RegExp(`/profile/${owner.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Oscar' })).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: new RegExp(`^@${owner.username}$`) })).toBeVisible();
  await expect(page.getByText(/^Joined /)).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await expect(tabs.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Posts' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a profile (posts)');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: `Follow @${owner.username}`, exact: true }).click();
  await expect(page.getByRole('link', { name: '1 follower' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unfollow @${owner.username}`, exact: true })).toBeVisible();

  await tabs.getByRole('link', { name: 'Followers' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${owner.username}/followers$`));
  await expect(page.getByRole('list', { name: 'Followers' }).getByRole('link', { name: 'Viola' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a profile (followers)');

  await tabs.getByRole('link', { name: 'Following' }).click();
  await expect(page.getByText(`@${owner.username} does not follow anyone yet.`)).toBeVisible();
  await expectNoSeriousViolations(page, 'a profile (following, empty)');

  await tabs.getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${owner.username}/groups$`));
  await expect(page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Sunday Bakers' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a profile (groups)');
  await expectNoSidewaysScroll(page);

  // The owner's own profile: no follow button, an edit link, the counts from the other side.
  await owner.page.goto('/profile');
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Oscar' })).toBeVisible();
  await expect(owner.page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(owner.page.getByRole('link', { name: '1 follower' })).toBeVisible();
  await expect(owner.page.getByRole('button', { name: /Follow/ })).toHaveCount(0);

  // The profile popup of a post's author leads to the same profile.
  const created = await owner.page.request.post('/data/posts', {
    headers: XHR,
    data: { text: 'Fresh bread', language: 'en', tags: [] },
  });
  await page.goto(`/post/${(await created.json()).data.post.pid}`);
  await page
    .getByRole('article', { name: 'Post by Oscar' })
    .getByRole('button', { name: /show profile/ })
    .click();
  await page.getByRole('dialog', { name: 'Oscar' }).getByRole('link', { name: 'View full profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${owner.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Oscar' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unfollow @${owner.username}`, exact: true })).toBeVisible();

  // A block hides both ways: the blocker's profile reads as not found to the member they blocked,
  // and the blocked member's profile tells the blocker so, with no posts, until they unblock.
  await page.request.post('/data/blocks', { headers: XHR, data: { userId: owner.id } });
  await owner.page.goto(`/profile/${viewer.username}`);
  await expect(owner.page.getByRole('heading', { level: 1, name: 'No such member' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('You blocked Oscar')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Post by Oscar' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'a profile of a blocked member');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: `Unblock @${owner.username}`, exact: true }).click();
  await expect(page.getByRole('article', { name: 'Post by Oscar' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unfollow @${owner.username}`, exact: true })).toBeVisible();
  await viewer.context.close();
  await owner.context.close();
});

test('a member bookmarks a post, finds it on /BookmarkedPosts and unsaves it there', async ({ browser, app }) => {
  const author = await signUpMember(browser, app, 'Bea');
  const reader = await signUpMember(browser, app, 'Rex');
  const created = await author.page.request.post('/data/posts', {
    headers: XHR,
    data: { text: 'A recipe worth keeping', language: 'en', tags: ['baking'] },
  });
  expect(created.status()).toBe(200);
  const { pid } = (await created.json()).data.post;
  await author.context.close();
  const { page } = reader;
  await page.setViewportSize(PHONE);

  await page.goto('/BookmarkedPosts');
  await expect(page.getByText('You have not bookmarked any post yet.')).toBeVisible();
  await expectNoSeriousViolations(page, '/BookmarkedPosts (empty)');

  await page.goto(`/post/${pid}`);
  const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await bookmark.click();
  await expect(page.getByRole('button', { name: 'Bookmarked', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/BookmarkedPosts');
  const saved = page.getByRole('list', { name: 'Your bookmarks' }).locator(':scope > li');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole('article', { name: 'Post by Bea' })).toContainText('A recipe worth keeping');
  await expectNoSeriousViolations(page, '/BookmarkedPosts');
  await expectNoSidewaysScroll(page);

  await saved.getByRole('button', { name: 'Bookmarked', exact: true }).click();
  await expect(saved.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByText('You have not bookmarked any post yet.')).toBeVisible();
  await reader.context.close();
});
