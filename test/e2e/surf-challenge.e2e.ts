import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CHALLENGE_AT } from '../../server/src/surf/risk-thresholds.js';
import { CHALLENGE_IMAGE_SIZE } from '../../shared/surf/surf.js';
import type { AppUnderTest } from './fixtures.js';
import { expect, headerCredits, signUpMember, SURF_TIMER_SECONDS, test, type Member } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const IMAGE_ALT = /^Verification picture: a 4-character code/;

/** A poster with `count` posts of 2 credits each, created through the API as the post form does. */
async function postsToView(member: Member, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const created = await member.page.request.post('/data/posts', {
      headers: XHR,
      data: { text: `A post to verify ${i} by ${member.username}`, language: 'en' },
    });
    expect(created.status()).toBe(200);
    const { pid } = (await created.json()).data.post;
    const assigned = await member.page.request.post(`/data/campaigns/${pid}/assign`, {
      headers: { ...XHR, 'Idempotency-Key': `e2e-challenge-${pid}` },
      data: { amount: 2 },
    });
    expect(assigned.status()).toBe(200);
  }
}

/** A member whose score calls for a challenge on their next views (a clean view or two leaves it there). */
async function challengedViewer(browser: Parameters<typeof signUpMember>[0], app: AppUnderTest, name: string): Promise<Member> {
  const viewer = await signUpMember(browser, app, name);
  await app.db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [viewer.id, CHALLENGE_AT + 20]);
  return viewer;
}

