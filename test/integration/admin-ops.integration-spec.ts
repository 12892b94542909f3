import type { Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import { ADMIN_ERRORS_ENDPOINTS, type ErrorGroupDetail, type ErrorGroupSummary } from '../../shared/admin/errors.js';
import { ADMIN_LEDGER_ENDPOINTS, type LedgerTotals, type LedgerVerification } from '../../shared/admin/ledger.js';
import { ANNOUNCEMENT_ENDPOINTS, type Announcement } from '../../shared/announcements/announcements.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { AdminLedgerService } from '../../server/src/admin/ledger/admin-ledger.service.js';
import { ErrorGroupsRepository } from '../../server/src/error-log/error-groups.repository.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { connectSocket } from '../support/socket-client.js';
import { announcementPayload } from '../support/socket-fixtures.js';
import { serverErrors } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp({ adminEmail: 'ops@example.test' });
const { db } = testApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'ops@example.test' });
  member = await signUp(testApp.baseUrl);
});

async function auditOf(action: string): Promise<AdminAuditEntry[]> {
  const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(`${ADMIN_AUDIT_ENDPOINTS.audit}?action=${action}`);
  return body.data!.items;
}

async function openGroups(): Promise<ErrorGroupSummary[]> {
  const { status, body } = await admin.browser.get<Paged<ErrorGroupSummary>>(`${ADMIN_ERRORS_ENDPOINTS.list}?state=open`);
  expect(status).toBe(200);
  return body.data!.items;
}

/** The same failure, mentioning a different order each time (the message normalises to one). */
const ledgerFailure = (order: number) => new Error(`Ledger exploded on order ${order}`);

describe('admin calls of the error log, the ledger and announcements', () => {
  it.each([
    ['GET', ADMIN_ERRORS_ENDPOINTS.list],
    ['GET', ADMIN_ERRORS_ENDPOINTS.group('0123456789abcdef')],
    ['POST', ADMIN_ERRORS_ENDPOINTS.resolve('0123456789abcdef')],
    ['POST', ADMIN_LEDGER_ENDPOINTS.verify],
    ['GET', ADMIN_LEDGER_ENDPOINTS.totals],
    ['GET', ANNOUNCEMENT_ENDPOINTS.admin],
    ['POST', ANNOUNCEMENT_ENDPOINTS.admin],
  ])('%s %s answers 401 to a visitor and 403 to a member', async (method, path) => {
    const visitor = new TestBrowser(testApp.baseUrl);
    const send = (browser: TestBrowser) => (method === 'GET' ? browser.get(path) : browser.post(path, {}));
    expect((await send(visitor)).status).toBe(401);
    expect((await send(member.browser)).status).toBe(403);
  });
});

