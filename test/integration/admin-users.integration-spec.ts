import type { Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import {
  ADMIN_USER_ENDPOINTS,
  ADMIN_USER_TABS,
  type AdminUserProfile,
  type AdminUserRow,
  type AdminUserTabAnswers,
} from '../../shared/admin/users.js';
import { CREDITS_ENDPOINTS, type LedgerRow } from '../../shared/credits/credits.js';
import { latestMail, logIn, mailCount, resetTokenIn, signUp, type TestMember } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import { expectLedgerBalanced } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp({ adminEmail: 'users-admin@example.test' });
const { db } = testApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'users-admin@example.test' });
  member = await signUp(testApp.baseUrl, { first_name: 'Quinlan' });
});

async function auditOf(userId: number, action: string): Promise<AdminAuditEntry[]> {
  const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(
    `${ADMIN_AUDIT_ENDPOINTS.audit}?action=${action}&targetType=user&targetId=${userId}`,
  );
  return body.data!.items;
}

async function memberRow(id: number) {
  const { rows } = await db.query(
    `SELECT role, credits::int AS credits, earning_blocked, login_suspended FROM users WHERE id = $1`,
    [id],
  );
  return rows[0];
}

async function ledgerRows(): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM credit_ledger`)).rows[0].n;
}

async function auditRows(): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM admin_audit`)).rows[0].n;
}

const reads = () => [
  ADMIN_USER_ENDPOINTS.users,
  ADMIN_USER_ENDPOINTS.user(member.id),
  ...ADMIN_USER_TABS.map((tab) => ADMIN_USER_ENDPOINTS.tab(member.id, tab)),
];

const actions = (): [string, unknown][] => [
  [ADMIN_USER_ENDPOINTS.credits(member.id), { amount: 5, reason: 'goodwill' }],
  [ADMIN_USER_ENDPOINTS.stopEarning(member.id), {}],
  [ADMIN_USER_ENDPOINTS.login(member.id), { suspended: true }],
  [ADMIN_USER_ENDPOINTS.role(member.id), { role: 'admin' }],
  [ADMIN_USER_ENDPOINTS.message(member.id), { heading: 'Hi', body: 'Hello' }],
  [ADMIN_USER_ENDPOINTS.passwordReset(member.id), {}],
];

