import type { Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp({ adminEmail: 'auditor@example.test' });
const { db } = testApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'auditor@example.test' });
  member = await signUp(testApp.baseUrl);
});

async function auditRows(): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM admin_audit`)).rows[0].n;
}

describe('the admin audit log', () => {
  it('is for admins only: 401 for a visitor, 403 for a member', async () => {
    expect((await new TestBrowser(testApp.baseUrl).get(ADMIN_AUDIT_ENDPOINTS.audit)).status).toBe(401);
    const refused = await member.browser.get(ADMIN_AUDIT_ENDPOINTS.audit);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
  });

  it('records who restored a member’s earning, when, and the member before and after', async () => {
    await db.query(`UPDATE users SET risk_score = 400, earning_blocked = true WHERE id = $1`, [member.id]);
    const restored = await admin.browser.post(`/data/admin/users/${member.id}/earning`, { earning: true });
    expect(restored.status).toBe(200);

    const { status, body } = await admin.browser.get<Paged<AdminAuditEntry>>(
      `${ADMIN_AUDIT_ENDPOINTS.audit}?action=earning_restored&targetType=user&targetId=${member.id}`,
    );
    expect(status).toBe(200);
    expect(body.data!.items).toEqual([
      {
        id: expect.any(Number),
        action: 'earning_restored',
        admin: { id: admin.id, username: admin.username },
        targetType: 'user',
        targetId: String(member.id),
        targetName: member.username,
        before: { earning: false, riskScore: 400 },
        after: { earning: true, riskScore: 0 },
        createdAt: expect.any(String),
      },
    ]);
    expect(Date.now() - Date.parse(body.data!.items[0].createdAt)).toBeLessThan(60_000);
  });

  it('writes nothing when the action is refused', async () => {
    const before = await auditRows();
    expect((await admin.browser.post(`/data/admin/users/999999/earning`, { earning: true })).status).toBe(404);
    expect((await member.browser.post(`/data/admin/users/${member.id}/earning`, { earning: true })).status).toBe(403);
    expect(await auditRows()).toBe(before);
  });

  it('names each target by what it is now, and nothing for a target that is gone or has no name', async () => {
    const pack = (
      await db.query(
        `INSERT INTO credit_packs (name, credits, price_minor, currency) VALUES ('Big pack', 500, 900, 'EUR') RETURNING id`,
      )
    ).rows[0].id;
    const order = (
      await db.query(
        `INSERT INTO orders (user_id, kind, pack_id, item_name, credits, amount_minor, currency, provider, expires_at)
         VALUES ($1, 'pack', $2, 'Big pack', 500, 900, 'EUR', 'local', now()) RETURNING id`,
        [member.id, pack],
      )
    ).rows[0].id;
    const targets: [string, string][] = [
      ['credit_pack', String(pack)],
      ['order', order],
      ['order', 'not-a-uuid'],
      ['user', '999999'],
      ['site_settings', '1'],
    ];
    for (const [type, id] of targets)
      await db.query(
        `INSERT INTO admin_audit (admin_id, action, target_type, target_id, before, after) VALUES ($1, 'credit_pack_updated', $2, $3, NULL, NULL)`,
        [admin.id, type, id],
      );
    const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(`${ADMIN_AUDIT_ENDPOINTS.audit}?action=credit_pack_updated`);
    expect(body.data!.items.map((entry) => [entry.targetType, entry.targetName])).toEqual([
      ['site_settings', null],
      ['user', null],
      ['order', null],
      ['order', 'Big pack'],
      ['credit_pack', 'Big pack'],
    ]);
  });

  it('refuses an unknown filter with a clear 400', async () => {
    const { status, body } = await admin.browser.get(`${ADMIN_AUDIT_ENDPOINTS.audit}?action=drop_tables`);
    expect(status).toBe(400);
    expect(body.errors[0].code).toBeDefined();
  });
});
