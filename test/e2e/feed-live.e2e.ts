import { AxeBuilder } from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { pngImage } from './account-helpers.js';
import { settleAnimations } from './helpers.js';
import { expect, signUpMember, test, type Member } from './surf-fixtures.js';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** A comment or feel reaches the open page within a second; the rest is room for a busy machine. */
const LIVE = { timeout: 3000 };
const XSS = `<img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script>`;

async function postWithPictureAndVideo(member: Member, text: string): Promise<number> {
  const upload = await member.page.request.post('/data/posts/images', {
    headers: XHR,
    multipart: { image: { name: 'p.png', mimeType: 'image/png', buffer: pngImage(64) } },
  });
  expect(upload.status()).toBe(200);
  const image = (await upload.json()).data;
  const created = await member.page.request.post('/data/posts', {
    headers: XHR,
    data: {
      text,
      language: 'en',
      youtube: 'https://youtu.be/dQw4w9WgXcQ',
      link: 'https://example.com/page',
      imageIds: [image.id],
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).data.post.pid;
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('a comment and a feel on a member’s post appear live on their open dashboard; markup shows as text', async ({
  browser,
  app,
}) => {
  const alice = await signUpMember(browser, app, 'Alice');
  const bob = await signUpMember(browser, app, 'Bob');
  const text = `Morning walk by the river ${randomBytes(2).toString('hex')}`;
  const pid = await postWithPictureAndVideo(alice, text);
  const scripts: string[] = [];

  // Alice has her dashboard open on a phone; nothing of YouTube is fetched before she asks for the video.
  const a = alice.page;
  await a.setViewportSize({ width: 375, height: 800 });
  const thirdParty: string[] = [];
  a.on('request', (request) => {
    if (/youtube|ytimg|googlevideo/.test(request.url())) thirdParty.push(request.url());
  });
  a.on('dialog', (dialog) => {
    scripts.push(dialog.message());
    void dialog.dismiss();
  });
  await a.goto('/home');
  const feed = a.getByRole('feed', { name: 'Your feed' });
  const entry = feed.getByRole('article', { name: 'Post by Alice' });
  await expect(entry).toContainText(text);
  await expect(a.locator('html')).toHaveAttribute('data-realtime', 'connected');
  // Her post is on her screen: below the summary, so she scrolls to it (posts are watched while shown).
  await entry.scrollIntoViewIfNeeded();
  await expect(entry.getByText('0 comments')).toBeVisible();

  // Bob opens the post's page, comments (markup and all) and gives a feel.
  const b = bob.page;
  await b.setViewportSize({ width: 375, height: 800 });
  b.on('dialog', (dialog) => {
    scripts.push(dialog.message());
    void dialog.dismiss();
  });
  await b.goto(`/post/${pid}`);
  await expect(b.getByRole('article', { name: 'Post by Alice' })).toContainText(text);
  await expect(b.locator('html')).toHaveAttribute('data-realtime', 'connected');
  // The comment box waits behind a "Comment" button; opened, it takes the focus, and Escape closes it again.
  const commentBox = b.getByRole('textbox', { name: 'Write a comment' });
  await expect(commentBox).toHaveCount(0);
  const openComment = b.getByRole('button', { name: 'Comment', exact: true });
  await openComment.click();
  await expect(commentBox).toBeFocused();
  await b.keyboard.press('Escape');
  await expect(commentBox).toHaveCount(0);
  await expect(openComment).toBeFocused();
  await b.keyboard.press('Enter');
  await commentBox.fill(`Lovely! ${XSS}`);
  await b.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(b.locator('.comment-text').filter({ hasText: 'Lovely!' })).toHaveText(`Lovely! ${XSS}`);
  await b.getByRole('button', { name: 'Feel', exact: true }).first().click();
  await b.getByRole('group', { name: 'Your feel on this post' }).getByRole('button', { name: 'Love' }).click();
  await expect(b.getByRole('button', { name: /^1 feel: 1 Love/ })).toBeVisible();

  // Alice sees both without a reload, the markup as plain text.
  await expect(entry.locator('.comment-text')).toHaveText(`Lovely! ${XSS}`, LIVE);
  await expect(entry.getByText('1 comment', { exact: true })).toBeVisible(LIVE);
  await expect(entry.getByRole('button', { name: /^1 feel: 1 Love/ })).toBeVisible(LIVE);
  await expect(entry.locator('.comment-text img, .comment-text script')).toHaveCount(0);
  expect(await a.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await b.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // Bob changes his feel in his tab: Alice's count follows.
  await b.getByRole('button', { name: /Love/ }).filter({ hasText: 'Love' }).first().click();
  await b.getByRole('group', { name: 'Your feel on this post' }).getByRole('button', { name: 'Haha' }).click();
  await expect(entry.getByRole('button', { name: /^1 feel: 1 Haha/ })).toBeVisible(LIVE);

  // Link cards are marked as members' links; the video is a placeholder until played.
  await expect(entry.getByRole('link', { name: /example\.com/ })).toHaveAttribute('rel', 'nofollow ugc noopener');
  expect(thirdParty).toEqual([]);
  await expectNoSideways(a);
  await expectNoSeriousAxeViolations(a);
  await expectNoSideways(b);
  await expectNoSeriousAxeViolations(b);

  // The picture opens in a viewer that Escape closes.
  await entry.getByRole('button', { name: /View picture 1 of 1/ }).click();
  const viewer = a.getByRole('dialog', { name: "Alice's pictures" });
  await expect(viewer.getByRole('img', { name: "Picture 1 of 1 in Alice's post" })).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await entry.getByRole('button', { name: /Play the YouTube video/ }).click();
  await expect(entry.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  expect(scripts).toEqual([]);
});

test('a member banned from a private group while its post is open stops getting its comments live and is told at once', async ({
  browser,
  app,
}) => {
  const olivia = await signUpMember(browser, app, 'Olivia');
  const mia = await signUpMember(browser, app, 'Mia');
  const o = olivia.page.request;
  const created = await o.post('/data/groups', {
    headers: XHR,
    data: { name: `Quiet corner ${randomBytes(2).toString('hex')}`, visibility: 'private' },
  });
  expect(created.status()).toBe(200);
  const { slug } = (await created.json()).data;
  await app.db.query(
    `INSERT INTO group_members (group_id, user_id, role, status) SELECT id, $2, 'member', 'active' FROM groups WHERE slug = $1`,
    [slug, mia.id],
  );
  const posted = await o.post('/data/posts', {
    headers: XHR,
    data: { text: 'For members only', language: 'en', groupId: (await (await o.get(`/data/groups/${slug}`)).json()).data.id },
  });
  expect(posted.status()).toBe(200);
  const pid: number = (await posted.json()).data.post.pid;
  const writeComment = async (text: string) =>
    expect((await o.post(`/data/posts/${pid}/comments`, { headers: XHR, data: { text, parentId: null } })).status()).toBe(200);

  // Mia reads the post on her phone and sees comments arrive.
  const m = mia.page;
  await m.setViewportSize({ width: 375, height: 800 });
  // The tab watches the post once the server acknowledges its posts:watch with the post in it:
  // a comment written before that is not live for it yet.
  const watching = new Promise<void>((resolve) =>
    m.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(`"pids":[${pid}]`)) resolve();
      }),
    ),
  );
  await m.goto(`/post/${pid}`);
  const entry = m.getByRole('article', { name: 'Post by Olivia' });
  await expect(entry).toContainText('For members only');
  await expect(m.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await watching;
  await writeComment('Welcome, everyone');
  await expect(entry.locator('.comment-text')).toHaveText('Welcome, everyone', LIVE);

  // Olivia bans her: Mia's open page says so at once, and what is written afterwards never reaches it.
  expect((await o.post(`/data/groups/${slug}/members/${mia.id}/ban`, { headers: XHR })).status()).toBe(200);
  await writeComment('Members only from here on');
  await expect(m.getByRole('heading', { name: 'You no longer have access to this post' })).toBeVisible(LIVE);
  await expect(m).toHaveTitle(/No access to this post/);
  await expect(m.getByText('For members only')).toHaveCount(0);
  await expect(m.getByText('Members only from here on')).toHaveCount(0);
  await expectNoSideways(m);
  await expectNoSeriousAxeViolations(m);
  await m.getByRole('link', { name: 'Go to your dashboard' }).focus();
  await m.keyboard.press('Enter');
  await expect(m).toHaveURL(/\/home$/);
});
