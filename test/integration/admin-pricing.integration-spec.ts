import type { Paged } from '../../shared/accounts/account.answers.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import {
  ADMIN_PRICING_ENDPOINTS,
  type AdminCreditPack,
  type AdminMembershipLevel,
  type AdminPricing,
  type CreditPackPayload,
  type MembershipLevelPayload,
} from '../../shared/admin/pricing.js';
import { BILLING_ENDPOINTS, type BillingCatalog, type Order } from '../../shared/billing/billing.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { checkout, purchaseRowsOf, rawGet, withQuery } from '../support/billing-fixtures.js';
import { eventually } from '../support/eventually.js';
import { expectLedgerBalanced } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const ADMIN_EMAIL = 'pricing-admin@example.test';
const testApp = useTestApp({ adminEmail: ADMIN_EMAIL }, { afterEach: ({ db }) => expectLedgerBalanced(db) });
const { db } = testApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: ADMIN_EMAIL });
  member = await signUp(testApp.baseUrl);
});

const NEW_PACK: CreditPackPayload = {
  name: 'Weekend',
  credits: 3000,
  amountMinor: 1200,
  currency: 'USD',
  active: true,
  position: 9,
};
const NEW_LEVEL: MembershipLevelPayload = {
  name: 'Bronze',
  creditsPerView: 1,
  surfTimerSeconds: 14,
  dailyCap: 700,
  activeCampaigns: 30,
  monthlyCredits: 200,
  periodDays: 30,
  amountMinor: 300,
  currency: 'EUR',
  active: true,
  position: 0,
};

async function pricing(): Promise<AdminPricing> {
  const { status, body } = await admin.browser.get<AdminPricing>(ADMIN_PRICING_ENDPOINTS.pricing);
  expect(status).toBe(200);
  return body.data!;
}

async function catalog(): Promise<BillingCatalog> {
  return (await member.browser.get<BillingCatalog>(BILLING_ENDPOINTS.catalog)).body.data!;
}

async function auditRows(action: string, targetId: number): Promise<AdminAuditEntry[]> {
  const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(
    `${ADMIN_AUDIT_ENDPOINTS.audit}?${new URLSearchParams({ action, targetId: String(targetId) })}`,
  );
  return body.data!.items;
}

async function addPack(pack: CreditPackPayload = NEW_PACK): Promise<AdminCreditPack> {
  const { status, body } = await admin.browser.post<AdminCreditPack>(ADMIN_PRICING_ENDPOINTS.packs, pack);
  expect(status).toBe(200);
  return body.data!;
}

const payloadOf = ({ id: _id, ...fields }: AdminCreditPack) => fields;
const levelPayloadOf = ({ id: _id, ...fields }: AdminMembershipLevel) => fields;

