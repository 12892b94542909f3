import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type AppUnderTest } from './fixtures.js';

/** The marker every state-changing /data call must carry. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

export interface Member {
  id: number;
  username: string;
  firstName: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh username (3–24 letters, digits, underscores), first name, address and password. */
export function newMemberDetails(prefix = 'm', firstName = 'Tester'): Omit<Member, 'id'> {
  counter++;
  // Each worker has a database of its own, so the counter alone keeps names apart; the time part
  // only makes them easy to tell apart between runs.
  const suffix = `${Date.now().toString(36).slice(-5)}${counter}`;
  const username = `${prefix}_${suffix}`;
  return { username, firstName, email: `${username}@example.test`, password: `pw-${suffix}-secret` };
}

export interface SignUpOptions {
  prefix?: string;
  firstName?: string;
  /** Mark onboarding finished and the address confirmed in the database (default true): most tests are not about them. */
  ready?: boolean;
}

/**
 * Signs a member up through the API. With `page.request` the session cookie lands in the page's
 * context (the member is signed in there); with another request context it stays there.
 */
export async function signUpByApi(request: APIRequestContext, app: AppUnderTest, options: SignUpOptions = {}): Promise<Member> {
  const details = newMemberDetails(options.prefix, options.firstName);
  const response = await request.post('/data/auth/signup', {
    headers: XHR,
    data: { username: details.username, first_name: details.firstName, email: details.email, password: details.password },
  });
  expect(response.status(), `signup of ${details.username}: ${await response.text()}`).toBe(200);
  const { rows } = await app.db.query('SELECT id FROM users WHERE lower(username) = lower($1)', [details.username]);
  const member = { ...details, id: rows[0].id as number };
  if (options.ready ?? true) {
    await app.db.query('UPDATE users SET finished_get_started = true, email_confirmed_at = now() WHERE id = $1', [member.id]);
  }
  return member;
}

/** The highest outbox id now: mails sent after this point have a larger id. */
export async function outboxMark(app: AppUnderTest): Promise<number> {
  const { rows } = await app.db.query('SELECT coalesce(max(id), 0)::bigint AS id FROM mail_outbox');
  return Number(rows[0].id);
}

export interface OutboxMail {
  id: number;
  subject: string;
  text_body: string;
  html_body: string;
}

/** The newest mail to an address sent after `since` (an outboxMark), waiting for it to arrive. */
export async function newestMailTo(app: AppUnderTest, address: string, since = 0): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await app.db.query(
          `SELECT id, subject, text_body, html_body FROM mail_outbox
            WHERE lower(to_address) = lower($1) AND id > $2 ORDER BY id DESC LIMIT 1`,
          [address, since],
        );
        mail = rows[0];
        return Boolean(mail);
      },
      { message: `a mail to ${address}` },
    )
    .toBe(true);
  return { ...mail!, id: Number(mail!.id) };
}

/** How many mails the outbox holds for an address. */
export async function mailCountTo(app: AppUnderTest, address: string): Promise<number> {
  const { rows } = await app.db.query('SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower($1)', [
    address,
  ]);
  return rows[0].n;
}

/**
 * The path (and query) of the first absolute link in a mail's text whose path starts with
 * `pathPrefix`, e.g. "/setup/12/abc" from "http://localhost:4321/setup/12/abc".
 */
export function linkPathIn(text: string, pathPrefix: string): string {
  for (const candidate of text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  throw new Error(`no ${pathPrefix} link in the mail:\n${text}`);
}

/** Fills the login form on screen (on /login or /login/multi) and submits it. */
export async function submitLoginForm(page: Page, login: string, password: string, submitLabel = 'Log in') {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: submitLabel, exact: true }).click();
}

/** The member's side menu (desktop rail). */
export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Opens the side menu rail (it opens while hovered) and clicks its Logout link; waits for the landing page. */
export async function logOutThroughSideMenu(page: Page) {
  const menu = sideMenu(page);
  await menu.hover();
  await menu.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Real people see your posts.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
}

/** The first name the side menu shows for the signed-in member (the profile button). */
export function sideMenuName(page: Page, firstName: string) {
  return sideMenu(page).getByRole('button', { name: firstName, exact: true });
}

/** What /data/start says about the signed-in member of this page's context (null for a visitor). */
export async function startUser(
  page: Page,
): Promise<{ id: number; email: string; first_name: string; emailConfirmed: boolean } | null> {
  const response = await page.request.get('/data/start');
  expect(response.status()).toBe(200);
  return (await response.json()).data.user;
}

/** A valid PNG image of `size`×`size` pixels in one colour, built in memory. */
export function pngImage(size = 8, rgb: [number, number, number] = [30, 120, 220]): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
