import type { AdminOverview, OutboxMail } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { call, fetchRaw } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';
import { eventually } from '../support/eventually.js';

const testApp = useTestApp({ adminEmail: 'boss@example.test' });
const { db } = testApp;
let member: TestMember;
let boss: TestMember;

beforeAll(async () => {
  member = await signUp(testApp.baseUrl, { username: 'plain_member' });
  // The configured first admin, signing up with the address in another case.
  boss = await signUp(testApp.baseUrl, { username: 'the_boss', email: 'Boss@Example.test' });
});

describe('roles', () => {
  it('makes the account that signs up with ADMIN_EMAIL an admin, and nobody else', async () => {
    expect((await boss.browser.get<StartAnswer>('/data/start')).body.data?.user?.isAdmin).toBe(true);
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user?.isAdmin).toBe(false);
    const { rows } = await db.query(`SELECT username, role FROM users ORDER BY id`);
    expect(rows).toEqual([
      { username: 'plain_member', role: 'member' },
      { username: 'the_boss', role: 'admin' },
    ]);
  });
});

describe('the admin calls', () => {
  it('answers a visitor with 401', async () => {
    const { status, body } = await new TestBrowser(testApp.baseUrl).get(ACCOUNT_ENDPOINTS.adminOverview);
    expect(status).toBe(401);
    expect(body.data).toBeNull();
  });

  it('answers a member with 403 and no data', async () => {
    const { status, body } = await member.browser.get(ACCOUNT_ENDPOINTS.adminOverview);
    expect(status).toBe(403);
    expect(body.data).toBeNull();
    expect(body.errors[0].heading).toBe('Not allowed');
  });

  it('answers a revoked admin session with 406', async () => {
    const copy = TestBrowser.withCookies(testApp.baseUrl, { sid: boss.browser.sid! });
    await db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [boss.id]);
    await eventually(async () => expect((await copy.get(ACCOUNT_ENDPOINTS.adminOverview)).status).toBe(406));
    await db.query(`UPDATE sessions SET revoked_at = NULL WHERE user_id = $1`, [boss.id]);
  });

  it('answers an admin with the counts and the latest client errors', async () => {
    await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      json: { stacktrace: 'TypeError: admin sees this\n  at X', url: '/home', type: 'client' },
    });
    const { status, body } = await boss.browser.get<AdminOverview>(ACCOUNT_ENDPOINTS.adminOverview);
    expect(status).toBe(200);
    const activeSessions = (
      await db.query(`SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > now()`)
    ).rows[0].n;
    expect(body.data).toEqual({
      users: 2,
      admins: 1,
      activeSessions,
      openReports: 0,
      recentClientErrors: [
        {
          id: expect.any(Number),
          type: 'client',
          url: '/home',
          createdAt: expect.any(String),
          firstLine: 'TypeError: admin sees this',
        },
      ],
    });
  });

  it('makes a member an admin when the role is set in the database, and takes it away again, within moments', async () => {
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [member.id]);
    const promoted = await eventually(async () => {
      const answer = await member.browser.get<AdminOverview>(ACCOUNT_ENDPOINTS.adminOverview);
      expect(answer.status).toBe(200);
      return answer;
    });
    expect(promoted.body.data?.admins).toBe(2);
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user?.isAdmin).toBe(true);

    await db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [member.id]);
    await eventually(async () => expect((await member.browser.get(ACCOUNT_ENDPOINTS.adminOverview)).status).toBe(403));
  });
});

describe('the development mail outbox', () => {
  it('lists the mails sent, newest first, as JSON', async () => {
    const { status, body } = await new TestBrowser(testApp.baseUrl).get<OutboxMail[]>(ACCOUNT_ENDPOINTS.outbox);
    expect(status).toBe(200);
    const mails = body.data!;
    expect(mails.map((mail) => mail.to)).toEqual(['Boss@Example.test', member.email]);
    expect(mails[0]).toEqual({
      id: expect.any(Number),
      to: 'Boss@Example.test',
      subject: 'Confirm your email address',
      text: expect.stringContaining('/setup/'),
      createdAt: expect.any(String),
    });
  });

  it('shows them as a page at /dev/mail, with the text escaped', async () => {
    await db.query(`UPDATE users SET first_name = '<img src=x onerror=alert(1)>' WHERE id = $1`, [member.id]);
    await member.browser.post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: member.email });
    const response = await fetchRaw(testApp.baseUrl, '/dev/mail');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Reset your password');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('in production', () => {
  const production = useTestApp({ env: 'production' });

  it('has no mail outbox: /data/dev/outbox and /dev/mail answer 404', async () => {
    await signUp(production.baseUrl, { username: 'prod_user' });
    const json = await new TestBrowser(production.baseUrl).get(ACCOUNT_ENDPOINTS.outbox);
    expect(json.status).toBe(404);
    expect(JSON.stringify(json.body)).not.toContain('prod_user');
    const page = await fetchRaw(production.baseUrl, '/dev/mail');
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('/setup/');
  });
});
