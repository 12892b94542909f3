import { randomBytes } from 'node:crypto';
import { continueSurfSession, expect, headerCredits, signUpMember, SURF_TIMER_SECONDS, test } from './surf-fixtures.js';

test('a view earned in Earn Credits is credited at once, and the poster sees it on the campaign', async ({ browser, app }) => {
  const alice = await signUpMember(browser, app, 'Alice');
  const bob = await signUpMember(browser, app, 'Bob');
  const headline = `Fresh sourdough every morning ${randomBytes(2).toString('hex')}`;

  // Alice writes a post and gives its campaign her 10 welcome credits.
  const a = alice.page;
  await a.goto('/home/yourPosts');
  await expect(a.getByText('You have no posts yet.')).toBeVisible();
  await a.getByRole('link', { name: 'Create your first post' }).click();
  await a.getByLabel('Text', { exact: true }).fill(`${headline}\nCome and taste it.`);
  await a.getByLabel('Link (optional)').fill('https://example.com/bakery');
  await a.getByRole('button', { name: 'Publish post' }).click();
  await expect(a.getByText(/Your post is published/)).toBeVisible();
  const card = a.getByRole('listitem').filter({ hasText: headline });
  await expect(card).toContainText('Not promoted yet');
  await expect(card.getByTestId('campaign-credits')).toHaveText('0');
  await expect(headerCredits(a)).toHaveText('10 credits');
  await card.getByRole('button', { name: 'Manage' }).click();
  await card.getByLabel('Credits', { exact: true }).fill('10');
  await card.getByRole('button', { name: 'Assign' }).click();
  await expect(card.getByText('10 credits assigned to this campaign.')).toBeVisible();
  // The page's "published, now assign credits" notice is done with.
  await expect(a.getByText(/Your post is published/)).toHaveCount(0);
  await expect(card.getByTestId('campaign-credits')).toHaveText('10');
  await expect(card).toContainText('Active');
  await expect(headerCredits(a)).toHaveText('0 credits');

  // Bob surfs: Alice's post is shown in the page, and Next waits for the countdown.
  const b = bob.page;
  await continueSurfSession(app, bob);
  await b.goto('/home/earnCredits');
  await expect(headerCredits(b)).toHaveText('10 credits');
  const bar = b.getByRole('region', { name: 'Surf bar' });
  await expect(b.getByRole('article')).toContainText(headline);
  await expect(b.getByRole('link', { name: /example\.com/ })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  const next = bar.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await expect(b.getByRole('heading', { name: /earn 1 credit\.$/ })).toBeVisible();
  // Today's progress: the views left before Bob's cap, and none yet in this tab.
  const views = bar.getByTestId('surf-earnings-views');
  await expect(views).toHaveText(/^[\d,]+ views left today · 0 this session$/);
  const viewsLeft = Number((await views.innerText()).split(' ')[0].replace(/,/g, ''));

  // A click forced through during the countdown sends nothing.
  await next.click({ force: true });
  const earned = await app.db.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'view_earned'`, [
    bob.id,
  ]);
  expect(earned.rows[0].n).toBe(0);

  // The poster's name opens the profile popup.
  await bar.getByRole('button', { name: 'Alice' }).click();
  const popup = b.getByRole('dialog', { name: 'Alice' });
  await expect(popup).toContainText(`@${alice.username}`);
  await expect(popup.getByRole('link', { name: 'View full profile' })).toHaveAttribute('href', `/profile/${alice.username}`);
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await expect(popup).toBeHidden();

  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await next.click();
  await expect(headerCredits(b)).toHaveText('11 credits', { timeout: 2000 });
  await expect(b.getByText('Credit earned!', { exact: true })).toBeVisible();
  // The claim's answer moves today's figures at once.
  await expect(views).toHaveText(`${(viewsLeft - 1).toLocaleString('en')} views left today · 1 this session`, { timeout: 2000 });
  await expect(bar.getByRole('progressbar', { name: 'Earned today' })).toHaveAttribute('aria-valuenow', '1');
  // Bob saw Alice's post today, so the next one is another (from the worker's other tests), or there is none.
  const stage = b.getByTestId('surf-stage');
  await expect(stage.getByRole('article').or(stage.getByText(/You have seen every post you can view for now/))).toBeVisible();
  await expect(stage).not.toContainText(headline);

  // Alice's campaign: one view, one credit less.
  await a.reload();
  await expect(card.getByTestId('campaign-views-total')).toHaveText('1');
  await expect(card.getByTestId('campaign-views-today')).toHaveText('1');
  await expect(card.getByTestId('campaign-credits')).toHaveText('9');
  await expect(card).not.toContainText('No views yet');

  // Bob's dashboard shows the same day, without a session of its own.
  await b.goto('/home');
  const today = b.getByRole('region', { name: 'Surfing today' });
  await expect(today.getByTestId('surf-earnings-views')).toHaveText(`${(viewsLeft - 1).toLocaleString('en')} views left today`);
  await expect(b.getByRole('link', { name: /Earn credits/ })).toContainText('1 credit each');

  await alice.context.close();
  await bob.context.close();
});

test('Next works from the keyboard, and a second tab takes over the surf bar', async ({ browser, app }) => {
  const poster = await signUpMember(browser, app, 'Paula');
  for (const [index, text] of ['First post to view', 'Second post to view'].entries()) {
    const created = await poster.page.request.post('/data/posts', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { text: `${text} ${index}`, language: 'en' },
    });
    expect(created.status()).toBe(200);
    const { pid } = (await created.json()).data.post;
    const assigned = await poster.page.request.post(`/data/campaigns/${pid}/assign`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Idempotency-Key': `e2e-assign-${pid}` },
      data: { amount: 5 },
    });
    expect(assigned.status()).toBe(200);
  }
  const viewer = await signUpMember(browser, app, 'Victor');
  await continueSurfSession(app, viewer);
  const first = viewer.page;
  await first.goto('/home/earnCredits');
  const next = first.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  // (Posts of the other tests of this worker may come first.)
  await expect(first.getByRole('article')).toBeVisible();
  await next.focus();
  await expect(next).toBeFocused();
  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await first.keyboard.press('Enter');
  await expect(headerCredits(first)).toHaveText('11 credits', { timeout: 2000 });
  const claimed = await app.db.query(`SELECT telemetry FROM view_tickets WHERE viewer_id = $1 AND status = 'claimed'`, [
    viewer.id,
  ]);
  expect(claimed.rows[0].telemetry).toMatchObject({ keyEvent: true, isTrusted: true });

  // The next post is up; opening Earn Credits in a second tab moves the ticket there.
  await expect(first.getByRole('article')).toBeVisible();
  const second = await viewer.context.newPage();
  await second.goto('/home/earnCredits');
  await expect(second.getByRole('article')).toBeVisible();
  await expect(first.getByText('You continued in another tab')).toBeVisible();
  await first.getByRole('button', { name: 'Continue here' }).click();
  await expect(first.getByRole('article')).toBeVisible();
  await expect(second.getByText('You continued in another tab')).toBeVisible();

  await poster.context.close();
  await viewer.context.close();
});

test('"Surf my tags" in the post rotator is kept and offers only posts with a followed tag', async ({ browser, app }) => {
  const poster = await signUpMember(browser, app, 'Tess');
  const tag = `e2etag${randomBytes(3).toString('hex')}`;
  const tagged = `Tagged post ${tag}`;
  const untagged = `Untagged post ${randomBytes(3).toString('hex')}`;
  for (const [text, tags] of [
    [tagged, [tag]],
    [untagged, []],
  ] as const) {
    const created = await poster.page.request.post('/data/posts', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { text, language: 'en', tags },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { pid } = (await created.json()).data.post;
    const assigned = await poster.page.request.post(`/data/campaigns/${pid}/assign`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Idempotency-Key': `e2e-assign-${pid}` },
      data: { amount: 5 },
    });
    expect(assigned.status()).toBe(200);
  }
  const viewer = await signUpMember(browser, app, 'Uma');
  const followed = await viewer.page.request.post(`/data/tags/${tag}/follow`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(followed.status(), await followed.text()).toBe(200);
  await continueSurfSession(app, viewer);

  const page = viewer.page;
  await page.goto('/home/earnCredits');
  await page.getByText('Post rotator:').click();
  const myTags = page.getByRole('checkbox', { name: 'Surf my tags: only posts with tags I follow' });
  await expect(myTags).not.toBeChecked();
  await expect(page.getByText(`You follow #${tag}.`)).toBeVisible();
  await myTags.check();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toContainText('with tags you follow');

  // Kept: after a reload the choice is still on, and the surf bar offers the tagged post only.
  await page.reload();
  await expect(page.getByText('my tags only')).toBeVisible();
  await page.getByText('Post rotator:').click();
  await expect(page.getByRole('checkbox', { name: 'Surf my tags: only posts with tags I follow' })).toBeChecked();
  const stage = page.getByTestId('surf-stage');
  await expect(stage.getByRole('article')).toContainText(tagged);
  const next = page.getByRole('region', { name: 'Surf bar' }).getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled({ timeout: (SURF_TIMER_SECONDS + 5) * 1000 });
  await next.click();
  await expect(stage.getByText(/You have seen every post you can view for now/)).toBeVisible();
  await expect(stage).not.toContainText(untagged);

  await poster.context.close();
  await viewer.context.close();
});
