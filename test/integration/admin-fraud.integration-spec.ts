import type { Paged } from '../../shared/accounts/account.answers.js';
import type { AdminAuditEntry } from '../../shared/admin/audit.js';
import { ADMIN_AUDIT_ENDPOINTS } from '../../shared/admin/audit.js';
import { ADMIN_LEDGER_ENDPOINTS, type LedgerTotals } from '../../shared/admin/ledger.js';
import { ADMIN_FRAUD_ENDPOINTS, type FraudQueueRow, type FraudRefundResult } from '../../shared/admin/fraud.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import {
  assignCredits,
  balanceOf,
  createPost,
  creditedClaim,
  matureEarnings,
  nextTicket,
  promotedPost,
  storedCampaign,
  surfer,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { actAs, addTeamMember, createTeam, storedTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';

// The ledger is checked balanced after every test (useSurfTestApp's afterEach: expectLedgerBalanced).
const testApp = useSurfTestApp({ adminEmail: 'fraud-admin@example.test' });
const { db } = testApp;
let admin: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'fraud-admin@example.test' });
});

type Surfer = Awaited<ReturnType<typeof surfer>>;

/** The viewer is offered and credited `count` views (each of a different promoted post on offer). */
async function creditedViews(viewer: Surfer, count: number): Promise<number[]> {
  const pids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ticketId, pid } = await nextTicket(viewer.browser, viewer.tab);
    await creditedClaim(viewer.tab, ticketId);
    pids.push(pid);
  }
  return pids;
}

async function queueRow(userId: number): Promise<FraudQueueRow | undefined> {
  const { body } = await admin.browser.get<Paged<FraudQueueRow>>(ADMIN_FRAUD_ENDPOINTS.queue);
  return body.data!.items.find((row) => row.id === userId);
}

const refund = (userId: number, json: unknown = {}) =>
  admin.browser.post<FraudRefundResult>(ADMIN_FRAUD_ENDPOINTS.refund(userId), json);

async function fraudAudit(userId: number): Promise<AdminAuditEntry[]> {
  const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(
    `${ADMIN_AUDIT_ENDPOINTS.audit}?action=fraud_refunded&targetType=user&targetId=${userId}`,
  );
  return body.data!.items;
}

