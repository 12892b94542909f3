import { AxeBuilder } from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { settleAnimations } from './helpers.js';
import { continueSurfSession, expect, signUpMember, SURF_TIMER_SECONDS, test, type Member } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** A paid view reaches the owner's open pages within a second; the rest is room for a busy machine. */
const LIVE = { timeout: 3000 };

async function promotedPost(member: Member, text: string, credits: number): Promise<number> {
  const created = await member.page.request.post('/data/posts', { headers: XHR, data: { text, language: 'en' } });
  expect(created.status()).toBe(200);
  const { pid } = (await created.json()).data.post;
  const assigned = await member.page.request.post(`/data/campaigns/${pid}/assign`, {
    headers: { ...XHR, 'Idempotency-Key': `e2e-live-${pid}` },
    data: { amount: credits },
  });
  expect(assigned.status()).toBe(200);
  return pid;
}

/** The figure under `term` in the dashboard's campaign summary. */
function summaryFigure(page: Page, term: string) {
  return page
    .locator('.summary-figures > div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .getByRole('definition');
}

/** Bob's surf bar: waits for the countdown, then clicks Next on the post showing `text`. */
async function viewPost(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('surf-stage').getByRole('article')).toContainText(text);
  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  // A moment's pause, as a person takes: a click the instant the countdown ends raises the surf score.
  await page.waitForTimeout(500);
  await next.click();
}

test("the owner's open Campaigns page and dashboard follow each paid view without a reload", async ({ browser, app }) => {
  const alice = await signUpMember(browser, app, 'Alice');
  const bob = await signUpMember(browser, app, 'Bob');
  const tag = randomBytes(2).toString('hex');
  const lastingText = `Fresh bread every morning ${tag}`;
  const endingText = `One last loaf ${tag}`;
  await promotedPost(alice, lastingText, 8);
  const ending = await promotedPost(alice, endingText, 1);
  // Only Alice's posts are shown to Bob (the worker's other tests leave campaigns behind), the
  // lasting one first: the rotation offers the campaign served longest ago.
  await app.db.query(`UPDATE campaigns SET paused = true WHERE user_id <> $1`, [alice.id]);
  await app.db.query(`UPDATE campaigns SET last_served_at = now() WHERE post_id = $1`, [ending]);

  // Alice has her campaigns open in one tab and her dashboard in another.
  const campaignsPage = alice.page;
  await campaignsPage.goto('/home/yourPosts');
  const summary = campaignsPage.locator('.campaigns-summary');
  await expect(summary).toHaveText('2 posts, 2 active · 9 credits in campaigns · 0 views today');
  const lastingCard = campaignsPage.getByRole('listitem').filter({ hasText: lastingText });
  const endingCard = campaignsPage.getByRole('listitem').filter({ hasText: endingText });
  await expect(lastingCard.getByTestId('campaign-credits')).toHaveText('8');
  await expect(lastingCard.getByTestId('campaign-views-total')).toHaveText('0');
  // The last view shows in the row's panel, which stays open while pushes arrive.
  await lastingCard.getByRole('button', { name: 'Manage' }).click();
  await expect(lastingCard).toContainText('last view none yet');
  const dashboard = await alice.context.newPage();
  await dashboard.goto('/home');
  await expect(summaryFigure(dashboard, 'Credits in campaigns')).toHaveText('9');
  await expect(summaryFigure(dashboard, 'Views today')).toHaveText('0');
  for (const page of [campaignsPage, dashboard]) await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  await settleAnimations(campaignsPage);
  const { violations } = await new AxeBuilder({ page: campaignsPage }).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // Bob views the lasting post: Alice's pages show the view and the credit it cost.
  const b = bob.page;
  await continueSurfSession(app, bob);
  await b.goto('/home/earnCredits');
  await viewPost(b, lastingText);
  await expect(lastingCard.getByTestId('campaign-credits')).toHaveText('7', LIVE);
  await expect(lastingCard.getByTestId('campaign-views-total')).toHaveText('1', LIVE);
  await expect(lastingCard.getByTestId('campaign-views-today')).toHaveText('1', LIVE);
  await expect(lastingCard).not.toContainText('last view none yet');
  await expect(lastingCard.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(summary).toHaveText('2 posts, 2 active · 8 credits in campaigns · 1 view today', LIVE);
  await expect(summaryFigure(dashboard, 'Credits in campaigns')).toHaveText('8', LIVE);
  await expect(summaryFigure(dashboard, 'Views today')).toHaveText('1', LIVE);
  await expect(summaryFigure(dashboard, 'Views in all')).toHaveText('1', LIVE);

  // Bob views the post with one credit left: it runs out, and Alice's pages say so at once.
  await viewPost(b, endingText);
  await expect(endingCard.getByTestId('campaign-credits')).toHaveText('0', LIVE);
  await expect(endingCard).toContainText('Out of credits', LIVE);
  await expect(summary).toHaveText('2 posts, 1 active · 7 credits in campaigns · 2 views today', LIVE);
  await expect(summaryFigure(dashboard, 'Active campaigns')).toHaveText('1', LIVE);
  await expect(dashboard.getByText('1 campaign ran out of credits.')).toBeVisible(LIVE);

  await alice.context.close();
  await bob.context.close();
});
