import type { AdminOverview, OutboxMail } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ADMIN_TODAY_ENDPOINTS, type AdminToday } from '../../shared/admin/overview-today.js';
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

describe("today's figures on the overview", () => {
  it('counts signups, post views, credited views and still-paid revenue since midnight UTC, and every unread message', async () => {
    const midnight = new Date(new Date().toISOString().slice(0, 10)).toISOString();
    // The member joined two days ago; the admin today.
    await db.query(`UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1`, [member.id]);
    const created = await member.browser.post<{ post: { pid: number } }>('/data/posts', {
      text: 'Counted today',
      language: 'en',
      tags: [],
    });
    const pid = created.body.data!.post.pid;
    await db.query(
      `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, credited)
       VALUES ($1, $2::timestamptz, 'feed', 9, 7, 0), ($1, $2::timestamptz, 'surf', 3, 3, 2),
              ($1, $2::timestamptz - interval '1 hour', 'feed', 100, 100, 50)`,
      [pid, midnight],
    );
    const pack = (await db.query(`SELECT id FROM credit_packs ORDER BY id LIMIT 1`)).rows[0].id;
    await db.query(
      `INSERT INTO orders (user_id, kind, pack_id, item_name, credits, amount_minor, currency, state, provider, expires_at, settled_at)
       VALUES ($1, 'pack', $2, 'Pack', 100, 1000, 'EUR', 'paid', 'local', now(), $3::timestamptz),
              ($1, 'pack', $2, 'Pack', 100, 500, 'EUR', 'paid', 'local', now(), now()),
              ($1, 'pack', $2, 'Pack', 100, 300, 'USD', 'paid', 'local', now(), now()),
              ($1, 'pack', $2, 'Pack', 100, 9999, 'EUR', 'refunded', 'local', now(), now()),
              ($1, 'pack', $2, 'Pack', 100, 7777, 'EUR', 'paid', 'local', now(), $3::timestamptz - interval '1 second'),
              ($1, 'pack', $2, 'Pack', 100, 4444, 'EUR', 'pending', 'local', now(), NULL)`,
      [member.id, pack, midnight],
    );
    await db.query(
      `INSERT INTO contact_messages (name, email, subject, message, address_hash, read_at, created_at)
       VALUES ('A', 'a@example.test', 'Old and unread', 'Hello there, admins', 'h', NULL, now() - interval '3 days'),
              ('B', 'b@example.test', 'New and unread', 'Hello there, admins', 'h', NULL, now()),
              ('C', 'c@example.test', 'Read', 'Hello there, admins', 'h', now(), now())`,
    );

    expect((await member.browser.get(ADMIN_TODAY_ENDPOINTS.today)).status).toBe(403);
    const { status, body } = await boss.browser.get<AdminToday>(ADMIN_TODAY_ENDPOINTS.today);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      since: midnight,
      signups: 1,
      postViews: 10,
      creditedViews: 2,
      revenue: [
        { currency: 'EUR', amountMinor: 1500, orders: 2 },
        { currency: 'USD', amountMinor: 300, orders: 1 },
      ],
      unreadMessages: 2,
    });
    await db.query(`UPDATE users SET created_at = now() WHERE id = $1`, [member.id]);
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