/** The code the viewer's open ticket asks for, read where only the server keeps it. */
async function answerOf(app: AppUnderTest, viewer: Member, previous?: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const { rows } = await app.db.query(
        `SELECT id, challenge_code FROM view_tickets WHERE viewer_id = $1 AND status = 'open'`,
        [viewer.id],
      );
      code = rows[0]?.id !== previous ? (rows[0]?.challenge_code ?? null) : null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

async function openTicketId(app: AppUnderTest, viewer: Member): Promise<string> {
  const { rows } = await app.db.query(`SELECT id FROM view_tickets WHERE viewer_id = $1 AND status = 'open'`, [viewer.id]);
  return rows[0].id;
}

/** The challenge's picture has loaded (a real image, not a broken one). */
async function expectPictureShown(page: Page): Promise<void> {
  const image = page.getByRole('img', { name: IMAGE_ALT });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(CHALLENGE_IMAGE_SIZE.width);
}

/** The answer shows in the page only as one of the options, as often as any other option: nothing tells it apart. */
async function expectAnswerNotTold(page: Page, code: string, options: string[]): Promise<void> {
  const text = await page.locator('body').innerText();
  const snapshot = await page.locator('body').ariaSnapshot();
  const html = await page.content();
  for (const option of options) {
    expect(text.split(option).length - 1, `page text: ${option}`).toBe(1);
    expect(snapshot.split(option).length - 1, `accessibility tree: ${option}`).toBe(1);
    expect(html.split(option).length - 1, `page source: ${option}`).toBe(1);
  }
  expect(options).toContain(code);
  await expect(page.getByRole('img', { name: IMAGE_ALT })).not.toHaveAttribute('src', new RegExp(code));
}

async function optionsShown(page: Page): Promise<string[]> {
  const group = page.getByRole('group', { name: 'Codes to pick from' });
  await expect(group.getByRole('button')).toHaveCount(6);
  return group.getByRole('button').allInnerTexts();
}

test('a member answers a challenge with the mouse: the picture, the same when fetched again, the right option, credited', async ({
  browser,
  app,
}) => {
  const poster = await signUpMember(browser, app, 'Petra');
  await postsToView(poster, 3);
  const viewer = await challengedViewer(browser, app, 'Mona');
  const page = viewer.page;
  await page.goto('/home/earnCredits');
  await expect(page.getByRole('article')).toBeVisible();
  const challenge = page.getByRole('region', { name: 'Verification' });
  await expect(challenge).toContainText(/pick the code shown in the picture/i);
  await expectPictureShown(page);
  const code = await answerOf(app, viewer);
  const options = await optionsShown(page);
  await expectAnswerNotTold(page, code, options);

  // One picture per ticket: fetched again, it is the same, so a script gains nothing by asking often.
  const src = (await page.getByRole('img', { name: IMAGE_ALT }).getAttribute('src'))!;
  const [first, again] = [await page.request.get(src), await page.request.get(src)];
  expect(first.status()).toBe(200);
  expect((await again.body()).equals(await first.body())).toBe(true);

  const { violations } = await new AxeBuilder({ page }).include('.surf').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  // The countdown is over, but Next waits for a pick.
  await expect(page.getByTestId('surf-countdown')).toHaveText('✓', { timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await expect(next).toBeDisabled();
  await expect(page.getByText('Answer the verification, then press Next.', { exact: true })).toBeVisible();
  const answer = challenge.getByRole('button', { name: code, exact: true });
  await answer.click();
  await expect(answer).toHaveAttribute('aria-pressed', 'true');
  await expect(challenge.getByRole('button', { pressed: true })).toHaveCount(1);
  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await next.click();
  await expect(headerCredits(page)).toHaveText('11 credits', { timeout: 3000 });
  await expect(page.getByText('Credit earned!', { exact: true })).toBeVisible();

  await poster.context.close();
  await viewer.context.close();
});

test('a member answers a challenge with the keyboard only, on a 375 px screen', async ({ browser, app }) => {
  const poster = await signUpMember(browser, app, 'Quentin');
  await postsToView(poster, 3);
  const viewer = await challengedViewer(browser, app, 'Kira');
  const page = viewer.page;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home/earnCredits');
  await expect(page.getByRole('article')).toBeVisible();
  await expectPictureShown(page);
  const code = await answerOf(app, viewer);
  await expectAnswerNotTold(page, code, await optionsShown(page));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  // Tab to the right option and pick it with Space.
  for (let presses = 0; (await focusedText()) !== code; presses++) {
    expect(presses, 'the option is reachable with Tab').toBeLessThan(60);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space');
  const answer = page.getByRole('button', { name: code, exact: true });
  await expect(answer).toHaveAttribute('aria-pressed', 'true');

  // Back to Next with Shift+Tab, and press it with Enter once the countdown is over.
  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  for (let presses = 0; !(await next.evaluate((element) => element === document.activeElement)); presses++) {
    expect(presses, 'Next is reachable with Shift+Tab').toBeLessThan(60);
    await page.keyboard.press('Shift+Tab');
  }
  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  const ticketId = await openTicketId(app, viewer);
  await page.keyboard.press('Enter');
  await expect(headerCredits(page)).toHaveText('11 credits', { timeout: 3000 });
  const claimed = await app.db.query(`SELECT status, telemetry FROM view_tickets WHERE id = $1`, [ticketId]);
  expect(claimed.rows[0]).toMatchObject({ status: 'claimed', telemetry: { keyEvent: true, isTrusted: true } });

  await poster.context.close();
  await viewer.context.close();
});

test('a member who cannot see the picture gets a code by email: announced, focused, typed, credited', async ({
  browser,
  app,
}) => {
  const poster = await signUpMember(browser, app, 'Oskar');
  await postsToView(poster, 3);
  const viewer = await challengedViewer(browser, app, 'Vera');
  const page = viewer.page;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home/earnCredits');
  await expect(page.getByRole('article')).toBeVisible();
  await expectPictureShown(page);
  const challenge = page.getByRole('region', { name: 'Verification' });
  const ticketId = await openTicketId(app, viewer);

  await challenge.getByRole('button', { name: 'Can’t see the picture? Email me a code' }).click();
  await expect(challenge.getByRole('status').filter({ hasText: 'Code sent to' })).toHaveText(
    `Code sent to ${viewer.username[0]}***@example.test`,
  );
  const field = challenge.getByRole('textbox', { name: 'Code from the email' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  // The picture's code no longer answers: its picture and options are gone.
  await expect(page.getByRole('img', { name: IMAGE_ALT })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Codes to pick from' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const { rows } = await app.db.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [
    `${viewer.username}@example.test`,
  ]);
  const code = /verification is (\d{6})\./.exec(rows[0].text_body)![1];
  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  await field.fill('12');
  await page.keyboard.press('Enter');
  await expect(challenge.getByText('Enter the 6 digits from the mail.')).toBeVisible();
  await field.fill(code);
  await page.keyboard.press('Enter');
  await expect(challenge.getByText('Code entered: press Next.')).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).include('.surf').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await next.click();
  await expect(page.getByText('Credit earned!', { exact: true })).toBeVisible();
  const claimed = await app.db.query(`SELECT status, challenge_mode FROM view_tickets WHERE id = $1`, [ticketId]);
  expect(claimed.rows[0]).toEqual({ status: 'claimed', challenge_mode: 'email' });

  await poster.context.close();
  await viewer.context.close();
});
