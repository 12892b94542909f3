import { randomBytes } from 'node:crypto';
import type { Route } from '@playwright/test';
import { expect, signUpMember, test } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('a comment shows as Sending… until the server has it, and one written meanwhile waits its turn', async ({
  browser,
  app,
}) => {
  const member = await signUpMember(browser, app, 'Quinn');
  const page = member.page;
  const created = await page.request.post('/data/posts', {
    headers: XHR,
    data: { text: `Queue me ${randomBytes(2).toString('hex')}`, language: 'en' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const pid: number = (await created.json()).data.post.pid;

  // The server's answers to new comments are held until the test lets them through.
  const held: Route[] = [];
  await page.route(`**/data/posts/${pid}/comments`, (route) =>
    route.request().method() === 'POST' ? void held.push(route) : route.continue(),
  );
  await page.goto(`/post/${pid}`);
  const box = page.getByRole('textbox', { name: 'Write a comment' });
  const sending = page.getByRole('list', { name: 'Messages being sent' });

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await box.fill('First thought');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(box).toHaveValue('');
  await expect(sending.getByRole('listitem')).toHaveCount(1);
  await expect(sending.getByRole('listitem').first()).toContainText('First thought');
  await expect(sending.getByRole('listitem').first()).toContainText('Sending…');

  await box.fill('Second thought');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(sending.getByRole('listitem').nth(1)).toContainText('Second thought');
  await expect(sending.getByRole('listitem').nth(1)).toContainText('Waiting to send…');
  expect(held).toHaveLength(1);

  await held[0].continue();
  await expect(page.locator('.comment-text').filter({ hasText: 'First thought' })).toBeVisible();
  await expect(sending.getByRole('listitem')).toHaveCount(1);
  await expect(sending.getByRole('listitem').first()).toContainText('Sending…');
  await expect.poll(() => held.length).toBe(2);
  await held[1].continue();
  await expect(page.locator('.comment-text').filter({ hasText: 'Second thought' })).toBeVisible();
  await expect(sending).toHaveCount(0);
});

test('on a phone, Earn Credits fills the screen (window height + 14 px − footer) and leaving it frees the page again', async ({
  browser,
  app,
}) => {
  const member = await signUpMember(browser, app, 'Phoebe');
  const page = member.page;
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/home/earnCredits');
  const surf = page.locator('.surf');
  await expect(surf).toHaveClass(/surf-full-height/);
  const measured = await page.evaluate(() => ({
    surf: document.querySelector<HTMLElement>('.surf')!.getBoundingClientRect().height,
    footer: document.querySelector('.footer')?.getBoundingClientRect().height ?? 0,
    body: { overflow: document.body.style.overflow, position: document.body.style.position },
  }));
  expect(measured.surf).toBeCloseTo(700 + 14 - measured.footer, 0);
  expect(measured.body).toEqual({ overflow: 'hidden', position: 'fixed' });

  // Wider than a phone: the page scrolls as usual.
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(surf).not.toHaveClass(/surf-full-height/);
  expect(await page.evaluate(() => [document.body.style.overflow, document.body.style.position])).toEqual(['', '']);

  // Back on a phone, then to another screen through the menu: the body is freed.
  await page.setViewportSize({ width: 375, height: 700 });
  await expect(surf).toHaveClass(/surf-full-height/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(surf).toHaveCount(0);
  expect(await page.evaluate(() => [document.body.style.overflow, document.body.style.position])).toEqual(['', '']);
});