describe('admin pricing', () => {
  it('is for admins only: 401 for a visitor and 403 for a member on every call, and their attempts change nothing', async () => {
    const before = await pricing();
    const pack = before.packs[0];
    const level = before.levels[0];
    const visitor = new TestBrowser(testApp.baseUrl);
    const calls = (browser: TestBrowser) => [
      browser.get(ADMIN_PRICING_ENDPOINTS.pricing),
      browser.post(ADMIN_PRICING_ENDPOINTS.packs, NEW_PACK),
      browser.put(ADMIN_PRICING_ENDPOINTS.pack(pack.id), { ...payloadOf(pack), amountMinor: 1 }),
      browser.post(ADMIN_PRICING_ENDPOINTS.levels, NEW_LEVEL),
      browser.put(ADMIN_PRICING_ENDPOINTS.level(level.id), { ...levelPayloadOf(level), active: false }),
    ];
    for (const answer of await Promise.all(calls(visitor))) {
      expect({ status: answer.status, code: answer.body.errors[0]?.code }).toEqual({
        status: 401,
        code: ErrorCode.Unauthenticated,
      });
    }
    for (const answer of await Promise.all(calls(member.browser))) {
      expect({ status: answer.status, code: answer.body.errors[0]?.code }).toEqual({ status: 403, code: ErrorCode.Forbidden });
    }
    expect(await pricing()).toEqual(before);
  });

  it('lists every pack and level, inactive ones too, in the billing page’s order', async () => {
    const { packs, levels } = await pricing();
    expect(packs.map((pack) => pack.name)).toEqual(['Starter', 'Plus', 'Pro', 'Mega']);
    expect(packs[0]).toEqual({
      id: expect.any(Number),
      name: 'Starter',
      credits: 1000,
      amountMinor: 500,
      currency: 'USD',
      active: true,
      position: 1,
    });
    expect(levels.map((level) => level.name)).toEqual(['Silver', 'Gold', 'Platinum']);
    expect(levels[0]).toMatchObject({ name: 'Silver', creditsPerView: 2, periodDays: 30, active: true, position: 1 });

    await db.query(`UPDATE credit_packs SET active = false WHERE name = 'Mega'`);
    try {
      expect((await pricing()).packs.find((pack) => pack.name === 'Mega')).toMatchObject({ active: false });
      expect((await catalog()).packs.map((pack) => pack.name)).not.toContain('Mega');
    } finally {
      await db.query(`UPDATE credit_packs SET active = true WHERE name = 'Mega'`);
    }
  });

  it('adds a pack: members can buy it at once, and the audit log has it with its fields', async () => {
    const added = await addPack({ ...NEW_PACK, currency: ' usd ' });
    expect(added).toEqual({ id: expect.any(Number), ...NEW_PACK });

    expect((await catalog()).packs).toContainEqual({
      id: added.id,
      name: 'Weekend',
      credits: 3000,
      amountMinor: 1200,
      currency: 'USD',
    });
    const { order } = await checkout(member, 'pack', added.id);
    expect(order).toMatchObject({ itemName: 'Weekend', credits: 3000, amountMinor: 1200, currency: 'USD' });

    const [row] = await auditRows('credit_pack_created', added.id);
    expect(row).toMatchObject({
      admin: { id: admin.id, username: admin.username },
      targetType: 'credit_pack',
      targetId: String(added.id),
      before: null,
      after: NEW_PACK,
    });
  });

  it('changes a pack’s price: the billing page shows the new price and the audit row has the price before and after', async () => {
    const pack = await addPack({ ...NEW_PACK, name: 'Repriced' });
    const { status, body } = await admin.browser.put<AdminCreditPack>(ADMIN_PRICING_ENDPOINTS.pack(pack.id), {
      ...payloadOf(pack),
      amountMinor: 1500,
      credits: 3500,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ ...pack, amountMinor: 1500, credits: 3500 });
    expect((await catalog()).packs.find((item) => item.id === pack.id)).toMatchObject({ amountMinor: 1500, credits: 3500 });

    const [row] = await auditRows('credit_pack_updated', pack.id);
    expect(row).toMatchObject({
      admin: { id: admin.id },
      targetType: 'credit_pack',
      before: payloadOf(pack),
      after: { ...payloadOf(pack), amountMinor: 1500, credits: 3500 },
    });
  });

  it('deactivates a pack instead of deleting it: it leaves the billing page and checkout, and stays in the admin list', async () => {
    const pack = await addPack({ ...NEW_PACK, name: 'Retired' });
    const { status } = await admin.browser.put(ADMIN_PRICING_ENDPOINTS.pack(pack.id), { ...payloadOf(pack), active: false });
    expect(status).toBe(200);

    expect((await catalog()).packs.map((item) => item.id)).not.toContain(pack.id);
    const refused = await member.browser.post(BILLING_ENDPOINTS.checkout, { kind: 'pack', id: pack.id });
    expect({ status: refused.status, code: refused.body.errors[0]?.code }).toEqual({ status: 404, code: ErrorCode.NotFound });
    expect((await pricing()).packs.find((item) => item.id === pack.id)).toMatchObject({ name: 'Retired', active: false });
    // No call deletes one.
    expect((await admin.browser.delete(ADMIN_PRICING_ENDPOINTS.pack(pack.id))).status).toBe(404);
  });

  it('never changes an order already made: it keeps its name, credits and price, and is paid what it said', async () => {
    const pack = await addPack({ ...NEW_PACK, name: 'Before' });
    const buyer = await signUp(testApp.baseUrl);
    const { order, checkout: form } = await checkout(buyer, 'pack', pack.id);

    const changed = { ...payloadOf(pack), name: 'After', credits: 9000, amountMinor: 9900, currency: 'EUR' };
    expect((await admin.browser.put(ADMIN_PRICING_ENDPOINTS.pack(pack.id), changed)).status).toBe(200);
    const unchanged = { itemName: 'Before', credits: 3000, amountMinor: 1200, currency: 'USD' };
    expect((await buyer.browser.get<Order>(BILLING_ENDPOINTS.order(order.id))).body.data).toMatchObject(unchanged);

    // The member approves on the test payment page after the change: the order's own figures are paid and credited.
    const decided = await rawGet(
      testApp.baseUrl,
      withQuery(BILLING_ENDPOINTS.localDecision, { ...form.fields, decision: 'approve' }),
      buyer.browser,
    );
    expect(decided.status).toBe(303);
    expect((await rawGet(testApp.baseUrl, decided.headers.get('location')!)).status).toBe(303);
    await eventually(async () =>
      expect((await purchaseRowsOf(db, buyer.id)).map((row) => row.amount)).toEqual([unchanged.credits]),
    );
    expect((await buyer.browser.get<Order>(BILLING_ENDPOINTS.order(order.id))).body.data).toMatchObject({
      ...unchanged,
      state: 'paid',
    });
  });

  it('adds and changes a membership level: the billing page lists its benefits, and both changes are audited', async () => {
    const created = await admin.browser.post<AdminMembershipLevel>(ADMIN_PRICING_ENDPOINTS.levels, NEW_LEVEL);
    expect(created.status).toBe(200);
    const level = created.body.data!;
    expect(level).toEqual({ id: expect.any(Number), ...NEW_LEVEL });
    const { active: _active, position: _position, ...forSale } = level;
    expect((await catalog()).levels).toContainEqual(forSale);

    const changed = { ...NEW_LEVEL, surfTimerSeconds: 0, dailyCap: 0, creditsPerView: 5, amountMinor: 450 };
    const updated = await admin.browser.put<AdminMembershipLevel>(ADMIN_PRICING_ENDPOINTS.level(level.id), changed);
    expect(updated.status).toBe(200);
    expect((await catalog()).levels.find((item) => item.id === level.id)).toMatchObject({
      surfTimerSeconds: 0,
      dailyCap: 0,
      creditsPerView: 5,
      amountMinor: 450,
    });

    expect(await auditRows('membership_level_created', level.id)).toEqual([
      expect.objectContaining({ targetType: 'membership_level', before: null, after: NEW_LEVEL }),
    ]);
    expect(await auditRows('membership_level_updated', level.id)).toEqual([
      expect.objectContaining({ admin: expect.objectContaining({ id: admin.id }), before: NEW_LEVEL, after: changed }),
    ]);

    await admin.browser.put(ADMIN_PRICING_ENDPOINTS.level(level.id), { ...changed, active: false });
    expect((await catalog()).levels.map((item) => item.id)).not.toContain(level.id);
  });

  it('refuses bad packs and levels with 400 naming the field, writing nothing and auditing nothing', async () => {
    const before = await pricing();
    const auditBefore = (await db.query(`SELECT count(*)::int AS n FROM admin_audit`)).rows[0].n;
    const pack = before.packs[0];
    const level = before.levels[0];
    const badPacks: [Record<string, unknown>, string][] = [
      [{ ...NEW_PACK, amountMinor: 0 }, 'amountMinor'],
      [{ ...NEW_PACK, amountMinor: 4.5 }, 'amountMinor'],
      [{ ...NEW_PACK, amountMinor: '500' }, 'amountMinor'],
      [{ ...NEW_PACK, amountMinor: 3_000_000_000 }, 'amountMinor'],
      [{ ...NEW_PACK, credits: 0 }, 'credits'],
      [{ ...NEW_PACK, credits: -10 }, 'credits'],
      [{ ...NEW_PACK, currency: 'US' }, 'currency'],
      [{ ...NEW_PACK, currency: 'DOLLARS' }, 'currency'],
      [{ ...NEW_PACK, currency: 'QQQ' }, 'currency'],
      // One yen is the smallest unit: a price in cents would be misread.
      [{ ...NEW_PACK, currency: 'JPY' }, 'currency'],
      [{ ...NEW_PACK, name: '   ' }, 'name'],
      [{ ...NEW_PACK, name: 'x'.repeat(101) }, 'name'],
      [{ ...NEW_PACK, active: 'yes' }, 'active'],
      [{ ...NEW_PACK, position: -1 }, 'position'],
      [{ ...NEW_PACK, credits: undefined }, 'credits'],
    ];
    for (const [bad, field] of badPacks) {
      for (const answer of [
        await admin.browser.post(ADMIN_PRICING_ENDPOINTS.packs, bad),
        await admin.browser.put(ADMIN_PRICING_ENDPOINTS.pack(pack.id), bad),
      ]) {
        expect({ status: answer.status, errors: answer.body.errors }).toEqual({
          status: 400,
          errors: [expect.objectContaining({ code: ErrorCode.Validation, field })],
        });
      }
    }
    const badLevels: [Record<string, unknown>, string][] = [
      [{ ...NEW_LEVEL, surfTimerSeconds: 601 }, 'surfTimerSeconds'],
      [{ ...NEW_LEVEL, surfTimerSeconds: -1 }, 'surfTimerSeconds'],
      [{ ...NEW_LEVEL, dailyCap: -1 }, 'dailyCap'],
      [{ ...NEW_LEVEL, creditsPerView: 0 }, 'creditsPerView'],
      [{ ...NEW_LEVEL, periodDays: 0 }, 'periodDays'],
      [{ ...NEW_LEVEL, activeCampaigns: 0 }, 'activeCampaigns'],
      [{ ...NEW_LEVEL, monthlyCredits: -5 }, 'monthlyCredits'],
      [{ ...NEW_LEVEL, amountMinor: 0 }, 'amountMinor'],
      [{ ...NEW_LEVEL, currency: 'eu' }, 'currency'],
    ];
    for (const [bad, field] of badLevels) {
      for (const answer of [
        await admin.browser.post(ADMIN_PRICING_ENDPOINTS.levels, bad),
        await admin.browser.put(ADMIN_PRICING_ENDPOINTS.level(level.id), bad),
      ]) {
        expect({ status: answer.status, errors: answer.body.errors }).toEqual({
          status: 400,
          errors: [expect.objectContaining({ code: ErrorCode.Validation, field })],
        });
      }
    }
    expect(await pricing()).toEqual(before);
    expect((await db.query(`SELECT count(*)::int AS n FROM admin_audit`)).rows[0].n).toBe(auditBefore);
  });

  it('answers 404 for a pack or level that does not exist, auditing nothing', async () => {
    for (const answer of [
      await admin.browser.put(ADMIN_PRICING_ENDPOINTS.pack(999_999), NEW_PACK),
      await admin.browser.put(ADMIN_PRICING_ENDPOINTS.level(999_999), NEW_LEVEL),
      await admin.browser.put(`${ADMIN_PRICING_ENDPOINTS.packs}/abc`, NEW_PACK),
    ]) {
      expect({ status: answer.status, code: answer.body.errors[0]?.code }).toEqual({ status: 404, code: ErrorCode.NotFound });
    }
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM admin_audit WHERE target_id = '999999'`);
    expect(rows[0].n).toBe(0);
  });
});