describe('the error log', () => {
  it('groups two identical server errors into one group of two, with the address and a stack', async () => {
    const ledger = testApp.app.get(AdminLedgerService);
    const orders = [17, 4242];
    ledger.totals = () => Promise.reject(ledgerFailure(orders.shift()!));
    try {
      expect((await admin.browser.get(ADMIN_LEDGER_ENDPOINTS.totals)).status).toBe(500);
      expect((await admin.browser.get(`${ADMIN_LEDGER_ENDPOINTS.totals}?x=1`)).status).toBe(500);
    } finally {
      // The prototype's method again.
      delete (ledger as Partial<AdminLedgerService>).totals;
    }
    // Those 500s are what this test causes on purpose.
    serverErrors.splice(0);

    const groups = await eventually(async () => {
      const found = (await openGroups()).filter((group) => group.type === 'server');
      expect(found.map((group) => group.count)).toEqual([2]);
      return found;
    });
    expect(groups[0].message).toBe('Error: Ledger exploded on order #');

    const { status, body } = await admin.browser.get<ErrorGroupDetail>(ADMIN_ERRORS_ENDPOINTS.group(groups[0].fingerprint));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      count: 2,
      resolvedAt: null,
      urls: ['GET /data/admin/ledger/totals'],
      browsers: { Server: 2 },
    });
    expect(body.data!.sampleStack).toContain('ledgerFailure');
  });

  it('groups client crash reports by message and top frame, summarising browsers', async () => {
    const report = (id: number, url: string) =>
      new TestBrowser(testApp.baseUrl).post('/data/log_error', {
        type: 'render',
        url,
        stacktrace: `TypeError: Cannot read post ${id}\n    at PostCard (https://surfex.test/assets/index-abc.js:1:${id})`,
      });
    expect((await report(1, 'https://surfex.test/feed')).status).toBe(200);
    expect((await report(2, 'https://surfex.test/surf')).status).toBe(200);
    const group = (await openGroups()).find((g) => g.type === 'render')!;
    expect(group).toMatchObject({ count: 2, message: 'TypeError: Cannot read post #' });
    const { body } = await admin.browser.get<ErrorGroupDetail>(ADMIN_ERRORS_ENDPOINTS.group(group.fingerprint));
    expect(body.data!.urls).toEqual(['https://surfex.test/feed', 'https://surfex.test/surf']);
    expect(Object.values(body.data!.browsers).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('resolves a group (audited) and reopens it on a new occurrence', async () => {
    const stacktrace = 'Error: Resolve me\n    at resolveMe (https://surfex.test/assets/a.js:1:1)';
    await new TestBrowser(testApp.baseUrl).post('/data/log_error', { type: 'boundary', url: 'https://surfex.test/', stacktrace });
    const group = (await openGroups()).find((g) => g.message === 'Error: Resolve me')!;

    const resolved = await admin.browser.post<ErrorGroupDetail>(ADMIN_ERRORS_ENDPOINTS.resolve(group.fingerprint));
    expect(resolved.status).toBe(200);
    expect(resolved.body.data!.resolvedAt).not.toBeNull();
    expect((await openGroups()).map((g) => g.fingerprint)).not.toContain(group.fingerprint);
    const resolvedList = await admin.browser.get<Paged<ErrorGroupSummary>>(`${ADMIN_ERRORS_ENDPOINTS.list}?state=resolved`);
    expect(resolvedList.body.data!.items.map((g) => g.fingerprint)).toEqual([group.fingerprint]);

    const [entry] = await auditOf('error_resolved');
    expect(entry).toMatchObject({
      admin: { id: admin.id },
      targetType: 'error_group',
      targetId: group.fingerprint,
      before: { resolved: false, count: 1 },
      after: { resolved: true, count: 1 },
    });

    await new TestBrowser(testApp.baseUrl).post('/data/log_error', { type: 'boundary', url: 'https://surfex.test/', stacktrace });
    const reopened = (await openGroups()).find((g) => g.fingerprint === group.fingerprint);
    expect(reopened).toMatchObject({ count: 2, resolvedAt: null });
  });

  it('keeps only the most recently seen groups when trimmed', async () => {
    const before = (await openGroups()).length;
    await new TestBrowser(testApp.baseUrl).post('/data/log_error', {
      type: 'boundary',
      url: 'https://surfex.test/',
      stacktrace: 'Error: Newest of all\n    at newest (https://surfex.test/assets/a.js:1:1)',
    });
    expect((await openGroups()).length).toBe(before + 1);
    expect(await testApp.app.get(ErrorGroupsRepository).keepLatest(1)).toBeGreaterThan(0);
    const kept = await admin.browser.get<Paged<ErrorGroupSummary>>(ADMIN_ERRORS_ENDPOINTS.list);
    expect(kept.body.data!.items.map((group) => group.message)).toEqual(['Error: Newest of all']);
    expect(
      (await admin.browser.get<Paged<ErrorGroupSummary>>(`${ADMIN_ERRORS_ENDPOINTS.list}?state=resolved`)).body.data!.total,
    ).toBe(0);
  });

  it('answers 404 for an unknown fingerprint and 400 for a malformed one', async () => {
    expect((await admin.browser.get(ADMIN_ERRORS_ENDPOINTS.group('0123456789abcdef'))).status).toBe(404);
    expect((await admin.browser.get(ADMIN_ERRORS_ENDPOINTS.group('nope'))).status).toBe(400);
    expect((await admin.browser.get(`${ADMIN_ERRORS_ENDPOINTS.list}?state=maybe`)).status).toBe(400);
  });
});

describe('the ledger tab', () => {
  it('answers balanced on a clean database, and records the check', async () => {
    const { status, body } = await admin.browser.post<LedgerVerification>(ADMIN_LEDGER_ENDPOINTS.verify);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ balanced: true, mismatches: [], duplicateKeys: 0 });
    expect(body.data!.ledgerRows).toBeGreaterThanOrEqual(2);
    const [entry] = await auditOf('ledger_verified');
    expect(entry).toMatchObject({ admin: { id: admin.id }, targetType: 'ledger', after: { balanced: true, mismatches: [] } });
  });

  it('reports the member whose balance disagrees with the ledger', async () => {
    await db.query(`UPDATE users SET credits = credits + 5 WHERE id = $1`, [member.id]);
    try {
      const { body } = await admin.browser.post<LedgerVerification>(ADMIN_LEDGER_ENDPOINTS.verify);
      expect(body.data).toMatchObject({
        balanced: false,
        mismatches: [{ account: 'user', id: member.id, balance: SIGNUP_BONUS_CREDITS + 5, ledger: SIGNUP_BONUS_CREDITS }],
      });
      const [entry] = await auditOf('ledger_verified');
      expect(entry.after).toMatchObject({ balanced: false, mismatches: [{ account: 'user', id: member.id }] });
    } finally {
      await db.query(`UPDATE users SET credits = credits - 5 WHERE id = $1`, [member.id]);
    }
  });

  it('totals the credits issued, taken back, spent and held as the activity made them', async () => {
    // A negative adjustment of 3 credits on the member, written as the ledger writes it.
    await db.query(
      `WITH taken AS (UPDATE users SET credits = credits - 3 WHERE id = $1 RETURNING id)
       INSERT INTO credit_ledger (user_id, account, kind, amount, idempotency_key)
       SELECT id, 'user', 'admin_adjustment', -3, 'ops-test-adjustment' FROM taken`,
      [member.id],
    );
    const users = (await db.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n as number;
    const { status, body } = await admin.browser.get<LedgerTotals>(ADMIN_LEDGER_ENDPOINTS.totals);
    expect(status).toBe(200);
    const totals = body.data!;
    const byKind = (rows: LedgerTotals['issued']) => Object.fromEntries(rows.map((row) => [row.kind, row.credits]));
    expect(byKind(totals.issued)).toMatchObject({ signup_bonus: users * SIGNUP_BONUS_CREDITS, purchase: 0, admin_adjustment: 0 });
    expect(byKind(totals.removed)).toEqual({ purchase_reversal: 0, admin_adjustment: 3, fraud_clawback: 0, view_voided: 0 });
    const held = users * SIGNUP_BONUS_CREDITS - 3;
    expect(totals.held).toEqual({ members: held, teams: 0, campaigns: 0, total: held });
    expect(totals.spent.every((row) => row.credits === 0)).toBe(true);
    const sum = (rows: { credits: number }[]) => rows.reduce((total, row) => total + row.credits, 0);
    expect(sum(totals.issued) - sum(totals.removed)).toBe(totals.held.total);
    expect((await admin.browser.post<LedgerVerification>(ADMIN_LEDGER_ENDPOINTS.verify)).body.data!.balanced).toBe(true);
  });
});

