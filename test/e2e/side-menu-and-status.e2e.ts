import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { sideMenu } from './account-helpers.js';
import type { AppUnderTest } from './fixtures.js';
import { holdRequests, settleAnimations } from './helpers.js';
import { expect, signUpMember, test } from './surf-fixtures.js';

/** The menu's entries in order: the five main pages, "More" (a button that shows the other pages), Logout. */
const MENU_ENTRIES = ['Dashboard', 'Campaigns', 'Earn Credits', 'Detailed Stats', 'Settings', 'More', 'Logout'];

/** A menu entry: a link, or the button of a group. */
function menuEntry(menu: Locator, name: string): Locator {
  return menu.getByRole(name === 'More' ? 'button' : 'link', { name, exact: true });
}
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** A member signed up in a browser context with this screen size. */
function memberWithScreen(browser: Browser, app: AppUnderTest, name: string, screen: typeof DESKTOP) {
  return signUpMember({ newContext: (options) => browser.newContext({ ...options, viewport: screen }) }, app, name);
}

/** Serious and critical axe violations on the page as it is, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Where a menu entry's name is drawn, against the menu's own box: 'beside' the rail as a
 * tooltip, 'inside' the open menu, or 'hidden' (the 1 px box the closed rail keeps it in).
 */
function namePlacement(entry: Locator): Promise<'beside' | 'inside' | 'hidden'> {
  return entry.evaluate((link) => {
    const name = link.querySelector('.side-menu-label')!.getBoundingClientRect();
    const menu = link.closest('nav')!.getBoundingClientRect();
    if (name.width <= 1 || name.height <= 1) return 'hidden';
    return name.left >= menu.right ? 'beside' : 'inside';
  });
}

function menuWidth(page: Page): Promise<number> {
  return sideMenu(page).evaluate((menu) => menu.getBoundingClientRect().width);
}

