import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { BILLING_ADMIN_ENDPOINTS, BILLING_ENDPOINTS, type CheckoutAnswer } from '../../shared/billing/billing.js';
import type { CommissionsAnswer } from '../../shared/referrals/commissions.js';
import { ReferralCommissionsService } from '../../server/src/referrals/referral-commissions.service.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { checkout, payOnLocalPage, rawGet, seededLevel, seededPack, withQuery } from '../support/billing-fixtures.js';
import { connectSocket } from '../support/socket-client.js';
import { balanceOf, expectLedgerBalanced } from '../support/surf-fixtures.js';
import { actAs, createTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const ADMIN_EMAIL = 'commissions-boss@example.test';
const PERCENT = 7;
const MATURING_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

/** Commissions a referrer earns on the purchases of the members they referred, with the local test provider. */
const testApp = useTestApp(
  { adminEmail: ADMIN_EMAIL, referrals: { commissionPercent: PERCENT, commissionMaturingDays: MATURING_DAYS } },
  { afterEach: ({ db }) => expectLedgerBalanced(db) },
);
const { db } = testApp;
let admin: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: ADMIN_EMAIL });
});

const matureDue = (now: Date) => testApp.app.get(ReferralCommissionsService).matureDue(now);
const afterMaturing = () => new Date(Date.now() + (MATURING_DAYS + 1) * DAY_MS);

/** A member who signed up through `referrer`'s link (the referral cookie as the client writes it). */
async function signUpReferredBy(referrer: TestMember): Promise<TestMember> {
  const cookie = encodeURIComponent(
    JSON.stringify({
      from: referrer.username,
      referwebsite: { HTTP_REFERER: '', REQUEST_URI: '/', href: `http://site/?dem_rf0=${referrer.username}`, docref: '' },
    }),
  );
  return signUp(testApp.baseUrl, {}, TestBrowser.withCookies(testApp.baseUrl, { dem_rf0: cookie }));
}

const approve = (member: TestMember, answer: CheckoutAnswer) => payOnLocalPage(testApp.baseUrl, db, member, answer);

async function buyPack(member: TestMember): Promise<{ orderId: string; credits: number; receipt: string }> {
  const pack = await seededPack(db);
  const answer = await checkout(member, 'pack', pack.id);
  return { orderId: answer.order.id, credits: pack.credits, receipt: await approve(member, answer) };
}

async function commissionsOf(member: TestMember, page = 1): Promise<CommissionsAnswer> {
  const { status, body } = await member.browser.get<CommissionsAnswer>(
    withQuery(ACCOUNT_ENDPOINTS.referralCommissions, { page: String(page) }),
  );
  expect(status).toBe(200);
  return body.data!;
}

async function commissionRowsOfOrder(orderId: string): Promise<{ id: number; credits: number; state: string }[]> {
  const { rows } = await db.query(`SELECT id, credits, state FROM referral_commissions WHERE order_id = $1`, [orderId]);
  return rows;
}

async function commissionLedgerRows(userId: number): Promise<{ amount: number; idempotency_key: string }[]> {
  const { rows } = await db.query(
    `SELECT amount::int AS amount, idempotency_key FROM credit_ledger
      WHERE account = 'user' AND user_id = $1 AND kind = 'referral_commission' ORDER BY id`,
    [userId],
  );
  return rows;
}

const shareOf = (credits: number) => Math.floor((PERCENT * credits) / 100);

