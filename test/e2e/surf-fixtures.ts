import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { appFixture, test as base, expect, type AppUnderTest } from './fixtures.js';

/** The surf bar's countdown in these tests: short, so a test does not sit through the default 15 s. */
export const SURF_TIMER_SECONDS = 3;

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The base fixtures with this worker's server started with a 3 s surf countdown. */
export const test = base.extend<object, { app: AppUnderTest }>({
  app: appFixture({ SURF_TIMER_SECONDS: String(SURF_TIMER_SECONDS) }, 'e2e_surf'),
});

export { expect };

export interface Member {
  id: number;
  username: string;
  firstName: string;
  page: Page;
  context: BrowserContext;
}

/**
 * A member in a browser context of their own: signed up through the API as the signup form
 * does (with the 10-credit welcome bonus), their email confirmed (surfing earns only after it)
 * and onboarding marked done.
 */
export async function signUpMember(
  browser: { newContext: (options: { baseURL: string }) => Promise<BrowserContext> },
  app: AppUnderTest,
  firstName: string,
): Promise<Member> {
  const username = `${firstName.toLowerCase()}_${randomBytes(3).toString('hex')}`;
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  const response = await page.request.post('/data/auth/signup', {
    headers: XHR,
    data: { username, first_name: firstName, email: `${username}@example.test`, password: 'correct horse battery' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { rows } = await app.db.query(
    `UPDATE users SET finished_get_started = true, email_confirmed_at = now() WHERE username = $1 RETURNING id`,
    [username],
  );
  return { id: rows[0].id, username, firstName, page, context };
}

/**
 * The member surfed a moment ago, a week-old account with 100 views behind it and every stretch's
 * challenge answered, so no verification code is due for a while (a new account's first view asks
 * for one, and one view in each stretch of 25: surf-challenge.e2e.ts answers those).
 */
export async function continueSurfSession(app: AppUnderTest, member: Member): Promise<void> {
  await app.db.query(
    `UPDATE users SET last_claim_at = now(), created_at = now() - interval '8 days', surf_views = 100, surf_challenges = 6
      WHERE id = $1`,
    [member.id],
  );
}

/** The live credit count in the member header (it comes over the socket). */
export function headerCredits(page: Page) {
  return page.getByTestId('credit-count');
}
