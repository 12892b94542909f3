import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CHALLENGE_AT } from '../../server/src/surf/risk-thresholds.js';
import type { AppUnderTest } from './fixtures.js';
import { expect, headerCredits, signUpMember, SURF_TIMER_SECONDS, test, type Member } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const IMAGE_ALT = 'Verification image: pick the code it shows';

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
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(240);
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

test('a member answers a challenge with the mouse: the picture, a new one, the right option, credited', async ({
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

  // The image cannot be kept from one request to the next: "New image" asks for another.
  const image = page.getByRole('img', { name: IMAGE_ALT });
  const firstSrc = await image.getAttribute('src');
  await challenge.getByRole('button', { name: 'New image' }).click();
  await expect(image).not.toHaveAttribute('src', firstSrc!);
  await expectPictureShown(page);

  const { violations } = await new AxeBuilder({ page }).include('.surf').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  // The countdown is over, but Next waits for a pick.
  await expect(page.getByTestId('surf-countdown')).toHaveText('✓', { timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await expect(next).toBeDisabled();
  await expect(page.getByText('Pick the code shown in the picture, then press Next.', { exact: true })).toBeVisible();
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