test.describe('on a 1280 px desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the closed menu is a rail of SVG icons; each entry names itself beside the rail on hover and on keyboard focus', async ({
    browser,
    app,
  }) => {
    const member = await memberWithScreen(browser, app, 'Iris', DESKTOP);
    const page = member.page;
    await page.clock.install();
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = sideMenu(page);

    for (const name of MENU_ENTRIES) {
      const entry = menuEntry(menu, name);
      await expect(entry.locator('.side-menu-icon svg')).toHaveCount(1);
      await expect(entry.locator('.side-menu-icon svg')).toHaveAttribute('aria-hidden', 'true');
      await expect(entry.locator('.side-menu-icon svg')).toBeVisible();
      expect(await namePlacement(entry), name).toBe('hidden');
    }
    expect(await menu.textContent()).not.toMatch(/[▦✎★▤⚙⎋☰]/);
    expect(await menuWidth(page)).toBeLessThan(70);

    // Keyboard: Tab from the profile button through every entry; the rail stays closed and names each one.
    await menu.getByRole('button', { name: 'Iris', exact: true }).focus();
    for (const name of MENU_ENTRIES) {
      await page.keyboard.press('Tab');
      const entry = menuEntry(menu, name);
      await expect(entry).toBeFocused();
      await expect.poll(() => namePlacement(entry), name).toBe('beside');
      await expect(entry.locator('.side-menu-label')).toHaveText(name);
    }
    expect(await menuWidth(page)).toBeLessThan(70);
    expect(await blockingViolations(page), 'axe with a menu name shown beside the rail').toEqual([]);
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Logout', exact: true })).not.toBeFocused();
    expect(await namePlacement(menu.getByRole('link', { name: 'Logout', exact: true }))).toBe('hidden');

    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => namePlacement(menu.getByRole('link', { name: 'Logout', exact: true }))).toBe('beside');

    // Pointer: with the page's clock held, the rail stays closed while the pointer moves over it,
    // so each hovered entry shows its name beside it (instead of the focused one), and the one
    // left shows it no more.
    await page.clock.pauseAt(Date.now() + 1000);
    let previous = menu.getByRole('link', { name: 'Logout', exact: true });
    for (const name of MENU_ENTRIES) {
      const entry = menuEntry(menu, name);
      await entry.hover();
      await expect.poll(() => namePlacement(entry), name).toBe('beside');
      expect(await namePlacement(previous), `${name} hovered`).toBe('hidden');
      previous = entry;
    }
    expect(await menuWidth(page)).toBeLessThan(70);

    // Resting on the rail opens the menu: the names stand in it, beside their icons.
    await page.clock.runFor(400);
    await expect.poll(() => menuWidth(page)).toBeGreaterThan(200);
    for (const name of MENU_ENTRIES) expect(await namePlacement(menuEntry(menu, name)), name).toBe('inside');
    await page.mouse.move(900, 500);
    await expect.poll(() => menuWidth(page)).toBeLessThan(70);
    await page.clock.resume();
    await member.context.close();
  });

  test('a fresh post says it is not promoted yet, in neutral colours, then active once credits are assigned', async ({
    browser,
    app,
  }) => {
    const member = await memberWithScreen(browser, app, 'Jules', DESKTOP);
    const page = member.page;
    await page.goto('/home/yourPosts/new');
    await page.getByLabel('Text', { exact: true }).fill('Fresh sourdough every Friday');
    await page.getByRole('button', { name: 'Publish post' }).click();

    const card = page.getByRole('listitem').filter({ hasText: 'Fresh sourdough every Friday' });
    const badge = card.getByText('Not promoted yet', { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    // What to do about it is in the campaign's panel, opened on demand.
    await card.getByRole('button', { name: 'Manage' }).click();
    await expect(card).toContainText('Assign credits to have members see this post in Earn Credits.');
    await expect(card).not.toContainText('Out of credits');
    await expect(page.getByText('1 post, 0 active')).toBeVisible();
    expect(await blockingViolations(page), 'axe on Campaigns').toEqual([]);

    await sideMenu(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const summary = page.getByRole('region', { name: 'Your campaigns' });
    await expect(summary).toContainText('1 post not promoted yet. Assign credits to have members see it.');
    await expect(summary).not.toContainText('ran out of credits');
    expect(await blockingViolations(page), 'axe on the dashboard').toEqual([]);

    await sideMenu(page).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await card.getByRole('button', { name: 'Manage' }).click();
    const credits = card.getByLabel('Credits', { exact: true });
    await credits.fill('3');
    // The assignment is held while the member types the next amount: its answer, arriving after,
    // clears the field only if it still holds what was sent.
    const release = await holdRequests(page, '**/data/campaigns/*/assign');
    await card.getByRole('button', { name: 'Assign' }).click();
    await expect(card.getByRole('button', { name: 'Assigning…' })).toBeVisible();
    await credits.fill('2');
    release();
    await expect(card.getByText('3 credits assigned to this campaign.')).toBeVisible();
    await expect(credits).toHaveValue('2');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(badge).toHaveCount(0);
    await expect(page.getByText('1 post, 1 active')).toBeVisible();

    // Credits that were there and are gone are a different story from none ever assigned.
    await credits.fill('3');
    await card.getByRole('button', { name: 'Withdraw' }).click();
    await expect(card.getByText('Out of credits', { exact: true })).toBeVisible();
    await expect(badge).toHaveCount(0);
    await member.context.close();
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('the menu stays out of sight and out of the tab order until the menu button opens it', async ({ browser, app }) => {
    const member = await memberWithScreen(browser, app, 'Kai', PHONE);
    const page = member.page;
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = sideMenu(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const campaigns = menu.getByRole('link', { name: 'Campaigns', exact: true });
    await expect(toggle.locator('svg')).toBeVisible();
    expect(await toggle.textContent()).not.toContain('☰');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(campaigns).not.toBeInViewport();
    await campaigns.focus();
    await expect(campaigns).not.toBeFocused();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of MENU_ENTRIES) {
      const entry = menuEntry(menu, name);
      await expect(entry).toBeInViewport();
      await expect(entry.locator('.side-menu-icon svg')).toBeVisible();
      await expect.poll(() => namePlacement(entry), name).toBe('inside');
    }
    expect(await blockingViolations(page), 'axe with the phone menu open').toEqual([]);

    await campaigns.click();
    await expect(page).toHaveURL(/\/home\/yourPosts$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(campaigns).not.toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await member.context.close();
  });
});
