import { ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { IDEMPOTENT } from '../../server/src/idempotency/idempotent.decorator.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { IDEMPOTENCY_HEADER } from '../../shared/api/headers.js';
import { ADMIN_FRAUD_ENDPOINTS } from '../../shared/admin/fraud.js';
import { ADMIN_USER_ENDPOINTS } from '../../shared/admin/users.js';
import { BILLING_ADMIN_ENDPOINTS, BILLING_ENDPOINTS } from '../../shared/billing/billing.js';
import { CAMPAIGN_ENDPOINTS } from '../../shared/campaigns/campaigns.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { checkout, payOnLocalPage, seededLevel, seededPack } from '../support/billing-fixtures.js';
import { createPost, creditedClaim, grantCredits, nextTicket, promotedPost, surfer } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { addTeamMember, auditActions, createTeam } from '../support/team-fixtures.js';

const ADMIN_EMAIL = 'keys-admin@example.test';
// The ledger is checked balanced after every test (useSurfTestApp's afterEach).
const testApp = useSurfTestApp({ adminEmail: ADMIN_EMAIL });
const { db } = testApp;
let admin: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: ADMIN_EMAIL });
});

let keyCounter = 0;
const newKey = () => `test-key-${process.pid}-${++keyCounter}`;

/** One call that moves credits or money, ready to send: who sends it, and a second request that differs from it. */
interface MoneyCall {
  who: TestMember;
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Another request (another body, or the same call on another target) to send with the same key. */
  other: { path: string; body?: unknown };
}

/**
 * Every route marked `@Idempotent()`, with how to arrange one call of it. The first test holds this
 * table to the routes the app has marked, so a new money-moving route cannot go unwalked.
 */
const CASES: Record<string, () => Promise<MoneyCall>> = {
  'POST /data/campaigns/:pid/assign': async () => {
    const who = await signUp(testApp.baseUrl);
    const { post } = await createPost(who.browser);
    const path = `${CAMPAIGN_ENDPOINTS.campaign}/${post.pid}/assign`;
    return { who, method: 'POST', path, body: { amount: 3 }, other: { path, body: { amount: 4 } } };
  },
  'POST /data/campaigns/:pid/withdraw': async () => {
    const who = await signUp(testApp.baseUrl);
    const pid = await promotedPost(who, 5);
    const path = `${CAMPAIGN_ENDPOINTS.campaign}/${pid}/withdraw`;
    return { who, method: 'POST', path, body: { amount: 2 }, other: { path, body: { amount: 1 } } };
  },
  'DELETE /data/posts/:pid': async () => {
    const who = await signUp(testApp.baseUrl);
    const [first, second] = [await promotedPost(who, 4), await promotedPost(who, 2)];
    return {
      who,
      method: 'DELETE',
      path: `${CAMPAIGN_ENDPOINTS.post}/${first}`,
      other: { path: `${CAMPAIGN_ENDPOINTS.post}/${second}` },
    };
  },
  'POST /data/teams/:id/credits/deposit': async () => {
    const who = await signUp(testApp.baseUrl);
    const team = await createTeam(who);
    const path = teamApiPath(team.id, '/credits/deposit');
    return { who, method: 'POST', path, body: { amount: 4 }, other: { path, body: { amount: 3 } } };
  },
  'POST /data/teams/:id/credits/withdraw': async () => {
    const owner = await signUp(testApp.baseUrl);
    const who = await signUp(testApp.baseUrl);
    const team = await createTeam(owner, 'Withdrawers', { allowWithdraw: true });
    await addTeamMember(db, owner, team.id, who, 'manager');
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 8 });
    const path = teamApiPath(team.id, '/credits/withdraw');
    return { who, method: 'POST', path, body: { amount: 3 }, other: { path, body: { amount: 2 } } };
  },
  'POST /data/billing/checkout': async () => {
    const who = await signUp(testApp.baseUrl);
    const [pack, level] = [await seededPack(db), await seededLevel(db)];
    const path = BILLING_ENDPOINTS.checkout;
    return {
      who,
      method: 'POST',
      path,
      body: { kind: 'pack', id: pack.id },
      other: { path, body: { kind: 'level', id: level.id } },
    };
  },
  'POST /data/admin/billing/orders/:id/refund': async () => {
    const [first, second] = await paidOrders(2);
    return {
      who: admin,
      method: 'POST',
      path: BILLING_ADMIN_ENDPOINTS.refund(first),
      other: { path: BILLING_ADMIN_ENDPOINTS.refund(second) },
    };
  },
  'POST /data/admin/billing/orders/:id/chargeback': async () => {
    const [first, second] = await paidOrders(2);
    return {
      who: admin,
      method: 'POST',
      path: BILLING_ADMIN_ENDPOINTS.chargeback(first),
      other: { path: BILLING_ADMIN_ENDPOINTS.chargeback(second) },
    };
  },
  'POST /data/admin/users/:id/credits': async () => {
    const member = await signUp(testApp.baseUrl);
    const path = ADMIN_USER_ENDPOINTS.credits(member.id);
    return {
      who: admin,
      method: 'POST',
      path,
      body: { amount: 25, reason: 'goodwill' },
      other: { path, body: { amount: 26, reason: 'goodwill' } },
    };
  },
  'POST /data/admin/fraud/:userId/refund': async () => {
    const owner = await signUp(testApp.baseUrl);
    await promotedPost(owner, 3);
    const viewer = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
    await creditedClaim(viewer.tab, ticketId);
    const other = await signUp(testApp.baseUrl);
    return {
      who: admin,
      method: 'POST',
      path: ADMIN_FRAUD_ENDPOINTS.refund(viewer.id),
      body: {},
      other: { path: ADMIN_FRAUD_ENDPOINTS.refund(other.id), body: {} },
    };
  },
};

