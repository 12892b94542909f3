import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settleAnimations } from './helpers.js';
import { expect, signUpMember, test, type Member } from './surf-fixtures.js';

/** Axe's serious and critical violations on the page as it is, and whether the page fits a 375 px phone. */
async function expectAccessibleAtPhoneWidth(page: Page, label: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settleAnimations(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `page width of ${label} on a phone`).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(blocking, `axe on ${label}`).toEqual([]);
  if (viewport) await page.setViewportSize(viewport);
}

test('a member creates a private group and an invite code; a second member joins by the code and sees the group', async ({
  browser,
  app,
}) => {
  const alice = await signUpMember(browser, app, 'Alice');
  const bob = await signUpMember(browser, app, 'Bob');
  const name = `Garden club ${Date.now().toString(36)}`;

  await alice.page.goto('/groups');
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await expect(alice.page.getByText('You are in no group yet.')).toBeVisible();
  await expectAccessibleAtPhoneWidth(alice.page, '/groups');
  await alice.page.getByText('Create a group').click();
  await alice.page.getByRole('button', { name: 'Create group' }).click();
  await expect(alice.page.getByText('Use at least 2 characters.')).toBeVisible();
  await alice.page.getByLabel('Group name').fill(name);
  await alice.page.getByLabel('Description (optional)').fill('We grow tomatoes.');
  await alice.page.getByRole('radio', { name: /Private/ }).check();
  await alice.page.getByRole('button', { name: 'Create group' }).click();

  await expect(alice.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(alice.page).toHaveURL(/\/profile\/g\/garden-club-/);
  await expect(alice.page.getByText('Private group · 1 member')).toBeVisible();
  await expectAccessibleAtPhoneWidth(alice.page, 'the group page, posts tab');

  await alice.page.getByRole('link', { name: 'Members' }).click();
  await expect(alice.page.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
  await expect(alice.page.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await alice.page.getByLabel('Expires after (hours, blank: never)').fill('24');
  await alice.page.getByLabel('Maximum uses (blank: any)').fill('5');
  await alice.page.getByRole('button', { name: 'Create invite code' }).click();
  const invite = alice.page.getByTestId('group-invite');
  await expect(invite).toContainText('used 0 of 5');
  const code = (await invite.locator('.group-invite-code').innerText()).trim();
  expect(code).toMatch(/^[A-Za-z0-9_-]{12}$/);
  await expectAccessibleAtPhoneWidth(alice.page, 'the group page, members tab with invite codes');

  await bob.page.goto(`/groups/${code}/join`);
  await expect(bob.page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expectAccessibleAtPhoneWidth(bob.page, '/groups/:code/join');
  await bob.page.getByRole('button', { name: 'Join group' }).click();
  await expect(bob.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'Leave group' })).toBeVisible();
  await bob.page.getByRole('link', { name: 'Members' }).click();
  await expect(bob.page.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  await expect(bob.page.getByRole('listitem').filter({ hasText: `@${bob.username}` })).toContainText('Member');
  await expect(bob.page.getByRole('listitem').filter({ hasText: `@${alice.username}` })).toContainText('Owner');

  await bob.page.goto('/groups');
  await expect(bob.page.getByRole('link', { name })).toBeVisible();
  await alice.page.reload();
  await expect(alice.page.getByTestId('group-invite')).toContainText('used 1 of 5');

  // A used-up or unknown code says why it cannot be used.
  await bob.page.goto('/groups/NoSuchCode123/join');
  await expect(bob.page.getByRole('alert')).toContainText('This invite code does not exist.');
  await alice.context.close();
  await bob.context.close();
});

test('a member follows a tag on its page and finds it among their tags', async ({ browser, app }) => {
  const carol = await signUpMember(browser, app, 'Carol');
  const tag = `gardening${Date.now().toString(36)}`;

  await carol.page.goto(`/tags/${tag.toUpperCase()}`);
  await expect(carol.page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  await expectAccessibleAtPhoneWidth(carol.page, '/tags/:tag');
  const follow = carol.page.getByRole('button', { name: 'Follow' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(carol.page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await expect(carol.page.getByText('1 follower ·')).toBeVisible();

  await carol.page.goto('/tags');
  await expect(carol.page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(carol.page.getByTestId('followed-tags').getByRole('link', { name: `#${tag}` })).toBeVisible();
  await expectAccessibleAtPhoneWidth(carol.page, '/tags');

  await carol.page.getByLabel('Follow a tag').fill('u');
  await carol.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(carol.page.getByText('"u" and "g" cannot be used as tags.')).toBeVisible();
  await carol.context.close();
});

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A group made through the API by the member's page, with one post in it; answers its slug, name and the post's text. */
async function groupWithPost(owner: Member, visibility: 'public' | 'private') {
  const name = `${visibility === 'public' ? 'Open' : 'Hidden'} circle ${randomBytes(3).toString('hex')}`;
  const created = await owner.page.request.post('/data/groups', { headers: XHR, data: { name, description: '', visibility } });
  expect(created.status(), await created.text()).toBe(200);
  const { id, slug } = (await created.json()).data;
  const text = `Inside ${name}`;
  const posted = await owner.page.request.post('/data/posts', { headers: XHR, data: { text, language: 'en', groupId: id } });
  expect(posted.status(), await posted.text()).toBe(200);
  return { slug: slug as string, name, text };
}

test('a visitor sees a public group’s posts and members, and of a private group only its header', async ({ browser, app }) => {
  const owner = await signUpMember(browser, app, 'Olga');
  const open = await groupWithPost(owner, 'public');
  const hidden = await groupWithPost(owner, 'private');
  const visitorContext = await browser.newContext({ baseURL: app.url });
  const visitor = await visitorContext.newPage();

  await visitor.goto(`/profile/g/${open.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: open.name })).toBeVisible();
  await expect(visitor.getByText('Public group · 1 member')).toBeVisible();
  await expect(visitor.getByText(open.text)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Log in to join' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Edit group' })).toHaveCount(0);
  await expect(visitor.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Members' }).click();
  await expect(visitor.getByRole('listitem').filter({ hasText: `@${owner.username}` })).toContainText('Owner');

  await visitor.goto(`/profile/g/${hidden.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: hidden.name })).toBeVisible();
  await expect(visitor.getByText('Private group · 1 member')).toBeVisible();
  await expect(visitor.getByText('This group is private: only its members see its posts and members.')).toBeVisible();
  await expect(visitor.getByText(hidden.text)).toHaveCount(0);
  await visitor.goto(`/profile/g/${hidden.slug}?tab=members`);
  await expect(visitor.getByText('This group is private: only its members see its posts and members.')).toBeVisible();
  await expect(visitor.getByText(`@${owner.username}`)).toHaveCount(0);
  await expectAccessibleAtPhoneWidth(visitor, 'a private group’s page for a visitor');

  await visitorContext.close();
  await owner.context.close();
});

test('the owner renames a group and makes it private; its members list follows joins live; the owner deletes it', async ({
  browser,
  app,
}) => {
  const owner = await signUpMember(browser, app, 'Oscar');
  const joiner = await signUpMember(browser, app, 'Jade');
  const group = await groupWithPost(owner, 'public');
  const page = owner.page;

  await page.goto(`/profile/g/${group.slug}?tab=members`);
  await expect(page.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  // Another member joins: the open list and the header count follow without a reload.
  const joined = await joiner.page.request.post(`/data/groups/${group.slug}/join`, { headers: XHR });
  expect(joined.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  await expect(page.getByText('Public group · 2 members')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `@${joiner.username}` })).toContainText('Member');

  await page.getByRole('button', { name: 'Edit group' }).click();
  const form = page.getByRole('region', { name: 'Edit the group' });
  await form.getByLabel('Group name').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Use at least 2 characters.')).toBeVisible();
  const renamed = `${group.name} renamed`;
  await form.getByLabel('Group name').fill(renamed);
  await form.getByRole('radio', { name: /Private/ }).check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('Private group · 2 members')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/g/${group.slug}`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('Private group · 2 members')).toBeVisible();

  // Deleting asks first; Cancel keeps the group.
  await page.getByRole('button', { name: 'Edit group' }).click();
  await page.getByRole('button', { name: 'Delete group' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete group' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${renamed}?` })
    .getByRole('button', { name: 'Delete group' })
    .click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await expect(page.getByText(`${renamed} and its posts are gone.`)).toBeVisible();

  await joiner.page.goto(`/profile/g/${group.slug}`);
  await expect(joiner.page.getByRole('heading', { level: 1, name: 'No such group' })).toBeVisible();
  await owner.context.close();
  await joiner.context.close();
});