describe('the admin users calls', () => {
  it('are for admins only: 401 for a visitor, 403 for a member, and nothing changes', async () => {
    const visitor = new TestBrowser(testApp.baseUrl);
    const before = { row: await memberRow(member.id), ledger: await ledgerRows(), audit: await auditRows() };
    for (const path of reads()) {
      expect({ path, status: (await visitor.get(path)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await member.browser.get(path)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await admin.browser.get(path)).status }).toEqual({ path, status: 200 });
    }
    for (const [path, body] of actions()) {
      expect({ path, status: (await visitor.post(path, body)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await member.browser.post(path, body)).status }).toEqual({ path, status: 403 });
    }
    expect({ row: await memberRow(member.id), ledger: await ledgerRows(), audit: await auditRows() }).toEqual(before);
    // The member still logs in: their own "suspend" did nothing.
    expect((await logIn(new TestBrowser(testApp.baseUrl), member.username, member.password)).status).toBe(200);
  });

  it('an attack: a member acting on their own account through the admin calls is refused and changes nothing', async () => {
    const attacker = await signUp(testApp.baseUrl);
    const before = { row: await memberRow(attacker.id), ledger: await ledgerRows(), audit: await auditRows() };
    const own: [string, unknown][] = [
      [ADMIN_USER_ENDPOINTS.credits(attacker.id), { amount: 1_000_000, reason: 'free credits' }],
      [ADMIN_USER_ENDPOINTS.role(attacker.id), { role: 'admin' }],
      [ADMIN_USER_ENDPOINTS.restoreEarning(attacker.id), { earning: true }],
      [ADMIN_USER_ENDPOINTS.login(attacker.id), { suspended: false }],
    ];
    for (const [path, body] of own) {
      const answer = await attacker.browser.call(path, {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': 'attack-key-123' },
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    expect({ row: await memberRow(attacker.id), ledger: await ledgerRows(), audit: await auditRows() }).toEqual(before);
    expect((await attacker.browser.get(ADMIN_USER_ENDPOINTS.users)).status).toBe(403);
  });
});

describe('finding members', () => {
  it('searches by username, email or first name, newest first, with the filters', async () => {
    const older = await signUp(testApp.baseUrl, { first_name: 'Zebedee' });
    const newer = await signUp(testApp.baseUrl, { first_name: 'Zebedee' });
    await db.query(`UPDATE users SET risk_score = 700, earning_blocked = true WHERE id = $1`, [newer.id]);
    await db.query(`UPDATE users SET referrer_id = $2 WHERE id = $1`, [older.id, member.id]);

    const byName = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?q=zebedee`);
    expect(byName.status).toBe(200);
    expect(byName.body.data!.items.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(byName.body.data!.items[0]).toEqual({
      id: newer.id,
      username: newer.username,
      email: newer.email,
      role: 'member',
      createdAt: expect.any(String),
      riskScore: 700,
      earning: false,
      loginSuspended: false,
    });

    const byEmail = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?q=${older.email.toUpperCase()}`);
    expect(byEmail.body.data!.items.map((row) => row.id)).toEqual([older.id]);

    const stopped = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?q=zebedee&earning=stopped`);
    expect(stopped.body.data!.items.map((row) => row.id)).toEqual([newer.id]);
    const risky = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?risk=600&q=zebedee`);
    expect(risky.body.data!.items.map((row) => row.id)).toEqual([newer.id]);
    const referred = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?referrer=${member.username}`);
    expect(referred.body.data!.items.map((row) => row.id)).toEqual([older.id]);
    const admins = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?role=admin`);
    expect(admins.body.data!.items.map((row) => row.id)).toContain(admin.id);
    expect(admins.body.data!.items.every((row) => row.role === 'admin')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const since = await admin.browser.get<Paged<AdminUserRow>>(
      `${ADMIN_USER_ENDPOINTS.users}?q=zebedee&from=${today}&to=${today}`,
    );
    expect(since.body.data!.items).toHaveLength(2);
    const before = await admin.browser.get<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}?q=zebedee&to=2000-01-01`);
    expect(before.body.data!.items).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const query of ['risk=lots', 'earning=maybe', 'role=owner', 'from=yesterday', 'page=0']) {
      const { status, body } = await admin.browser.get(`${ADMIN_USER_ENDPOINTS.users}?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body.errors[0].code).toBe('validation');
    }
  });

  it('shows a member’s profile and its tabs; 404 for an unknown member or tab', async () => {
    const { status, body } = await admin.browser.get<AdminUserProfile>(ADMIN_USER_ENDPOINTS.user(member.id));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: member.id,
      username: member.username,
      firstName: 'Quinlan',
      email: member.email,
      role: 'member',
      loginSuspended: false,
      credits: (await memberRow(member.id)).credits,
    });
    const ledger = await admin.browser.get<AdminUserTabAnswers['ledger']>(ADMIN_USER_ENDPOINTS.tab(member.id, 'ledger'));
    expect(ledger.body.data!.items.at(-1)).toMatchObject({ kind: 'signup_bonus', amount: 10 });
    const sessions = await admin.browser.get<AdminUserTabAnswers['sessions']>(ADMIN_USER_ENDPOINTS.tab(member.id, 'sessions'));
    expect(sessions.body.data!.items.length).toBeGreaterThan(0);
    await db.query(`UPDATE users SET risk_evidence = $2::jsonb WHERE id = $1`, [
      member.id,
      JSON.stringify([{ at: new Date().toISOString(), signals: ['same_interval'], score: 40 }]),
    ]);
    const evidence = await admin.browser.get<AdminUserTabAnswers['evidence']>(ADMIN_USER_ENDPOINTS.tab(member.id, 'evidence'));
    expect(evidence.body.data).toMatchObject({ evidence: [{ signals: ['same_interval'], score: 40 }], tickets: [] });

    expect((await admin.browser.get(ADMIN_USER_ENDPOINTS.user(999_999))).status).toBe(404);
    expect((await admin.browser.get(ADMIN_USER_ENDPOINTS.tab(999_999, 'ledger'))).status).toBe(404);
    expect((await admin.browser.get(`${ADMIN_USER_ENDPOINTS.user(member.id)}/passwords`)).status).toBe(404);
  });
});

