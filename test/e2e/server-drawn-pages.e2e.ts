import type { APIRequestContext, Browser } from '@playwright/test';
import { CONSENT_COOKIE, GEO_COUNTRY_PATH } from '../../shared/consent/consent.js';
import { signUpByApi, XHR } from './account-helpers.js';
import { expect, test, type AppUnderTest } from './fixtures.js';

/** A post by a new member, through the API; answers its id. */
async function postByNewMember(
  browser: Browser,
  app: AppUnderTest,
  text: string,
): Promise<{ pid: number; author: APIRequestContext }> {
  const context = await browser.newContext({ baseURL: app.url });
  await signUpByApi(context.request, app, { firstName: 'Amara' });
  const created = await context.request.post('/data/posts', { headers: XHR, data: { text, language: 'en' } });
  expect(created.status()).toBe(200);
  return { pid: (await created.json()).data.post.pid, author: context.request };
}

/** The HTML a visitor's browser gets for `path`, before any script has run. */
async function htmlOf(app: AppUnderTest, path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

/** The inline scripts of a page: only data blocks (JSON, never run), which the page's CSP need not allow. */
function inlineScriptTypes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attrs]) => !/\bsrc=/.test(attrs)).map(([, attrs]) => attrs.trim());
}

test.describe('a visitor’s public pages arrive with their text drawn by the server', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the landing page, login, signup and a public post hold their text before any script runs', async ({ browser, app }) => {
    const text = `Fresh <b>bread</b> & "jam" </script><script>alert(1)</script> at the corner shop ${Date.now()}`;
    const { pid } = await postByNewMember(browser, app, text);

    expect(await htmlOf(app, '/')).toContain('Real people see your posts.');
    const loginHtml = await htmlOf(app, '/login');
    expect(loginHtml).toMatch(/<h1>Log in<\/h1>/);
    // Until the app takes the form over, the browser cannot submit it (a GET would put the password in the address).
    expect(loginHtml).toMatch(/<button type="submit"[^>]* disabled=""/);
    expect(await htmlOf(app, '/signup')).toContain('<form');
    const postHtml = await htmlOf(app, `/post/${pid}`);
    // The post's text is escaped, in the markup and in the state beside it: it cannot close a script or open one.
    expect(postHtml).toContain('Fresh &lt;b&gt;bread&lt;/b&gt; &amp; ');
    expect(postHtml).not.toContain('<script>alert(1)</script>');
    for (const path of ['/', '/login', `/post/${pid}`])
      expect(inlineScriptTypes(await htmlOf(app, path))).toEqual(['type="application/json" id="page-state"']);

    // Shown by the browser with scripts off: the text is in the page itself.
    const noScripts = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const page = await noScripts.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
    await page.goto(`/post/${pid}`);
    await expect(page.getByRole('article')).toContainText('Fresh <b>bread</b> & "jam"');
    await noScripts.close();
  });

  test('a post in a private group, a deleted post and a missing one leave nothing of a post in the page', async ({
    browser,
    app,
  }) => {
    const secret = `Members-only plans ${Date.now()}`;
    const hidden = await postByNewMember(browser, app, secret);
    const { rows } = await app.db.query(
      `INSERT INTO groups (slug, name, visibility, created_by) VALUES ($1, 'Inner circle', 'private', $2) RETURNING id`,
      [`inner-${Date.now()}`, (await app.db.query('SELECT user_id FROM posts WHERE id = $1', [hidden.pid])).rows[0].user_id],
    );
    await app.db.query('UPDATE posts SET group_id = $2 WHERE id = $1', [hidden.pid, rows[0].id]);
    const deletedText = `Soon gone ${Date.now()}`;
    const deleted = await postByNewMember(browser, app, deletedText);
    expect((await deleted.author.delete(`/data/posts/${deleted.pid}`, { headers: XHR })).status()).toBe(200);

    const privateHtml = await htmlOf(app, `/post/${hidden.pid}`);
    expect(privateHtml).not.toContain(secret);
    expect(privateHtml).not.toContain('Amara');
    expect(privateHtml).not.toContain('id="page-state"');
    const deletedHtml = await htmlOf(app, `/post/${deleted.pid}`);
    expect(deletedHtml).not.toContain(deletedText);
    expect(deletedHtml).not.toContain('id="page-state"');
    expect(await htmlOf(app, '/post/999999999')).not.toContain('id="page-state"');
  });

  test('a visitor the country database cannot place gets the cookie banner in the page, without a country call', async ({
    browser,
    app,
  }) => {
    expect(await htmlOf(app, '/login')).toContain('class="consent-banner"');
    expect(await htmlOf(app, '/login', `${CONSENT_COOKIE}=deny`)).not.toContain('class="consent-banner"');
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(GEO_COUNTRY_PATH)) asked.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    // Its buttons answer once the app has taken the page over.
    await page.locator('html[data-screen]').waitFor({ state: 'attached' });
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
    expect(asked).toEqual([]);
    await context.close();
  });

  test('a member’s page is drawn by the client, as before', async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url });
    await signUpByApi(context.request, app);
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const html = await htmlOf(app, '/login', cookie);
    expect(html).toContain('class="loading-screen"');
    expect(html).not.toContain('id="page-state"');
    await context.close();
  });

  test('the drawn pages hydrate without an error, a second fetch or a flash, and then work', async ({ browser, app }) => {
    const { pid } = await postByNewMember(browser, app, `Hydrated and live ${Date.now()}`);
    for (const path of ['/', '/login', '/signup', `/post/${pid}`]) {
      const context = await browser.newContext({ baseURL: app.url });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const calls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/data/start') || pathname.startsWith('/data/posts/')) calls.push(pathname);
      });
      // The screen drawn by the server is never replaced by the loading screen.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.loading-screen, .screen-loading'))
            (window as unknown as { sawLoading: boolean }).sawLoading = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading ?? false), path).toBe(false);
      expect(
        calls.filter((call) => call === '/data/start' || call.endsWith('/entry')),
        path,
      ).toEqual([]);
      await context.close();
    }

    // Hydrated: the landing page's buttons and links answer.
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('html[data-screen="landing"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'How do credits work?' }).click();
    await expect(page.getByRole('dialog', { name: 'How credits work' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await context.close();
  });

  test('what a visitor types into the drawn login form before the app takes over is kept, and logs them in', async ({
    browser,
    app,
  }) => {
    const context = await browser.newContext({ baseURL: app.url });
    const member = await signUpByApi(context.request, app);
    await context.clearCookies();
    const page = await context.newPage();
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Username or email').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await expect(page.locator('html[data-screen]')).toHaveCount(0);
    releaseScripts();
    await page.locator('html[data-screen="login"]').waitFor({ state: 'attached' });
    await expect(page.getByLabel('Username or email')).toHaveValue(member.username);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL('/home');
    await context.close();
  });
});