/** Members' paid orders of a pack, each bought by a member of its own. */
async function paidOrders(count: number): Promise<string[]> {
  const pack = await seededPack(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const buyer = await signUp(testApp.baseUrl);
    const answer = await checkout(buyer, 'pack', pack.id);
    await payOnLocalPage(testApp.baseUrl, db, buyer, answer);
    ids.push(answer.order.id);
  }
  return ids;
}

const send = (who: TestMember, method: string, path: string, body: unknown, key?: string) =>
  who.browser.call(path, { method, json: body, headers: key ? { [IDEMPOTENCY_HEADER]: key } : {} });

/** What a call that moves credits or money can change: every balance, the ledger, orders, audits. */
async function moneyState() {
  const { rows } = await db.query(`
    SELECT (SELECT coalesce(sum(credits), 0)::text || '/' || string_agg(id || ':' || credits, ',' ORDER BY id) FROM users) AS users,
           (SELECT string_agg(id || ':' || credits, ',' ORDER BY id) FROM teams) AS teams,
           (SELECT string_agg(post_id || ':' || credits, ',' ORDER BY post_id) FROM campaigns) AS campaigns,
           (SELECT count(*) FROM credit_ledger) AS ledger_rows,
           (SELECT string_agg(id || ':' || state, ',' ORDER BY id) FROM orders) AS orders,
           (SELECT count(*) FROM admin_audit) AS admin_audits,
           (SELECT count(*) FROM team_audit) AS team_audits,
           (SELECT count(*) FROM posts WHERE deleted_at IS NULL) AS live_posts`);
  return rows[0];
}

/** "METHOD /data/path" of every handler marked @Idempotent(), read from the running app's controllers. */
function markedRoutes(): string[] {
  const routes: string[] = [];
  for (const module of testApp.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new () => object) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || !Reflect.getMetadata(IDEMPOTENT, handler)) continue;
        const path = `${base}/${String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')}`.split('/').filter(Boolean).join('/');
        routes.push(`${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]} /data/${path}`);
      }
    }
  }
  return routes.sort();
}

