import type { ApiError } from '../../shared/api/envelope.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { expect, test } from './realtime-helpers.js';

const UNAVAILABLE: ApiError = {
  code: ErrorCode.Unavailable,
  heading: 'Reconnecting',
  message: 'We cannot reach our database right now. Please try again in a moment.',
  retryAfter: 1,
};

test('while the server answers 503 the page says it is reconnecting, retries on its own and shows the screen once it answers', async ({
  browser,
  app,
  member,
}) => {
  const context = await browser.newContext({ baseURL: app.url, storageState: member.state });
  const page = await context.newPage();
  let unavailableAnswers = 0;
  await page.route('**/data/notifications?*', (route) => {
    if (unavailableAnswers >= 2) return route.continue();
    unavailableAnswers++;
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      contentType: 'application/json',
      body: JSON.stringify({ data: null, errors: [UNAVAILABLE], maintenance: false }),
    });
  });

  await page.goto('/notifications');
  const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting to the server…' });
  await expect(reconnecting).toBeVisible();
  await expect(page.getByTestId('unread-summary')).toBeVisible();
  await expect(reconnecting).toHaveCount(0);
  expect(unavailableAnswers).toBe(2);
  await context.close();
});
