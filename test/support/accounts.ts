import pg from 'pg';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { TestBrowser } from './test-browser.js';

let counter = 0;

export interface TestMember {
  browser: TestBrowser;
  username: string;
  email: string;
  password: string;
  id: number;
}

/** Signs a new member up through the real API and answers their signed-in browser. */
export async function signUp(baseUrl: string, overrides: Partial<{ username: string; email: string; password: string; first_name: string }> = {}, browser = new TestBrowser(baseUrl)): Promise<TestMember> {
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
  const start = await browser.get<StartAnswer>('/data/start');
  return { browser, username, email: payload.email, password: payload.password, id: start.body.data!.user!.id };
}

/** The newest mail to an address, read from the outbox table. */
export async function latestMail(db: pg.Client, to: string): Promise<{ subject: string; text_body: string; html_body: string } | undefined> {
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