describe('adjusting credits', () => {
  it('writes one admin_adjustment row, pushes the balance live, audits it with the reason, and applies a retried key once', async () => {
    const target = await signUp(testApp.baseUrl);
    const socket = await connectSocket(testApp.baseUrl, target.browser);
    const adjust = () =>
      admin.browser.call<AdminUserProfile>(ADMIN_USER_ENDPOINTS.credits(target.id), {
        method: 'POST',
        json: { amount: 25, reason: 'Lost views refund' },
        headers: { 'Idempotency-Key': 'adjust-key-0001' },
      });
    const first = await adjust();
    expect(first.status).toBe(200);
    expect(first.body.data!.credits).toBe(35);
    // The balance's push (a clock tick, which carries no balance, may come first).
    const [live] = await socket.next('live:data', undefined, (data) => data.cc !== undefined);
    expect(live.cc).toBe(35);
    expect((await adjust()).status).toBe(200);
    expect((await memberRow(target.id)).credits).toBe(35);
    const { rows } = await db.query(`SELECT kind, amount::int AS amount FROM credit_ledger WHERE user_id = $1 ORDER BY id`, [
      target.id,
    ]);
    expect(rows).toEqual([
      { kind: 'signup_bonus', amount: 10 },
      { kind: 'admin_adjustment', amount: 25 },
    ]);
    expect(await auditOf(target.id, 'credits_adjusted')).toEqual([
      expect.objectContaining({
        admin: { id: admin.id, username: admin.username },
        before: { credits: 10 },
        after: { credits: 35, amount: 25, reason: 'Lost views refund' },
      }),
    ]);
    // The member's credits history says an admin made it, and why.
    const history = await target.browser.get<Paged<LedgerRow>>(CREDITS_ENDPOINTS.ledger);
    expect(history.body.data!.items.map((row) => [row.kind, row.reason])).toEqual([
      ['admin_adjustment', 'Lost views refund'],
      ['signup_bonus', null],
    ]);
    await expectLedgerBalanced(db);
  });

  it('refuses to take the balance below zero with 409 balance_below_zero, changing nothing', async () => {
    const target = await signUp(testApp.baseUrl);
    const ledgerBefore = await ledgerRows();
    const { status, body } = await admin.browser.post(ADMIN_USER_ENDPOINTS.credits(target.id), {
      amount: -11,
      reason: 'too much',
    });
    expect(status).toBe(409);
    expect(body.errors[0].code).toBe('balance_below_zero');
    expect((await memberRow(target.id)).credits).toBe(10);
    expect(await ledgerRows()).toBe(ledgerBefore);
    expect(await auditOf(target.id, 'credits_adjusted')).toEqual([]);
    const taken = await admin.browser.post<AdminUserProfile>(ADMIN_USER_ENDPOINTS.credits(target.id), {
      amount: -10,
      reason: 'all of it',
    });
    expect(taken.body.data!.credits).toBe(0);
    await expectLedgerBalanced(db);
  });

  it('needs a reason and a whole non-zero amount; 404 for an unknown member', async () => {
    for (const body of [
      { amount: 5 },
      { amount: 5, reason: '' },
      { amount: 0, reason: 'nothing' },
      { amount: 1.5, reason: 'half' },
    ]) {
      expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.credits(member.id), body)).status).toBe(400);
    }
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.credits(999_999), { amount: 5, reason: 'ghost' })).status).toBe(404);
  });
});

describe('stopping and restoring earning', () => {
  it('stops earning, tells the member’s open tabs at once, and audits it; restoring is audited too', async () => {
    const target = await signUp(testApp.baseUrl);
    const socket = await connectSocket(testApp.baseUrl, target.browser);
    const stopped = await admin.browser.post<AdminUserProfile>(ADMIN_USER_ENDPOINTS.stopEarning(target.id));
    expect(stopped.status).toBe(200);
    expect(stopped.body.data!.earning).toBe(false);
    expect(await socket.next('surf:stopped')).toEqual([{ reason: 'earning_blocked' }]);
    expect((await memberRow(target.id)).earning_blocked).toBe(true);
    expect(await auditOf(target.id, 'earning_stopped')).toEqual([
      expect.objectContaining({ before: { earning: true }, after: { earning: false } }),
    ]);
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.restoreEarning(target.id), { earning: true })).status).toBe(200);
    expect((await memberRow(target.id)).earning_blocked).toBe(false);
    expect(await auditOf(target.id, 'earning_restored')).toHaveLength(1);
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.stopEarning(999_999))).status).toBe(404);
  });
});

describe('suspending login', () => {
  it('refuses login with login_suspended, revokes the open session at once (406) and disconnects its socket', async () => {
    const target = await signUp(testApp.baseUrl);
    const socket = await connectSocket(testApp.baseUrl, target.browser);
    const suspended = await admin.browser.post<AdminUserProfile>(ADMIN_USER_ENDPOINTS.login(target.id), { suspended: true });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data!.loginSuspended).toBe(true);
    expect(await socket.disconnected()).toBe('io server disconnect');
    expect((await target.browser.get('/data/start')).status).toBe(406);

    const login = await logIn(new TestBrowser(testApp.baseUrl), target.username, target.password);
    expect(login.status).toBe(403);
    expect(login.body.errors[0].code).toBe('login_suspended');
    expect(await auditOf(target.id, 'login_suspended')).toEqual([
      expect.objectContaining({ before: { loginSuspended: false }, after: { loginSuspended: true } }),
    ]);

    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.login(target.id), { suspended: false })).status).toBe(200);
    expect((await logIn(new TestBrowser(testApp.baseUrl), target.username, target.password)).status).toBe(200);
    expect(await auditOf(target.id, 'login_restored')).toHaveLength(1);
  });

  it('an admin cannot suspend their own login; bad input is 400, an unknown member 404', async () => {
    const own = await admin.browser.post(ADMIN_USER_ENDPOINTS.login(admin.id), { suspended: true });
    expect(own.status).toBe(409);
    expect(own.body.errors[0].code).toBe('own_account');
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.login(member.id), { suspended: 'yes' })).status).toBe(400);
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.login(999_999), { suspended: true })).status).toBe(404);
  });
});

