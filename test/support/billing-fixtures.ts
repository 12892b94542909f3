import type pg from 'pg';
import { BILLING_ENDPOINTS, type CheckoutAnswer, type Order } from '../../shared/billing/billing.js';
import type { TestMember } from './accounts.js';
import { fetchRaw } from './test-app.js';
import type { TestBrowser } from './test-browser.js';

/** The seeded pack the tests buy: its id, credits and price. */
export async function seededPack(db: pg.Client): Promise<{ id: number; credits: number; priceMinor: number; currency: string }> {
  const { rows } = await db.query(
    `SELECT id, credits, price_minor AS "priceMinor", currency FROM credit_packs WHERE active ORDER BY position LIMIT 1`,
  );
  return rows[0];
}

export async function seededLevel(db: pg.Client): Promise<{ id: number; periodDays: number }> {
  const { rows } = await db.query(
    `SELECT id, period_days AS "periodDays" FROM membership_levels WHERE active ORDER BY position LIMIT 1`,
  );
  return rows[0];
}

export async function checkout(member: TestMember, kind: 'pack' | 'level', id: number): Promise<CheckoutAnswer> {
  const { status, body } = await member.browser.post<CheckoutAnswer>(BILLING_ENDPOINTS.checkout, { kind, id });
  if (status !== 200) throw new Error(`checkout failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** A GET as the browser makes it, not following redirects (the receipt page answers one). */
export function rawGet(baseUrl: string, path: string, browser?: TestBrowser): Promise<Response> {
  const cookie = browser ? [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  return fetchRaw(baseUrl, path, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

export function withQuery(path: string, fields: Record<string, string>): string {
  return `${path}?${new URLSearchParams(fields)}`;
}

export async function storedOrder(db: pg.Client, id: string): Promise<{ state: string; provider_ref: string | null }> {
  const { rows } = await db.query(`SELECT state, provider_ref FROM orders WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * Pays an order on the local test page as the browser does; the receipt page settles it at once.
 * Answers the receipt address (to replay it).
 */
export async function payOnLocalPage(
  baseUrl: string,
  db: pg.Client,
  member: TestMember,
  answer: CheckoutAnswer,
): Promise<string> {
  const decided = await rawGet(
    baseUrl,
    withQuery(BILLING_ENDPOINTS.localDecision, { ...answer.checkout.fields, decision: 'approve' }),
    member.browser,
  );
  if (decided.status !== 303) throw new Error(`the local page answered ${decided.status}`);
  const receipt = decided.headers.get('location')!;
  const settled = await rawGet(baseUrl, receipt);
  if (settled.status !== 303) throw new Error(`the receipt page answered ${settled.status}`);
  const { state } = await storedOrder(db, answer.order.id);
  if (state !== 'paid') throw new Error(`the order is ${state}, not paid`);
  return receipt;
}

export async function purchaseRowsOf(db: pg.Client, userId: number): Promise<{ amount: number; idempotency_key: string }[]> {
  const { rows } = await db.query(
    `SELECT amount::int AS amount, idempotency_key FROM credit_ledger WHERE account = 'user' AND user_id = $1 AND kind = 'purchase'`,
    [userId],
  );
  return rows;
}

export type { Order };
