import { AxeBuilder } from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { linkPathIn, newestMailTo, outboxMark, signUpByApi, XHR, type Member } from './account-helpers.js';
import { expect, test, type AppUnderTest } from './fixtures.js';
import { settleAnimations } from './helpers.js';

/** A change another member made reaches an open page within a second; the rest is room for a busy machine. */
const LIVE = { timeout: 5000 };

interface SignedIn extends Member {
  context: BrowserContext;
  page: Page;
}

/** A member signed up through the API in a browser context of their own (onboarding done, address confirmed). */
async function signedInMember(
  browser: Browser,
  app: AppUnderTest,
  prefix: string,
  firstName: string,
  viewport?: { width: number; height: number },
): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL: app.url, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const member = await signUpByApi(page.request, app, { prefix, firstName });
  return { ...member, context, page };
}

/** Serious and critical axe violations on the page as it is, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Elements that stick out past the right edge of the screen, and the page's width. */
async function widthProblems(page: Page): Promise<{ scrollWidth: number; overflowing: string[] }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    overflowing: Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
}

/** The team page's id in the address, once the page is there. */
async function teamIdFromAddress(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/settings\/multiAccounts\/\d+\/members$/);
  return Number(new URL(page.url()).pathname.split('/')[3]);
}

test('an owner creates a team and invites a member by email, who accepts from the mailed link and acts as the team', async ({
  browser,
  app,
}) => {
  const tag = randomBytes(2).toString('hex');
  const teamName = `Bakery ${tag}`;
  const alice = await signedInMember(browser, app, 'alice', 'Alice');
  const bob = await signedInMember(browser, app, 'bob', 'Bob');

  // Alice has no team yet; she creates one.
  await alice.page.goto('/settings/multiAccounts');
  await expect(alice.page.getByText('You are in no team yet.')).toBeVisible();
  expect(await axeProblems(alice.page), 'axe on the multi accounts overview').toEqual([]);
  await alice.page.getByLabel('Team name').fill(teamName);
  await alice.page.getByRole('button', { name: 'Create team' }).click();
  const teamId = await teamIdFromAddress(alice.page);
  await expect(alice.page.getByRole('heading', { name: teamName })).toBeVisible();
  const active = alice.page.getByTestId('team-member');
  await expect(active).toHaveCount(1);
  await expect(active).toContainText('Owner');

  // She invites Bob by his email address, as a manager.
  const since = await outboxMark(app);
  await alice.page.getByLabel('Username or email').fill(bob.email);
  await alice.page.getByLabel('Role', { exact: true }).selectOption('manager');
  await alice.page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(alice.page.getByRole('status').filter({ hasText: `Invitation sent to ${bob.email}.` })).toBeVisible();
  const invited = alice.page.getByTestId('team-invited');
  await expect(invited).toHaveCount(1);
  await expect(invited).toContainText(`@${bob.username}`);
  await expect(invited).toContainText('Manager');
  expect(await axeProblems(alice.page), 'axe on the members tab').toEqual([]);

  // Bob opens the mailed link and accepts.
  const mail = await newestMailTo(app, bob.email, since);
  const link = linkPathIn(mail.text_body, '/settings/multiAccounts/invite/');
  await bob.page.goto(link);
  await expect(bob.page.getByRole('heading', { name: 'Team invitation' })).toBeVisible();
  await expect(bob.page.getByText(teamName, { exact: true })).toBeVisible();
  await expect(bob.page.getByText(`@${alice.username} invites you to join as manager.`, { exact: false })).toBeVisible();
  expect(await axeProblems(bob.page), 'axe on the invitation page').toEqual([]);
  await bob.page.getByRole('button', { name: 'Accept and join' }).click();
  expect(await teamIdFromAddress(bob.page)).toBe(teamId);

  // Alice's open members tab shows Bob as an active manager without a reload; the invitation is gone.
  const bobRow = active.filter({ hasText: `@${bob.username}` });
  await expect(bobRow).toContainText('Manager', LIVE);
  await expect(invited).toHaveCount(0);

  // The link was single-use.
  await bob.page.goto(link);
  await expect(bob.page.getByText('This invitation link can no longer be used')).toBeVisible();

  // Bob makes the team current: every later call names it, the header says so, and on plain http
  // nothing is kept in local storage.
  await bob.page.goto(`/settings/multiAccounts/${teamId}/members`);
  const namesTeam = bob.page.waitForRequest(
    (request) => request.url().endsWith('/data/start') && request.headers()['x-current-team'] === String(teamId),
  );
  // By keyboard: the screen is mounted anew for the team, and focus starts at it again.
  await bob.page.getByRole('button', { name: 'Act as this team' }).focus();
  await bob.page.keyboard.press('Enter');
  await namesTeam;
  await expect(bob.page.getByText('You act as this team')).toBeVisible();
  await expect(bob.page.locator('#main')).toBeFocused();
  await expect(bob.page.getByRole('link', { name: `Acting for the team ${teamName}` })).toBeVisible();
  expect(await bob.page.evaluate(() => window.localStorage.getItem('currentTeam'))).toBeNull();
  const later = bob.page.waitForRequest((request) => request.url().includes('/data/posts'));
  await bob.page.goto('/home/yourPosts');
  // A full page load on http starts as the member again (the team is kept in memory only).
  expect((await later).headers()['x-current-team']).toBeUndefined();

  // Bob moves credits to the team (the welcome bonus is his); the team's balance shows in the header once it is current.
  await bob.page.goto(`/settings/multiAccounts/${teamId}/credits`);
  await bob.page.getByLabel('Credits to move').fill('4');
  await bob.page.getByRole('button', { name: 'Move to the team' }).click();
  await expect(bob.page.getByRole('status').filter({ hasText: `4 credits moved to ${teamName}.` })).toBeVisible();
  await expect(bob.page.getByTestId('team-balance')).toHaveText('4 credits');
  expect(await axeProblems(bob.page), 'axe on the credits tab').toEqual([]);
  await bob.page.getByRole('button', { name: 'Act as this team' }).click();
  await expect(bob.page.getByTestId('credit-count')).toContainText('4 credits');

  // The audit lists who did what.
  const aliceTabs = alice.page.getByRole('navigation', { name: 'Team sections' });
  await aliceTabs.getByRole('link', { name: 'Audit' }).click();
  const audit = alice.page.getByTestId('team-audit-item');
  await expect(audit.filter({ hasText: `@${bob.username} Moved credits to the team: 4 credits` })).toHaveCount(1, LIVE);
  await expect(audit.filter({ hasText: `@${alice.username} Invited a member: @${bob.username}` })).toHaveCount(1);
  expect(await axeProblems(alice.page), 'axe on the audit tab').toEqual([]);

  // The last owner is not offered to leave, and is told to transfer ownership first.
  await aliceTabs.getByRole('link', { name: 'Settings' }).click();
  await expect(alice.page.getByTestId('last-owner-hint')).toContainText('transfer ownership first');
  await expect(alice.page.getByRole('button', { name: 'Leave the team' })).toHaveCount(0);
  expect(await axeProblems(alice.page), 'axe on the settings tab').toEqual([]);

  await alice.context.close();
  await bob.context.close();
});