describe('scheduled announcements', () => {
  const startIds = async (browser: TestBrowser) =>
    (await browser.get<StartAnswer>('/data/start')).body.data!.website.announcements.map((a) => a.id);

  it('shows one only inside its window, pushed to open pages when it opens and closes', async () => {
    const visitor = new TestBrowser(testApp.baseUrl);
    const socket = await connectSocket(testApp.baseUrl);
    const startsAt = new Date(Date.now() + 1500).toISOString();
    const endsAt = new Date(Date.now() + 3000).toISOString();
    const { status, body } = await admin.browser.post<Announcement>(
      ANNOUNCEMENT_ENDPOINTS.admin,
      announcementPayload({ auth: 'visitors', startsAt, endsAt }),
    );
    expect(status).toBe(200);
    const announcement = body.data!;
    expect(announcement).toMatchObject({ startsAt, endsAt });

    expect(await startIds(visitor)).not.toContain(announcement.id);
    await socket.expectNo('announcement:show', 500);
    expect(await socket.next('announcement:show', 3000)).toEqual([announcement]);
    expect(await startIds(visitor)).toContain(announcement.id);
    expect(await socket.next('announcement:hide', 3000)).toEqual([{ id: announcement.id }]);
    expect(await startIds(visitor)).not.toContain(announcement.id);
  });

  it('refuses an end before the start', async () => {
    const { status } = await admin.browser.post(
      ANNOUNCEMENT_ENDPOINTS.admin,
      announcementPayload({ auth: 'all', startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }),
    );
    expect(status).toBe(400);
  });

  it('audits creating, editing and deleting an announcement', async () => {
    const created = await admin.browser.post<Announcement>(ANNOUNCEMENT_ENDPOINTS.admin, announcementPayload({ auth: 'all' }));
    const id = created.body.data!.id;
    const edited = await admin.browser.put<Announcement>(
      `${ANNOUNCEMENT_ENDPOINTS.admin}/${id}`,
      announcementPayload({ auth: 'members', heading: 'Edited' }),
    );
    expect(edited.status).toBe(200);
    expect((await admin.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${id}/end`)).status).toBe(200);

    const [createdEntry] = await auditOf('announcement_created');
    expect(createdEntry).toMatchObject({
      targetType: 'announcement',
      targetId: String(id),
      before: null,
      after: { auth: 'all' },
    });
    const [updatedEntry] = await auditOf('announcement_updated');
    expect(updatedEntry).toMatchObject({
      targetId: String(id),
      before: { auth: 'all' },
      after: { auth: 'members', heading: 'Edited' },
    });
    const [deletedEntry] = await auditOf('announcement_deleted');
    expect(deletedEntry).toMatchObject({ targetId: String(id), before: { heading: 'Edited' }, after: null });
    expect((await member.browser.post(`${ANNOUNCEMENT_ENDPOINTS.admin}/${id}/end`)).status).toBe(403);
  });
});