describe('earning a commission', () => {
  it('a referred member buys a pack: the referrer sees a pending commission of the share, maturing in the maturing days', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const before = Date.now();
    const { credits } = await buyPack(buyer);

    const answer = await commissionsOf(referrer);
    expect(answer.totals).toEqual({ pending: shareOf(credits), credited: 0 });
    expect(answer.percent).toBe(PERCENT);
    expect(answer.items).toHaveLength(1);
    const [item] = answer.items;
    expect(item).toMatchObject({
      credits: shareOf(credits),
      state: 'pending',
      referredUsername: buyer.username,
      creditedAt: null,
      clawedBackAt: null,
    });
    const maturesAt = Date.parse(item.maturesAt);
    expect(maturesAt).toBeGreaterThanOrEqual(before + MATURING_DAYS * DAY_MS - 1000);
    expect(maturesAt).toBeLessThanOrEqual(Date.now() + MATURING_DAYS * DAY_MS + 1000);
    expect(item.itemName).toBeTruthy();
    // Nothing is paid before it matures.
    expect(await commissionLedgerRows(referrer.id)).toEqual([]);
  });

  it('a referred member buys a level: the share is of the level’s monthly credits', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const level = await seededLevel(db);
    const { rows } = await db.query(`SELECT monthly_credits FROM membership_levels WHERE id = $1`, [level.id]);
    await approve(buyer, await checkout(buyer, 'level', level.id));

    const answer = await commissionsOf(referrer);
    expect(answer.items.map((item) => [item.credits, item.state, item.referredUsername])).toEqual([
      [shareOf(rows[0].monthly_credits), 'pending', buyer.username],
    ]);
  });

  it('a referred member buys a pack for their team: their referrer earns, as the member paid', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const owner = await signUpReferredBy(referrer);
    const team = await createTeam(owner, 'Referred Buyers');
    actAs(owner, team.id);
    const pack = await seededPack(db);
    const { body } = await owner.browser.post<CheckoutAnswer>(BILLING_ENDPOINTS.checkout, {
      kind: 'pack',
      id: pack.id,
      forTeam: true,
    });
    await approve(owner, body.data!);
    expect((await commissionsOf(referrer)).items.map((item) => [item.credits, item.referredUsername])).toEqual([
      [shareOf(pack.credits), owner.username],
    ]);
  });

  it('a member nobody referred buys a pack: no commission for anyone', async () => {
    const buyer = await signUp(testApp.baseUrl);
    const { orderId } = await buyPack(buyer);
    expect(await commissionRowsOfOrder(orderId)).toEqual([]);
  });

  it('the provider’s answer replayed (the receipt page reloaded) earns one commission', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const { orderId, receipt } = await buyPack(buyer);
    expect((await rawGet(testApp.baseUrl, receipt)).status).toBe(303);
    expect((await rawGet(testApp.baseUrl, receipt)).status).toBe(303);
    expect(await commissionRowsOfOrder(orderId)).toHaveLength(1);
    expect((await commissionsOf(referrer)).total).toBe(1);
  });

  it('the referrer’s open tab hears of the new commission', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const tab = await connectSocket(testApp.baseUrl, referrer.browser);
    try {
      const { orderId } = await buyPack(buyer);
      const [change] = await tab.next('referral:commission');
      expect(change).toEqual({ id: (await commissionRowsOfOrder(orderId))[0].id, state: 'pending' });
    } finally {
      tab.close();
    }
  });
});

describe('maturing', () => {
  it('credits nothing before the date, and once after it: the balance rises by the share, with one ledger row', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const { orderId, credits } = await buyPack(buyer);
    const [commission] = await commissionRowsOfOrder(orderId);
    const balance = await balanceOf(db, referrer.id);

    await matureDue(new Date(Date.now() + (MATURING_DAYS - 1) * DAY_MS));
    expect(await balanceOf(db, referrer.id)).toBe(balance);
    expect((await commissionsOf(referrer)).items[0].state).toBe('pending');

    await matureDue(afterMaturing());
    await matureDue(afterMaturing());
    expect(await balanceOf(db, referrer.id)).toBe(balance + shareOf(credits));
    expect(await commissionLedgerRows(referrer.id)).toEqual([
      { amount: shareOf(credits), idempotency_key: `commission:${commission.id}` },
    ]);
    const answer = await commissionsOf(referrer);
    expect(answer.totals).toEqual({ pending: 0, credited: shareOf(credits) });
    expect(answer.items[0].state).toBe('credited');
    expect(answer.items[0].creditedAt).not.toBeNull();
    const { rows } = await db.query(`SELECT link FROM notifications WHERE user_id = $1 AND type = 'referral_commission'`, [
      referrer.id,
    ]);
    expect(rows).toEqual([{ link: '/referrals' }]);
  });

  it('two runs at once credit each commission once', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyers = [await signUpReferredBy(referrer), await signUpReferredBy(referrer), await signUpReferredBy(referrer)];
    let expected = 0;
    for (const buyer of buyers) expected += shareOf((await buyPack(buyer)).credits);
    const balance = await balanceOf(db, referrer.id);

    const now = afterMaturing();
    await Promise.all([matureDue(now), matureDue(now), matureDue(now)]);
    expect(await balanceOf(db, referrer.id)).toBe(balance + expected);
    expect(await commissionLedgerRows(referrer.id)).toHaveLength(3);
    expect((await commissionsOf(referrer)).totals).toEqual({ pending: 0, credited: expected });
  });
});