test('a member removed from the current team is brought back to their own account with a message', async ({ browser, app }) => {
  const tag = randomBytes(2).toString('hex');
  const teamName = `Florist ${tag}`;
  const owner = await signedInMember(browser, app, 'owner', 'Olga');
  const member = await signedInMember(browser, app, 'member', 'Max');
  const created = await owner.page.request.post('/data/teams', { headers: XHR, data: { name: teamName } });
  expect(created.status(), await created.text()).toBe(200);
  const teamId: number = (await created.json()).data.id;
  const invite = await owner.page.request.post(`/data/teams/${teamId}/invites`, {
    headers: XHR,
    data: { invitee: member.username, role: 'analyst' },
  });
  expect(invite.status(), await invite.text()).toBe(200);

  // Max answers the invitation from the overview, then acts as the team from the side menu.
  await member.page.goto('/settings/multiAccounts');
  await member.page.getByRole('button', { name: `Accept the invitation of ${teamName}` }).click();
  await expect(member.page.getByTestId('team-card').filter({ hasText: teamName })).toContainText('Your role: Analyst');
  await member.page.goto('/home');
  const menu = member.page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Switch account' }).click();
  await menu
    .getByRole('group', { name: 'Act as' })
    .getByRole('button', { name: new RegExp(teamName) })
    .click();
  await expect(member.page.getByRole('link', { name: `Acting for the team ${teamName}` })).toBeVisible();

  // Olga removes him; his open page drops back to his own account and says why.
  const removed = await owner.page.request.delete(`/data/teams/${teamId}/members/${member.id}`, { headers: XHR });
  expect(removed.status(), await removed.text()).toBe(200);
  await expect(member.page.getByText('Back to your own account')).toBeVisible(LIVE);
  await expect(member.page.getByRole('link', { name: `Acting for the team ${teamName}` })).toHaveCount(0);

  await owner.context.close();
  await member.context.close();
});

