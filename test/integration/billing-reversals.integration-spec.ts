import type { Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import {
  BILLING_ADMIN_ENDPOINTS,
  BILLING_ENDPOINTS,
  type AdminOrder,
  type CheckoutAnswer,
  type MembershipAnswer,
  type Order,
} from '../../shared/billing/billing.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import {
  checkout,
  payOnLocalPage,
  rawGet,
  seededLevel,
  seededPack,
  storedOrder,
  withQuery,
} from '../support/billing-fixtures.js';
import { MembershipGrants } from '../../server/src/levels/membership-grants.service.js';
import { balanceOf, expectLedgerBalanced, promotedPost } from '../support/surf-fixtures.js';
import { actAs, addTeamMember, createTeam, storedTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const ADMIN_EMAIL = 'payments-boss@example.test';

/** Team purchases, refunds and chargebacks with the local test provider (which refunds offline). */
const testApp = useTestApp({ adminEmail: ADMIN_EMAIL }, { afterEach: ({ db }) => expectLedgerBalanced(db) });
const { db } = testApp;
let admin: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: ADMIN_EMAIL });
});

const approve = (member: TestMember, answer: CheckoutAnswer) => payOnLocalPage(testApp.baseUrl, db, member, answer);

async function buyPack(member: TestMember): Promise<{ order: Order; credits: number }> {
  const pack = await seededPack(db);
  const answer = await checkout(member, 'pack', pack.id);
  await approve(member, answer);
  return { order: answer.order, credits: pack.credits };
}

async function teamCheckout(member: TestMember, kind: 'pack' | 'level', id: number) {
  return member.browser.post<CheckoutAnswer>(BILLING_ENDPOINTS.checkout, { kind, id, forTeam: true });
}

async function reversalRows(orderId: string): Promise<{ account: string; amount: number }[]> {
  const { rows } = await db.query(
    `SELECT account, amount::int AS amount FROM credit_ledger WHERE idempotency_key = $1 AND kind = 'purchase_reversal'`,
    [`reversal:${orderId}`],
  );
  return rows;
}

async function notificationsOf(userId: number, type: string): Promise<{ body: string; link: string | null }[]> {
  const { rows } = await db.query(`SELECT body, link FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY id`, [
    userId,
    type,
  ]);
  return rows;
}