describe('refunds and chargebacks', () => {
  it('a refund before the commission matures takes it back: never credited, the referrer is told', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const { orderId } = await buyPack(buyer);
    const balance = await balanceOf(db, referrer.id);
    const tab = await connectSocket(testApp.baseUrl, referrer.browser);
    try {
      expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(orderId))).status).toBe(200);
      expect((await tab.next('referral:commission'))[0].state).toBe('clawed_back');
    } finally {
      tab.close();
    }

    const answer = await commissionsOf(referrer);
    expect(answer.items[0]).toMatchObject({ state: 'clawed_back', creditedAt: null });
    expect(answer.items[0].clawedBackAt).not.toBeNull();
    expect(answer.totals).toEqual({ pending: 0, credited: 0 });
    await matureDue(afterMaturing());
    expect(await balanceOf(db, referrer.id)).toBe(balance);
    expect(await commissionLedgerRows(referrer.id)).toEqual([]);
  });

  it('a refund after the commission matured keeps it credited', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const buyer = await signUpReferredBy(referrer);
    const { orderId, credits } = await buyPack(buyer);
    await matureDue(afterMaturing());
    const balance = await balanceOf(db, referrer.id);

    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.refund(orderId))).status).toBe(200);
    expect(await balanceOf(db, referrer.id)).toBe(balance);
    expect((await commissionsOf(referrer)).items[0].state).toBe('credited');
    expect(await commissionLedgerRows(referrer.id)).toHaveLength(1);
    expect(shareOf(credits)).toBeGreaterThan(0);
  });

  it('a chargeback before maturing takes the commission back; one after keeps it', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const early = await buyPack(await signUpReferredBy(referrer));
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.chargeback(early.orderId))).status).toBe(200);
    expect((await commissionRowsOfOrder(early.orderId))[0].state).toBe('clawed_back');

    const late = await buyPack(await signUpReferredBy(referrer));
    await matureDue(afterMaturing());
    expect((await admin.browser.post(BILLING_ADMIN_ENDPOINTS.chargeback(late.orderId))).status).toBe(200);
    expect((await commissionRowsOfOrder(late.orderId))[0].state).toBe('credited');
    expect((await commissionsOf(referrer)).totals).toEqual({ pending: 0, credited: shareOf(late.credits) });
  });
});

describe('the commissions list', () => {
  it('shows only the caller’s own commissions', async () => {
    const referrer = await signUp(testApp.baseUrl);
    const other = await signUp(testApp.baseUrl);
    await buyPack(await signUpReferredBy(referrer));
    await buyPack(await signUpReferredBy(other));

    const mine = await commissionsOf(referrer);
    const theirs = await commissionsOf(other);
    expect(mine.total).toBe(1);
    expect(theirs.total).toBe(1);
    expect(mine.items[0].id).not.toBe(theirs.items[0].id);
    expect(await commissionsOf(admin)).toMatchObject({ items: [], total: 0, totals: { pending: 0, credited: 0 } });
  });

  it('answers a visitor 401', async () => {
    const { status, body } = await new TestBrowser(testApp.baseUrl).get(ACCOUNT_ENDPOINTS.referralCommissions);
    expect(status).toBe(401);
    expect(body.errors[0].code).toBe(ErrorCode.Unauthenticated);
  });
});
