import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { expect, test, type AppUnderTest } from './fixtures.js';
import { BILLING_ENDPOINTS, type CheckoutAnswer } from '../../shared/billing/billing.js';
import { signUpByApi, XHR } from './account-helpers.js';
import { PUBLIC_PATHS, openPage, settleAnimations } from './helpers.js';

/** Every page a visitor can reach: the public routes and the not-found page. */
const VISITOR_PAGES = [...PUBLIC_PATHS, '/no-such-page'];

/** Member pages of billing, with one order of the member (still waiting for the provider). */
function memberBillingPages(orderId: string): string[] {
  return ['/billing', '/settings/payments', `/settings/payments/${orderId}`, `/upgrade/complete?order=${orderId}`];
}

/** Signs a member up in the page's context and makes one order: answers the billing pages to check. */
async function billingPagesOfNewMember(page: Page, app: AppUnderTest): Promise<string[]> {
  await signUpByApi(page.request, app, { prefix: 'axe' });
  const made = await page.request.post(BILLING_ENDPOINTS.checkout, { headers: XHR, data: { kind: 'pack', id: 1 } });
  expect(made.status()).toBe(200);
  return memberBillingPages(((await made.json()).data as CheckoutAnswer).order.id);
}

/** Runs axe on the page as it is and answers its serious and critical violations. */
async function blockingViolations(page: Page): Promise<Result[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) => `    at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s*\n\s*/g, ' ')}`,
      );
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

// One test per page: each page's axe run gets the whole test time, however long the landing page grows.
for (const path of VISITOR_PAGES) {
  test(`axe finds no serious or critical accessibility violation on the visitor page ${path}`, async ({ page }) => {
    await openPage(page, path);
    const blocking = await blockingViolations(page);
    expect(
      blocking.map((violation) => violation.id),
      `axe violations on ${path}:\n${describeViolations(blocking)}`,
    ).toEqual([]);
  });
}

test('axe finds no serious or critical violation on the billing pages of a member', async ({ page, app }) => {
  for (const path of await billingPagesOfNewMember(page, app)) {
    await openPage(page, path);
    await expect(page.locator('.loading-state')).toHaveCount(0);
    const blocking = await blockingViolations(page);
    expect
      .soft(
        blocking.map((violation) => violation.id),
        `axe violations on ${path}:\n${describeViolations(blocking)}`,
      )
      .toEqual([]);
  }
});

test('axe finds no serious or critical violation with the credits dialog open', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'How do credits work?' }).click();
  await expect(page.getByRole('dialog', { name: 'How credits work' })).toBeVisible();
  // Check the dialog as it settles, not half-faded in (its opening animation takes 300 ms).
  await settleAnimations(page);
  const blocking = await blockingViolations(page);
  expect(
    blocking.map((violation) => violation.id),
    `axe violations with the dialog open:\n${describeViolations(blocking)}`,
  ).toEqual([]);
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every visitor page fits the width and shows the Login link', async ({ page }) => {
    for (const path of VISITOR_PAGES) {
      await openPage(page, path);
      // The maintenance page has no top bar (some pages hide the header).
      if (path !== '/maintenance') {
        await expect
          .soft(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }), path)
          .toBeInViewport();
      }
      const overflowing = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
      );
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect
        .soft(scrollWidth, `page width on ${path}; wider than the screen: ${overflowing.join(', ')}`)
        .toBeLessThanOrEqual(375);
    }
  });
});

test.describe('on a 375 px wide phone, signed in', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the billing pages fit the width', async ({ page, app }) => {
    for (const path of await billingPagesOfNewMember(page, app)) {
      await openPage(page, path);
      await expect(page.locator('.loading-state')).toHaveCount(0);
      const overflowing = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
      );
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect
        .soft(scrollWidth, `page width on ${path}; wider than the screen: ${overflowing.join(', ')}`)
        .toBeLessThanOrEqual(375);
    }
  });
});

test('Tab from the top of the landing page reaches the skip link, then the logo, then Login', async ({ page }) => {
  await openPage(page, '/');
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Surfex home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeFocused();
});

test('the skip link takes keyboard users past the top bar to the page content', async ({ page }) => {
  await openPage(page, '/');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link').first()).toBeFocused();
});