describe('team purchases', () => {
  it('an owner buys a pack for the current team: the credits go to the team, the order names it', async () => {
    const owner = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Pack Buyers');
    actAs(owner, team.id);
    const pack = await seededPack(db);
    const { status, body } = await teamCheckout(owner, 'pack', pack.id);
    expect(status).toBe(200);
    expect(body.data!.order).toMatchObject({ teamId: team.id, teamName: 'Pack Buyers', state: 'pending' });
    await approve(owner, body.data!);

    expect((await storedTeam(db, team.id)).credits).toBe(pack.credits);
    expect(await balanceOf(db, owner.id)).toBe(SIGNUP_BONUS_CREDITS);
    const list = await owner.browser.get<Paged<Order>>(BILLING_ENDPOINTS.orders);
    expect(list.body.data!.items[0]).toMatchObject({ id: body.data!.order.id, teamName: 'Pack Buyers', state: 'paid' });
  });

  it('a manager buys a level for the team: the team’s membership, not the manager’s', async () => {
    const owner = await signUp(testApp.baseUrl);
    const manager = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Level Buyers');
    await addTeamMember(db, owner, team.id, manager, 'manager');
    actAs(manager, team.id);
    const level = await seededLevel(db);
    const { status, body } = await teamCheckout(manager, 'level', level.id);
    expect(status).toBe(200);
    await approve(manager, body.data!);

    const answer = (await manager.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!;
    expect(answer.me).toBeNull();
    expect(answer.team).toMatchObject({ levelId: level.id });
    // The owner, acting for the team, sees the same; without the team, none.
    actAs(owner, team.id);
    expect((await owner.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!.team).toMatchObject({
      levelId: level.id,
    });
    actAs(owner, null);
    expect((await owner.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data).toEqual({
      me: null,
      team: null,
    });
  });

  it('refuses an analyst (403) and a purchase for a team with no current team (400), creating no order', async () => {
    const owner = await signUp(testApp.baseUrl);
    const analyst = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Watchers');
    await addTeamMember(db, owner, team.id, analyst, 'analyst');
    const pack = await seededPack(db);

    actAs(analyst, team.id);
    const refused = await teamCheckout(analyst, 'pack', pack.id);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe(ErrorCode.TeamRoleForbidden);

    const noTeam = await teamCheckout(owner, 'pack', pack.id);
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.errors[0]).toMatchObject({ code: ErrorCode.TeamRequired, field: 'forTeam' });

    const outsider = await signUp(testApp.baseUrl);
    actAs(outsider, team.id);
    const stranger = await teamCheckout(outsider, 'pack', pack.id);
    expect(stranger.status).toBe(403);
    expect(stranger.body.errors[0].code).toBe(ErrorCode.TeamForbidden);

    const { rows } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = ANY($1)`, [
      [analyst.id, owner.id, outsider.id],
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe('refunds and chargebacks', () => {
  it('refunds a pack: the credits are taken back, the order says refunded, the buyer is told', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order, credits } = await buyPack(member);
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + credits);

    const { status, body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.refund(order.id));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: order.id,
      state: 'refunded',
      shortfallCredits: 0,
      userId: member.id,
      username: member.username,
    });
    expect(body.data!.reversedAt).not.toBeNull();
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await reversalRows(order.id)).toEqual([{ account: 'user', amount: -credits }]);
    const { rows } = await db.query(`SELECT refund_ref FROM orders WHERE id = $1`, [order.id]);
    expect(rows[0].refund_ref).toMatch(/^LOCAL-.+-REFUND$/);
    expect(await notificationsOf(member.id, 'order_reversed')).toHaveLength(1);
    expect((await member.browser.get<Order>(BILLING_ENDPOINTS.order(order.id))).body.data!.state).toBe('refunded');
    // The admin's action is in the audit log, with the order before and after.
    const audit = await admin.browser.get<Paged<AdminAuditEntry>>(
      `${ADMIN_AUDIT_ENDPOINTS.audit}?targetType=order&targetId=${order.id}`,
    );
    expect(audit.body.data!.items).toEqual([
      expect.objectContaining({
        action: 'order_refunded',
        admin: { id: admin.id, username: admin.username },
        before: { state: 'paid' },
        after: expect.objectContaining({ state: 'refunded', shortfallCredits: 0 }),
      }),
    ]);
  });

  it('takes back only what is left when the credits were spent: the balance stays at 0, the rest is flagged for admins', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order, credits } = await buyPack(member);
    // The member spends everything: moved to a team of theirs.
    const team = await createTeam(member, 'Spenders');
    actAs(member, team.id);
    const spend = SIGNUP_BONUS_CREDITS + credits - 3;
    expect((await member.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: spend })).status).toBe(200);
    expect(await balanceOf(db, member.id)).toBe(3);

    const { status, body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.refund(order.id));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: 'refunded', shortfallCredits: credits - 3 });
    expect(await balanceOf(db, member.id)).toBe(0);
    expect((await storedTeam(db, team.id)).credits).toBe(spend);
    expect(await reversalRows(order.id)).toEqual([{ account: 'user', amount: -3 }]);

    const told = await notificationsOf(admin.id, 'billing_shortfall');
    expect(told.at(-1)).toMatchObject({ link: '/admin/payments?state=shortfall' });
    expect(told.at(-1)!.body).toContain(order.id);

    const flagged = await admin.browser.get<Paged<AdminOrder>>(withQuery(BILLING_ADMIN_ENDPOINTS.orders, { state: 'shortfall' }));
    expect(flagged.body.data!.items.map((item) => item.id)).toContain(order.id);
    expect(flagged.body.data!.items.every((item) => item.shortfallCredits > 0)).toBe(true);
  });

  it('a refund with nothing left to take back writes no ledger row and flags the whole pack', async () => {
    const owner = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Empty Team', { allowWithdraw: true });
    actAs(owner, team.id);
    const pack = await seededPack(db);
    const answer = (await teamCheckout(owner, 'pack', pack.id)).body.data!;
    await approve(owner, answer);
    // The team spends it all: moved out to the owner.
    expect((await owner.browser.post(teamApiPath(team.id, '/credits/withdraw'), { amount: pack.credits })).status).toBe(200);

    const { body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.chargeback(answer.order.id));
    expect(body.data).toMatchObject({ state: 'charged_back', shortfallCredits: pack.credits, teamName: 'Empty Team' });
    expect((await storedTeam(db, team.id)).credits).toBe(0);
    expect(await reversalRows(answer.order.id)).toEqual([]);
  });

  it('a team pack refunded comes back out of the team’s balance', async () => {
    const owner = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Refunded Team');
    actAs(owner, team.id);
    const pack = await seededPack(db);
    const answer = (await teamCheckout(owner, 'pack', pack.id)).body.data!;
    await approve(owner, answer);
    const { status } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.refund(answer.order.id));
    expect(status).toBe(200);
    expect((await storedTeam(db, team.id)).credits).toBe(0);
    expect(await reversalRows(answer.order.id)).toEqual([{ account: 'team', amount: -pack.credits }]);
  });

  it('refuses a second refund, and a refund or chargeback of a declined or pending order, changing nothing', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order, credits } = await buyPack(member);
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(order.id))).status).toBe(200);
    for (const path of [BILLING_ADMIN_ENDPOINTS.refund(order.id), BILLING_ADMIN_ENDPOINTS.chargeback(order.id)]) {
      const again = await admin.browser.post(path);
      expect(again.status).toBe(409);
      expect(again.body.errors[0].code).toBe(ErrorCode.OrderNotReversible);
    }
    expect(await reversalRows(order.id)).toEqual([{ account: 'user', amount: -credits }]);

    const pack = await seededPack(db);
    const pending = await checkout(member, 'pack', pack.id);
    const declined = await checkout(member, 'pack', pack.id);
    const decided = await rawGet(
      testApp.baseUrl,
      withQuery(BILLING_ENDPOINTS.localDecision, { ...declined.checkout.fields, decision: 'decline' }),
      member.browser,
    );
    await rawGet(testApp.baseUrl, decided.headers.get('location')!);
    expect((await storedOrder(db, declined.order.id)).state).toBe('declined');
    for (const id of [pending.order.id, declined.order.id]) {
      const refused = await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(id));
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].code).toBe(ErrorCode.OrderNotReversible);
    }
    expect((await storedOrder(db, pending.order.id)).state).toBe('pending');
    expect((await storedOrder(db, declined.order.id)).state).toBe('declined');
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);

    const missing = await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
  });

  it('a chargeback reverses a pack as a refund does, without a refund reference', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order } = await buyPack(member);
    const { status, body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.chargeback(order.id));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: 'charged_back', shortfallCredits: 0 });
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
    const { rows } = await db.query(`SELECT refund_ref, reversed_at FROM orders WHERE id = $1`, [order.id]);
    expect(rows[0].refund_ref).toBeNull();
    expect(rows[0].reversed_at).not.toBeNull();
  });

  it('refunding a level ends its period; a queued period after it moves up', async () => {
    const member = await signUp(testApp.baseUrl);
    const level = await seededLevel(db);
    const first = await checkout(member, 'level', level.id);
    await approve(member, first);
    const second = await checkout(member, 'level', level.id);
    await approve(member, second);
    const before = (await member.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!.me!;

    // The queued period refunded: the current one stays, paid-until comes back by one period.
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(second.order.id))).status).toBe(200);
    const afterQueued = (await member.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!.me!;
    expect(afterQueued.endsAt).toBe(before.endsAt);
    expect(afterQueued.paidUntil).toBe(before.endsAt);

    // The current period refunded: no membership now.
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.chargeback(first.order.id))).status).toBe(200);
    expect((await member.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!.me).toBeNull();
  });

  it('refunding the current period of two moves the queued one to now', async () => {
    const member = await signUp(testApp.baseUrl);
    const level = await seededLevel(db);
    const first = await checkout(member, 'level', level.id);
    await approve(member, first);
    const second = await checkout(member, 'level', level.id);
    await approve(member, second);
    const startedAt = Date.now();
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(first.order.id))).status).toBe(200);
    const now = (await member.browser.get<MembershipAnswer>(BILLING_ENDPOINTS.membership)).body.data!.me!;
    expect(Math.abs(Date.parse(now.startsAt) - startedAt)).toBeLessThan(60_000);
    expect(Math.round((Date.parse(now.endsAt) - Date.parse(now.startsAt)) / 86_400_000)).toBe(level.periodDays);
  });

  it('refunding a level takes back the monthly credits it granted, and the grants job gives none again', async () => {
    const member = await signUp(testApp.baseUrl);
    const level = await seededLevel(db);
    const answer = await checkout(member, 'level', level.id);
    await approve(member, answer);
    const granted = (await balanceOf(db, member.id)) - SIGNUP_BONUS_CREDITS;
    expect(granted).toBeGreaterThan(0);

    const { status, body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.refund(answer.order.id));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ state: 'refunded', shortfallCredits: 0 });
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await reversalRows(answer.order.id)).toEqual([{ account: 'user', amount: -granted }]);
    await testApp.app.get(MembershipGrants).run();
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS);
  });

  it('a level charged back after its credits were spent takes what is left, never below zero, and flags the rest', async () => {
    const member = await signUp(testApp.baseUrl);
    const level = await seededLevel(db);
    const answer = await checkout(member, 'level', level.id);
    await approve(member, answer);
    const granted = (await balanceOf(db, member.id)) - SIGNUP_BONUS_CREDITS;
    const spent = granted - 5;
    await promotedPost(member, spent);
    const left = SIGNUP_BONUS_CREDITS + 5;

    const { body } = await admin.browser.post<AdminOrder>(BILLING_ADMIN_ENDPOINTS.chargeback(answer.order.id));
    expect(body.data).toMatchObject({ state: 'charged_back', shortfallCredits: granted - left });
    expect(await balanceOf(db, member.id)).toBe(0);
    expect(await reversalRows(answer.order.id)).toEqual([{ account: 'user', amount: -left }]);
    expect((await notificationsOf(admin.id, 'billing_shortfall')).at(-1)!.body).toContain(answer.order.id);
  });

  it('a team’s level refunded takes its monthly credits back out of the team’s balance', async () => {
    const owner = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Level Team');
    actAs(owner, team.id);
    const level = await seededLevel(db);
    const answer = (await teamCheckout(owner, 'level', level.id)).body.data!;
    await approve(owner, answer);
    const granted = (await storedTeam(db, team.id)).credits;
    expect(granted).toBeGreaterThan(0);
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(answer.order.id))).status).toBe(200);
    expect((await storedTeam(db, team.id)).credits).toBe(0);
    expect(await reversalRows(answer.order.id)).toEqual([{ account: 'team', amount: -granted }]);
    expect(await balanceOf(db, owner.id)).toBe(SIGNUP_BONUS_CREDITS);
  });
});

describe('the admin order calls', () => {
  it('lists every member’s orders with their usernames, filtered by state', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order } = await buyPack(member);
    const pending = await checkout(member, 'pack', (await seededPack(db)).id);

    const all = await admin.browser.get<Paged<AdminOrder>>(BILLING_ADMIN_ENDPOINTS.orders);
    expect(all.status).toBe(200);
    expect(all.body.data!.items.slice(0, 2)).toEqual([
      expect.objectContaining({ id: pending.order.id, username: member.username, userId: member.id }),
      expect.objectContaining({ id: order.id, username: member.username, state: 'paid' }),
    ]);
    const paid = await admin.browser.get<Paged<AdminOrder>>(withQuery(BILLING_ADMIN_ENDPOINTS.orders, { state: 'paid' }));
    expect(paid.body.data!.items.every((item) => item.state === 'paid')).toBe(true);
    expect(paid.body.data!.items.map((item) => item.id)).toContain(order.id);

    const bad = await admin.browser.get(withQuery(BILLING_ADMIN_ENDPOINTS.orders, { state: 'lost', page: '0' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe(ErrorCode.Validation);
  });

  it('refuses members (403) and visitors (401) on every admin call, changing nothing', async () => {
    const member = await signUp(testApp.baseUrl);
    const { order, credits } = await buyPack(member);
    const visitor = new TestBrowser(testApp.baseUrl);
    const calls: [string, 'get' | 'post'][] = [
      [BILLING_ADMIN_ENDPOINTS.orders, 'get'],
      [BILLING_ADMIN_ENDPOINTS.refund(order.id), 'post'],
      [BILLING_ADMIN_ENDPOINTS.chargeback(order.id), 'post'],
    ];
    for (const [path, method] of calls) {
      const asMember = await member.browser[method](path);
      expect({ path, status: asMember.status, code: asMember.body.errors[0]?.code }).toEqual({
        path,
        status: 403,
        code: ErrorCode.Forbidden,
      });
      const asVisitor = await visitor[method](path);
      expect({ path, status: asVisitor.status, code: asVisitor.body.errors[0]?.code }).toEqual({
        path,
        status: 401,
        code: ErrorCode.Unauthenticated,
      });
    }
    expect((await storedOrder(db, order.id)).state).toBe('paid');
    expect(await balanceOf(db, member.id)).toBe(SIGNUP_BONUS_CREDITS + credits);
  });
});