describe('calls that move credits or money, with an Idempotency-Key', () => {
  it('are every route marked @Idempotent(), each walked below', () => {
    expect(markedRoutes()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))(
    '%s: a retry gets the first answer again and changes nothing; the same key with another request is refused',
    async (route) => {
      const call = await CASES[route]();
      await grantCredits(db, call.who.id, 50);
      const key = newKey();
      const first = await send(call.who, call.method, call.path, call.body, key);
      expect({ route, status: first.status, errors: first.body.errors }).toEqual({ route, status: 200, errors: [] });
      const afterFirst = await moneyState();

      const retry = await send(call.who, call.method, call.path, call.body, key);
      expect({ status: retry.status, data: retry.body.data }).toEqual({ status: 200, data: first.body.data });

      const reused = await send(call.who, call.method, call.other.path, call.other.body, key);
      expect(reused.status).toBe(422);
      expect(reused.body.errors.map((error) => error.code)).toEqual([ErrorCode.IdempotencyKeyReused]);
      expect(await moneyState()).toEqual(afterFirst);
    },
  );
});

describe('retries the member makes', () => {
  it("the Credits tab's second press after a lost answer moves a member's credits into the team once", async () => {
    const member = await signUp(testApp.baseUrl);
    const team = await createTeam(member);
    await grantCredits(db, member.id, 1);
    const key = newKey();
    const path = teamApiPath(team.id, '/credits/deposit');
    const presses = [await send(member, 'POST', path, { amount: 4 }, key), await send(member, 'POST', path, { amount: 4 }, key)];
    expect(presses.map((press) => press.body.data)).toEqual([
      { teamCredits: 4, memberCredits: 7 },
      { teamCredits: 4, memberCredits: 7 },
    ]);
    expect(await auditActions(db, team.id)).toEqual(['team_created', 'credits_deposited']);
  });

  it('ten copies sent at once all get the one answer, and the credits move once', async () => {
    const member = await signUp(testApp.baseUrl);
    const { post } = await createPost(member.browser);
    const key = newKey();
    const path = `${CAMPAIGN_ENDPOINTS.campaign}/${post.pid}/assign`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(member, 'POST', path, { amount: 2 }, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) expect(answer.body.data).toEqual(answers[0].body.data);
    const { rows } = await db.query(`SELECT credits::int AS credits FROM campaigns WHERE post_id = $1`, [post.pid]);
    expect(rows[0].credits).toBe(2);
  });

  it('a refusal is given again to its retry, even once the refused move would go through', async () => {
    const member = await signUp(testApp.baseUrl);
    const { post } = await createPost(member.browser);
    const key = newKey();
    const path = `${CAMPAIGN_ENDPOINTS.campaign}/${post.pid}/assign`;
    const refused = await send(member, 'POST', path, { amount: 5_000 }, key);
    expect(refused.status).toBe(409);
    await grantCredits(db, member.id, 5_000);
    const again = await send(member, 'POST', path, { amount: 5_000 }, key);
    expect({ status: again.status, errors: again.body.errors }).toEqual({ status: 409, errors: refused.body.errors });
    const { rows } = await db.query(`SELECT credits::int AS credits FROM campaigns WHERE post_id = $1`, [post.pid]);
    expect(rows[0].credits).toBe(0);
  });

  it('a request whose process died after moving the credits but before answering is handled again without moving them twice', async () => {
    const member = await signUp(testApp.baseUrl);
    const team = await createTeam(member);
    const key = newKey();
    const path = teamApiPath(team.id, '/credits/deposit');
    await send(member, 'POST', path, { amount: 3 }, key);
    // As a kill -9 between the commit and the stored answer leaves it: started, never answered.
    await db.query(
      `UPDATE idempotent_requests SET status = 'started', answer = NULL, claimed_at = now() - interval '10 minutes'
        WHERE user_id = $1 AND key = $2`,
      [member.id, key],
    );
    const retry = await send(member, 'POST', path, { amount: 3 }, key);
    expect({ status: retry.status, data: retry.body.data }).toEqual({
      status: 200,
      data: { teamCredits: 3, memberCredits: SIGNUP_BONUS_CREDITS - 3 },
    });
    expect(await auditActions(db, team.id)).toEqual(['team_created', 'credits_deposited']);
  });

  it('a malformed key is refused before anything moves', async () => {
    const member = await signUp(testApp.baseUrl);
    const post = await promotedPost(member, 2);
    const answer = await send(member, 'POST', `${CAMPAIGN_ENDPOINTS.campaign}/${post}/withdraw`, { amount: 1 }, 'short');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ code: ErrorCode.Validation, field: IDEMPOTENCY_HEADER });
    const { rows } = await db.query(`SELECT credits::int AS credits FROM campaigns WHERE post_id = $1`, [post]);
    expect(rows[0].credits).toBe(2);
  });

  it("one member's key is not another's: the same key from two members moves both", async () => {
    const [alice, bob] = [await signUp(testApp.baseUrl), await signUp(testApp.baseUrl)];
    const key = newKey();
    for (const who of [alice, bob]) {
      const team = await createTeam(who);
      const answer = await send(who, 'POST', teamApiPath(team.id, '/credits/deposit'), { amount: 1 }, key);
      expect(answer.body.data).toMatchObject({ teamCredits: 1 });
    }
  });
});