describe('the admin fraud queue', () => {
  it('is for admins only: 401 for a visitor, 403 for a member, and nothing moves', async () => {
    const member = await signUp(testApp.baseUrl);
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await visitor.get(ADMIN_FRAUD_ENDPOINTS.queue)).status).toBe(401);
    expect((await visitor.post(ADMIN_FRAUD_ENDPOINTS.refund(member.id), {})).status).toBe(401);
    const refused = await member.browser.get(ADMIN_FRAUD_ENDPOINTS.queue);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
    expect((await member.browser.post(ADMIN_FRAUD_ENDPOINTS.refund(member.id), {})).status).toBe(403);
    expect(await fraudAudit(member.id)).toEqual([]);
    expect((await admin.browser.get(ADMIN_FRAUD_ENDPOINTS.queue)).status).toBe(200);
  });

  it('ranks members by risk score, keeps stopped members and leaves clean ones out', async () => {
    const [high, stopped, stoppedAtZero, clean] = await Promise.all([1, 2, 3, 4].map(() => signUp(testApp.baseUrl)));
    const evidence = [
      { at: '2026-01-01T10:00:00.000Z', signals: ['untrusted_click'], score: 50 },
      { at: '2026-01-02T10:00:00.000Z', signals: ['hidden_tab', 'untrusted_click'], score: 300 },
    ];
    await db.query(`UPDATE users SET risk_score = 300, risk_evidence = $2 WHERE id = $1`, [high.id, JSON.stringify(evidence)]);
    await db.query(`UPDATE users SET risk_score = 120, earning_blocked = true WHERE id = $1`, [stopped.id]);
    await db.query(`UPDATE users SET risk_score = 0, earning_blocked = true WHERE id = $1`, [stoppedAtZero.id]);

    const { status, body } = await admin.browser.get<Paged<FraudQueueRow>>(`${ADMIN_FRAUD_ENDPOINTS.queue}?page=1`);
    expect(status).toBe(200);
    const ids = body.data!.items.map((row) => row.id);
    expect(ids.filter((id) => [high.id, stopped.id, stoppedAtZero.id, clean.id].includes(id))).toEqual([
      high.id,
      stopped.id,
      stoppedAtZero.id,
    ]);
    const scores = body.data!.items.map((row) => row.riskScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body.data!.items.find((row) => row.id === high.id)).toEqual({
      id: high.id,
      username: high.username,
      riskScore: 300,
      earning: true,
      signals: ['untrusted_click', 'hidden_tab'],
      lastEvidenceAt: '2026-01-02T10:00:00.000Z',
      refundableViews: 0,
      refundableCredits: 0,
      reviewVoids: { views: 0, byCategory: [] },
      latestReviewVoid: null,
    });
    expect(body.data!.items.find((row) => row.id === stopped.id)).toMatchObject({ earning: false, riskScore: 120 });
    expect((await admin.browser.get(`${ADMIN_FRAUD_ENDPOINTS.queue}?page=0`)).status).toBe(400);
  });

  it('refunds the campaigns (or a deleted post’s owner) and takes the views back from the member, once', async () => {
    const advertiser = await signUp(testApp.baseUrl);
    const other = await signUp(testApp.baseUrl);
    const live = [await promotedPost(advertiser, 5), await promotedPost(advertiser, 5)];
    const doomed = await promotedPost(other, 5);
    const viewer = await surfer(testApp.baseUrl);
    expect((await creditedViews(viewer, 3)).sort()).toEqual([...live, doomed].sort());
    // The post is deleted after the view: its campaign's unspent credits went back to its writer.
    expect((await other.browser.delete(`/data/posts/${doomed}`)).status).toBe(200);
    const otherBefore = await balanceOf(db, other.id);
    await db.query(`UPDATE users SET risk_score = 200 WHERE id = $1`, [viewer.id]);
    expect(await balanceOf(db, viewer.id)).toBe(SIGNUP_BONUS_CREDITS + 3);
    expect(await queueRow(viewer.id)).toMatchObject({ refundableViews: 3, refundableCredits: 3 });

    const { status, body } = await refund(viewer.id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      views: 3,
      advertiserCredits: 3,
      takenFromMember: 3,
      shortfall: 0,
      memberCredits: SIGNUP_BONUS_CREDITS,
    });
    expect(await balanceOf(db, viewer.id)).toBe(SIGNUP_BONUS_CREDITS);
    for (const pid of live) expect((await storedCampaign(db, pid)).credits).toBe(5);
    expect(await balanceOf(db, other.id)).toBe(otherBefore + 1);
    const { rows } = await db.query(
      `SELECT account, kind, amount::int FROM credit_ledger
        WHERE idempotency_key LIKE 'fraud\\_%' AND (user_id = $1 OR user_id = $2 OR campaign_id = ANY($3))
        ORDER BY account, kind, amount`,
      [viewer.id, other.id, [...live, doomed]],
    );
    expect(rows).toEqual([
      { account: 'campaign', kind: 'fraud_refund', amount: 1 },
      { account: 'campaign', kind: 'fraud_refund', amount: 1 },
      { account: 'user', kind: 'fraud_clawback', amount: -1 },
      { account: 'user', kind: 'fraud_clawback', amount: -1 },
      { account: 'user', kind: 'fraud_clawback', amount: -1 },
      { account: 'user', kind: 'fraud_refund', amount: 1 },
    ]);
    expect(await queueRow(viewer.id)).toMatchObject({ refundableViews: 0, refundableCredits: 0 });

    // Repeating it refunds nothing twice.
    const again = await refund(viewer.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ views: 0, advertiserCredits: 0, takenFromMember: 0, shortfall: 0 });
    expect(await balanceOf(db, viewer.id)).toBe(SIGNUP_BONUS_CREDITS);
    for (const pid of live) expect((await storedCampaign(db, pid)).credits).toBe(5);

    const audit = await fraudAudit(viewer.id);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      admin: { id: admin.id, username: admin.username },
      targetType: 'user',
      targetId: String(viewer.id),
      before: { refundableViews: 3, refundableCredits: 3, memberCredits: SIGNUP_BONUS_CREDITS + 3 },
      after: {
        refundableViews: 0,
        refundableCredits: 0,
        memberCredits: SIGNUP_BONUS_CREDITS,
        refundedViews: 3,
        advertiserCredits: 3,
        takenFromMember: 3,
        shortfall: 0,
      },
    });
  });

  it('takes no more than the member holds and reports the shortfall', async () => {
    const advertiser = await signUp(testApp.baseUrl);
    const pids = [await promotedPost(advertiser, 3), await promotedPost(advertiser, 3)];
    const viewer = await surfer(testApp.baseUrl);
    await creditedViews(viewer, 2);
    // Their window passed: what they earned may be spent.
    await matureEarnings(db, viewer.id);
    // The member spends everything they hold on a campaign of their own.
    const own = (await createPost(viewer.browser)).post.pid;
    await assignCredits(viewer.browser, own, SIGNUP_BONUS_CREDITS + 2);
    expect(await balanceOf(db, viewer.id)).toBe(0);

    const { status, body } = await refund(viewer.id, { since: new Date(Date.now() - 3_600_000).toISOString() });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ views: 2, advertiserCredits: 2, takenFromMember: 0, shortfall: 2, memberCredits: 0 });
    expect(await balanceOf(db, viewer.id)).toBe(0);
    for (const pid of pids) expect((await storedCampaign(db, pid)).credits).toBe(3);
    const [row] = await fraudAudit(viewer.id);
    expect(row.after).toMatchObject({ takenFromMember: 0, shortfall: 2, memberCredits: 0 });

    // The credits the member had spent stay minted: the admin totals still add up.
    const totals = (await admin.browser.get<LedgerTotals>(ADMIN_LEDGER_ENDPOINTS.totals)).body.data!;
    const sum = (rows: LedgerTotals['issued']) => rows.reduce((total, row) => total + row.credits, 0);
    expect(totals.issued.find((row) => row.kind === 'fraud_refund')!.credits).toBeGreaterThanOrEqual(2);
    expect(sum(totals.issued) - sum(totals.removed)).toBe(totals.held.total);
  });

  it('follows the earned credits the member moved into a team: what they no longer hold comes out of the team, once', async () => {
    const advertiser = await signUp(testApp.baseUrl);
    for (let i = 0; i < 3; i++) await promotedPost(advertiser, 3);
    const viewer = await surfer(testApp.baseUrl);
    await creditedViews(viewer, 3);
    // Their window passed: what they earned may be spent.
    await matureEarnings(db, viewer.id);
    const team = await createTeam(viewer, 'Laundry');
    actAs(viewer, team.id);
    const moved = SIGNUP_BONUS_CREDITS + 3 - 1;
    expect((await viewer.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: moved })).status).toBe(200);

    const { status, body } = await refund(viewer.id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ views: 3, takenFromMember: 1, takenFromTeams: 2, shortfall: 0, memberCredits: 0 });
    expect(await balanceOf(db, viewer.id)).toBe(0);
    expect((await storedTeam(db, team.id)).credits).toBe(moved - 2);
    const { rows } = await db.query(
      `SELECT kind, amount::int FROM credit_ledger WHERE account = 'team' AND team_id = $1 AND kind = 'fraud_clawback'`,
      [team.id],
    );
    expect(rows).toEqual([
      { kind: 'fraud_clawback', amount: -1 },
      { kind: 'fraud_clawback', amount: -1 },
    ]);
    expect((await fraudAudit(viewer.id))[0].after).toMatchObject({ takenFromMember: 1, takenFromTeams: 2, shortfall: 0 });

    const again = await refund(viewer.id);
    expect(again.body.data).toMatchObject({ views: 0, takenFromMember: 0, takenFromTeams: 0, shortfall: 0 });
    expect((await storedTeam(db, team.id)).credits).toBe(moved - 2);
  });

  it('takes from a team no more than the member moved into it, whatever else the team holds', async () => {
    const advertiser = await signUp(testApp.baseUrl);
    for (let i = 0; i < 2; i++) await promotedPost(advertiser, 3);
    const viewer = await surfer(testApp.baseUrl);
    await creditedViews(viewer, 2);
    // Their window passed: what they earned may be spent.
    await matureEarnings(db, viewer.id);
    const own = (await createPost(viewer.browser)).post.pid;
    await assignCredits(viewer.browser, own, SIGNUP_BONUS_CREDITS + 1);
    const team = await createTeam(viewer, 'Shared Pot');
    const partner = await signUp(testApp.baseUrl);
    await addTeamMember(db, viewer, team.id, partner);
    actAs(viewer, team.id);
    actAs(partner, team.id);
    expect((await viewer.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 1 })).status).toBe(200);
    expect((await partner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 8 })).status).toBe(200);
    expect((await storedTeam(db, team.id)).credits).toBe(9);

    const { body } = await refund(viewer.id);
    expect(body.data).toMatchObject({ views: 2, takenFromMember: 0, takenFromTeams: 1, shortfall: 1 });
    expect((await storedTeam(db, team.id)).credits).toBe(8);
    expect(await balanceOf(db, partner.id)).toBe(SIGNUP_BONUS_CREDITS - 8);
  });

  it('covers only the views since the given date, and refuses a bad date or an unknown member', async () => {
    const advertiser = await signUp(testApp.baseUrl);
    await promotedPost(advertiser, 2);
    const viewer = await surfer(testApp.baseUrl);
    await creditedViews(viewer, 1);
    const future = await refund(viewer.id, { since: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.body.data).toMatchObject({ views: 0 });
    expect((await refund(viewer.id, { since: 'yesterday' })).status).toBe(400);
    expect((await refund(999_999)).status).toBe(404);
    expect(await fraudAudit(999_999)).toEqual([]);
  });
});