describe('making and removing admins', () => {
  it('makes a member an admin and back, audited; never one’s own role; always one admin left', async () => {
    const target = await signUp(testApp.baseUrl);
    const made = await admin.browser.post<AdminUserProfile>(ADMIN_USER_ENDPOINTS.role(target.id), { role: 'admin' });
    expect(made.body.data!.role).toBe('admin');
    // The new admin's own session sees the role at once.
    expect((await target.browser.get(ADMIN_USER_ENDPOINTS.users)).status).toBe(200);
    expect(await auditOf(target.id, 'role_changed')).toEqual([
      expect.objectContaining({ before: { role: 'member' }, after: { role: 'admin' } }),
    ]);

    const own = await admin.browser.post(ADMIN_USER_ENDPOINTS.role(admin.id), { role: 'member' });
    expect(own.status).toBe(409);
    expect(own.body.errors[0].code).toBe('own_account');

    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.role(target.id), { role: 'member' })).status).toBe(200);
    expect((await target.browser.get(ADMIN_USER_ENDPOINTS.users)).status).toBe(403);
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.role(target.id), { role: 'owner' })).status).toBe(400);
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.role(999_999), { role: 'admin' })).status).toBe(404);
  });

  it('always keeps one admin: two admins removing each other at once leave one, the other refused', async () => {
    const other = await signUp(testApp.baseUrl);
    await admin.browser.post(ADMIN_USER_ENDPOINTS.role(other.id), { role: 'admin' });
    await db.query(`UPDATE users SET role = 'member' WHERE role = 'admin' AND id NOT IN ($1, $2)`, [other.id, admin.id]);
    const answers = await Promise.all([
      admin.browser.post(ADMIN_USER_ENDPOINTS.role(other.id), { role: 'member' }),
      other.browser.post(ADMIN_USER_ENDPOINTS.role(admin.id), { role: 'member' }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    // The later one is refused: last_admin (409) in its transaction, or 403 when its caller was demoted first.
    expect([403, 409]).toContain(statuses[1]);
    const refused = answers.find((answer) => answer.status !== 200)!;
    if (refused.status === 409) expect(refused.body.errors[0].code).toBe('last_admin');
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    expect(rows[0].n).toBe(1);
    // Put `admin` back for the tests that follow.
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  });
});

describe('messages and password resets', () => {
  it('sends a message as a notification, audited', async () => {
    const target = await signUp(testApp.baseUrl);
    const sent = await admin.browser.post(ADMIN_USER_ENDPOINTS.message(target.id), {
      heading: 'About your campaign',
      body: 'Please fix it.',
    });
    expect(sent.status).toBe(200);
    const { rows } = await db.query(`SELECT heading FROM notifications WHERE user_id = $1 AND type = 'admin_message'`, [
      target.id,
    ]);
    expect(rows).toEqual([{ heading: 'About your campaign' }]);
    expect(await auditOf(target.id, 'message_sent')).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ heading: 'About your campaign', body: 'Please fix it.' }) }),
    ]);
  });

  it('mails a reset link that works, audited', async () => {
    const target = await signUp(testApp.baseUrl);
    const before = await mailCount(db, target.email);
    const started = await admin.browser.post(ADMIN_USER_ENDPOINTS.passwordReset(target.id));
    expect(started.status).toBe(200);
    expect(await mailCount(db, target.email)).toBe(before + 1);
    const mail = await latestMail(db, target.email);
    const token = resetTokenIn(mail!.text_body);
    const reset = await new TestBrowser(testApp.baseUrl).post('/data/password/reset/confirm', {
      token,
      password: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    expect((await logIn(new TestBrowser(testApp.baseUrl), target.username, 'a brand new password')).status).toBe(200);
    expect(await auditOf(target.id, 'password_reset_sent')).toEqual([
      expect.objectContaining({ before: null, after: { email: target.email } }),
    ]);
    expect((await admin.browser.post(ADMIN_USER_ENDPOINTS.passwordReset(999_999))).status).toBe(404);
  });
});
