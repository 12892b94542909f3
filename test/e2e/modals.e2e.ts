import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openPage } from './helpers.js';

/** Opens the landing page's "How do credits work?" dialog and checks it took the focus. */
async function openCreditsDialog(page: Page): Promise<{ trigger: Locator; dialog: Locator }> {
  const trigger = page.getByRole('button', { name: 'How do credits work?' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'How credits work' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Every post you view in the surf bar');
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  return { trigger, dialog };
}

async function expectClosed(dialog: Locator, trigger: Locator) {
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await openPage(page, '/');
});

test('the credits dialog closes with the close control in its header, and the focus goes back to the button', async ({
  page,
}) => {
  const { trigger, dialog } = await openCreditsDialog(page);
  await dialog.getByLabel('Close', { exact: true }).click();
  await expectClosed(dialog, trigger);
});

test('the credits dialog closes with the Close button of its default footer, and the focus goes back to the button', async ({
  page,
}) => {
  const { trigger, dialog } = await openCreditsDialog(page);
  // The header control is named Close too (aria-label) but shows "×"; the footer button reads Close.
  const footerClose = dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' });
  await expect(footerClose).toHaveCount(1);
  await footerClose.click();
  await expectClosed(dialog, trigger);
});

test('the credits dialog closes with Escape, and the focus goes back to the button', async ({ page }) => {
  const { trigger, dialog } = await openCreditsDialog(page);
  await page.keyboard.press('Escape');
  await expectClosed(dialog, trigger);
});

test('the credits dialog closes by clicking the backdrop (not inside it), and the focus goes back to the button', async ({
  page,
}) => {
  const { trigger, dialog } = await openCreditsDialog(page);
  await dialog.getByText('Every post you view in the surf bar').click();
  await expect(dialog).toBeVisible();
  await page.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expectClosed(dialog, trigger);
});

test('Tab keeps the focus inside the open dialog', async ({ page }) => {
  const { dialog } = await openCreditsDialog(page);
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), key).toBe(true);
  }
});

test('the dialog is drawn above the page at stacking level 10000', async ({ page }) => {
  const { dialog } = await openCreditsDialog(page);
  const backdrop = page.locator('.modal-backdrop');
  expect(await backdrop.evaluate((element) => getComputedStyle(element).zIndex)).toBe('10000');
  // What is on top at the corner of the screen is the backdrop, not the top bar under it.
  const topmost = await page.evaluate(() => document.elementFromPoint(5, 5)?.className);
  expect(topmost).toBe('modal-backdrop');
  await expect(dialog).toBeInViewport();
});