test('the mailed invitation opens before onboarding is finished, and only for the invited account', async ({ browser, app }) => {
  const teamName = `Garage ${randomBytes(2).toString('hex')}`;
  const owner = await signedInMember(browser, app, 'owner', 'Olga');
  const context = await browser.newContext({ baseURL: app.url });
  const newcomer = { page: await context.newPage() };
  const details = await signUpByApi(newcomer.page.request, app, { prefix: 'new', firstName: 'Nina', ready: false });
  const created = await owner.page.request.post('/data/teams', { headers: XHR, data: { name: teamName } });
  const teamId: number = (await created.json()).data.id;
  const since = await outboxMark(app);
  const invite = await owner.page.request.post(`/data/teams/${teamId}/invites`, {
    headers: XHR,
    data: { invitee: details.email, role: 'analyst' },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const link = linkPathIn((await newestMailTo(app, details.email, since)).text_body, '/settings/multiAccounts/invite/');

  // Another account gets told the link is not theirs, and it still works for the invited one.
  await owner.page.goto(link);
  await expect(owner.page.getByText('This invitation is for another account')).toBeVisible();

  await newcomer.page.goto(link);
  await expect(newcomer.page).toHaveURL(link);
  await expect(newcomer.page.getByRole('heading', { name: teamName })).toBeVisible();
  await newcomer.page.getByRole('button', { name: 'Decline' }).click();
  await expect(newcomer.page.getByRole('status').filter({ hasText: 'You declined the invitation.' })).toBeVisible();

  await owner.context.close();
  await context.close();
});

test('a manager acting as the team promotes a post with its credits; the owner sees it without a reload', async ({
  browser,
  app,
}) => {
  const tag = randomBytes(2).toString('hex');
  const owner = await signedInMember(browser, app, 'owner', 'Olga');
  const manager = await signedInMember(browser, app, 'manager', 'Max');
  const created = await owner.page.request.post('/data/teams', { headers: XHR, data: { name: `Cafe ${tag}` } });
  expect(created.status(), await created.text()).toBe(200);
  const teamId: number = (await created.json()).data.id;
  await owner.page.request.post(`/data/teams/${teamId}/invites`, {
    headers: XHR,
    data: { invitee: manager.username, role: 'manager' },
  });
  const accepted = await manager.page.request.post(`/data/teams/${teamId}/accept`, { headers: XHR });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const deposit = await owner.page.request.post(`/data/teams/${teamId}/credits/deposit`, {
    headers: { ...XHR, 'Idempotency-Key': `e2e-team-${tag}` },
    data: { amount: 6 },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);

  // Olga acts as the team with its Campaigns open.
  await owner.page.goto(`/settings/multiAccounts/${teamId}/members`);
  await owner.page.getByRole('button', { name: 'Act as this team' }).click();
  await expect(owner.page.getByText('You act as this team')).toBeVisible();
  await owner.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(owner.page.getByTestId('credit-count')).toContainText('6 credits');
  // The team's list has loaded (it has no posts yet), so what follows can only arrive live.
  await expect(owner.page.getByText('You have no posts yet.')).toBeVisible();

  // Max, acting as the team, writes a post and gives its campaign 5 of the team's credits.
  const asTeam = { ...XHR, 'X-Current-Team': String(teamId) };
  const text = `Fresh coffee every morning ${tag}`;
  const post = await manager.page.request.post('/data/posts', { headers: asTeam, data: { text, language: 'en' } });
  expect(post.status(), await post.text()).toBe(200);
  const { pid } = (await post.json()).data.post;
  const assigned = await manager.page.request.post(`/data/campaigns/${pid}/assign`, {
    headers: { ...asTeam, 'Idempotency-Key': `e2e-team-assign-${tag}` },
    data: { amount: 5 },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // Olga's open page shows the campaign and the team's remaining credit without a reload.
  await expect(owner.page.getByRole('listitem').filter({ hasText: text })).toBeVisible(LIVE);
  await expect(owner.page.getByTestId('credit-count')).toContainText('1 credit', LIVE);

  await owner.context.close();
  await manager.context.close();
});

test.describe('on a 375 px wide phone', () => {
  test('the multi accounts pages fit the width and pass axe', async ({ browser, app }) => {
    const phone = { width: 375, height: 740 };
    const owner = await signedInMember(browser, app, 'phone', 'Penny', phone);
    const created = await owner.page.request.post('/data/teams', {
      headers: XHR,
      data: { name: `A rather long team name ${randomBytes(2).toString('hex')}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    const teamId: number = (await created.json()).data.id;

    for (const path of [
      '/settings/multiAccounts',
      `/settings/multiAccounts/${teamId}/members`,
      `/settings/multiAccounts/${teamId}/credits`,
      `/settings/multiAccounts/${teamId}/audit`,
      `/settings/multiAccounts/${teamId}/settings`,
      '/settings/multiAccounts/invite/1.aaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      await owner.page.goto(path);
      await expect(owner.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(owner.page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
      const { scrollWidth, overflowing } = await widthProblems(owner.page);
      expect
        .soft(scrollWidth, `page width on ${path}; wider than the screen: ${overflowing.join(', ')}`)
        .toBeLessThanOrEqual(375);
      expect.soft(await axeProblems(owner.page), `axe on ${path}`).toEqual([]);
    }

    // Acting as the team adds its chip to the header, which still fits; the menu's switcher passes axe.
    await owner.page.goto(`/settings/multiAccounts/${teamId}/members`);
    await owner.page.getByRole('button', { name: 'Act as this team' }).click();
    await expect(owner.page.getByRole('link', { name: /^Acting for the team / })).toBeVisible();
    const { scrollWidth, overflowing } = await widthProblems(owner.page);
    expect
      .soft(scrollWidth, `page width acting as the team; wider than the screen: ${overflowing.join(', ')}`)
      .toBeLessThanOrEqual(375);
    await owner.page.getByRole('button', { name: 'Menu' }).click();
    const menu = owner.page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: 'Switch account' }).click();
    await expect(menu.getByRole('group', { name: 'Act as' })).toBeVisible();
    expect.soft(await axeProblems(owner.page), 'axe with the side menu switcher open').toEqual([]);
    await owner.context.close();
  });
});
