import pg from 'pg';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { eventually } from './eventually.js';
import { TestBrowser } from './test-browser.js';

let counter = 0;

export interface TestMember {
  browser: TestBrowser;
  username: string;
  email: string;
  password: string;
  id: number;
}

/** The apps whose new members confirm their email at sign-up, with the database their mails are read from. */
const confirmingApps = new Map<string, pg.Client>();

/**
 * From now on, members `signUp` signs up at `baseUrl` confirm their email as a person does: the
 * mailed link, read from the outbox in `db`, posted to the confirm route. Surfing earns nothing
 * before it, so the surf tests' members need it; the tests of confirmation itself leave it off.
 */
export function confirmEmailsAtSignUp(baseUrl: string, db: pg.Client): void {
  confirmingApps.set(baseUrl, db);
}

/** Confirms the member's email through the link of the newest confirmation mail to them. */
export async function confirmEmail(db: pg.Client, browser: TestBrowser, email: string): Promise<void> {
  const mail = await eventually(async () => {
    const latest = await latestMail(db, email);
    if (!latest) throw new Error(`no mail to ${email} yet`);
    return latest;
  });
  const { status } = await browser.post(ACCOUNT_ENDPOINTS.confirmEmail, setupLinkIn(mail.text_body));
  if (status !== 200) throw new Error(`confirming ${email} failed: ${status}`);
}

/** Signs a new member up through the real API and answers their signed-in browser. */
export async function signUp(
  baseUrl: string,
  overrides: Partial<{ username: string; email: string; password: string; first_name: string }> = {},
  browser = new TestBrowser(baseUrl),
): Promise<TestMember> {
  counter++;
  const username = overrides.username ?? `member${process.pid}x${counter}`;
  const payload = {
    username,
    first_name: overrides.first_name ?? 'Test',
    email: overrides.email ?? `${username}@example.test`,
    password: overrides.password ?? 'correct horse battery',
  };
  const { status, body } = await browser.post(ACCOUNT_ENDPOINTS.signup, payload);
  if (status !== 200) throw new Error(`signup failed: ${status} ${JSON.stringify(body.errors)}`);
  const confirming = confirmingApps.get(baseUrl);
  if (confirming) await confirmEmail(confirming, browser, payload.email);
  const start = await browser.get<StartAnswer>('/data/start');
  return { browser, username, email: payload.email, password: payload.password, id: start.body.data!.user!.id };
}

/** The newest mail to an address, read from the outbox table. */
export async function latestMail(
  db: pg.Client,
  to: string,
): Promise<{ subject: string; text_body: string; html_body: string } | undefined> {
  const { rows } = await db.query(
    `SELECT subject, text_body, html_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1`,
    [to],
  );
  return rows[0];
}

/** The first link to this site's path prefix in a mail's text. */
export function linkIn(text: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s]+${pathPrefix.replace(/\//g, '\\/')}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${pathPrefix} link in mail:\n${text}`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
}

/** A direct connection to the test app's database, for arranging state and checking what was stored. */
export async function connectDatabase(databaseUrl: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return db;
}

/** Logs in through the real API; answers the call's status and body (the browser keeps the cookie). */
export function logIn(browser: TestBrowser, login: string, password: string, addAccount?: boolean) {
  return browser.post(ACCOUNT_ENDPOINTS.login, addAccount === undefined ? { login, password } : { login, password, addAccount });
}

/** How many mails the outbox holds for an address. */
export async function mailCount(db: pg.Client, to: string): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower($1)`, [to]);
  return rows[0].n;
}

/** The id and code of the /setup/:id/:code link in a mail (confirmation, email change, invite). */
export function setupLinkIn(text: string): { id: string; code: string } {
  const [, id, code] = /\/setup\/(\d+)\/([A-Za-z0-9_-]+)/.exec(linkIn(text, '/setup/'))!;
  return { id, code };
}

/** The token of the /password/reset/<token> link in a reset mail. */
export function resetTokenIn(text: string): string {
  return linkIn(text, '/password/reset/').replace('/password/reset/', '');
}

/**
 * Changes website settings in the database and waits until the app has reloaded them
 * (every process reloads on NOTIFY), as /data/start shows.
 */
export async function setWebsiteSettings(db: pg.Client, baseUrl: string, columns: Record<string, unknown>): Promise<void> {
  const names = Object.keys(columns);
  await db.query(
    `UPDATE website_settings SET ${names.map((name, i) => `${name} = $${i + 1}`).join(', ')} WHERE id = 1`,
    Object.values(columns),
  );
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await new TestBrowser(baseUrl).get<StartAnswer>('/data/start');
    const matches = names.every((name) =>
      name === 'maintenance' ? body.maintenance === columns[name] : (body.data?.website as never)?.[name] === columns[name],
    );
    if (matches) return;
    if (Date.now() > deadline) throw new Error('website settings were not reloaded');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * What an account call could change, read straight from the tables: users, sessions, tokens,
 * mail and pictures. Two equal snapshots mean a refused call changed nothing.
 */
export async function accountTablesSnapshot(db: pg.Client): Promise<unknown> {
  const tables: Record<string, string> = {
    users: `SELECT * FROM users ORDER BY id`,
    sessions: `SELECT id, user_id, revoked_at FROM sessions ORDER BY id`,
    account_tokens: `SELECT id, used_at FROM account_tokens ORDER BY id`,
    mail_outbox: `SELECT count(*)::int AS n FROM mail_outbox`,
    media: `SELECT count(*)::int AS n FROM media`,
  };
  const snapshot: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(tables)) snapshot[name] = (await db.query(sql)).rows;
  return snapshot;
}

/** The status of /data/start for a browser that arrives with just this session cookie (a copied or forged one). */
export async function startStatusWithSid(baseUrl: string, sid: string): Promise<number> {
  return (await TestBrowser.withCookies(baseUrl, { sid }).get('/data/start')).status;
}
