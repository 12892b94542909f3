import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ErrorCode } from '../../shared/api/error-codes.js';
import type { Socket } from 'socket.io-client';
import { SOCKET_ID_HEADER } from '../../shared/api/headers.js';
import { CAMPAIGN_ENDPOINTS, type CampaignItem, type PostPayload } from '../../shared/campaigns/campaigns.js';
import type { Ack, SocketRefusal } from '../../shared/realtime/events.js';
import type { SurfClaimRefusalCode } from '../../shared/surf/surf-outcomes.js';
import { SURF_ENDPOINTS, type ClickTelemetry, type SurfClaimAnswer, type SurfNextAnswer } from '../../shared/surf/surf.js';
import { findLedgerMismatches } from '../../server/src/credits/credits.repository.js';
import { signUp, type TestMember } from './accounts.js';
import { connectSocket, EVENT_TIMEOUT_MS, type TestSocket } from './socket-client.js';
import type { TestBrowser } from './test-browser.js';

/**
 * Helpers of the campaign and surf tests: posts and campaigns through the real API,
 * the surf bar's next() and claim, click telemetry, and the ledger check every test ends with.
 */

/**
 * The integration project's `testTimeout` in jest.config.js is not applied (Jest reads it from
 * the global config, not a project's), so tests get Jest's 5 s default; these files, which wait
 * for countdowns and run child processes, set their own through the file's `import.meta.jest`.
 */
export function setTestTimeout(meta: ImportMeta, ms = 30_000): void {
  (meta as unknown as { jest: { setTimeout(timeout: number): void } }).jest.setTimeout(ms);
}

// ---------------------------------------------------------------------------------------------
// The ledger check

/** Balances that differ from their ledger sums and reused idempotency keys, as `npm run ledger:verify` finds them. */
export function ledgerMismatches(db: pg.Client) {
  return findLedgerMismatches(async (sql) => (await db.query(sql)).rows);
}

/** Every member's, campaign's and team's balance equals the sum of its ledger rows; no idempotency key was used twice. */
export async function expectLedgerBalanced(db: pg.Client): Promise<void> {
  const { users, campaigns, teams, duplicateKeys } = await ledgerMismatches(db);
  expect({ users, campaigns, teams, duplicateKeys }).toEqual({ users: [], campaigns: [], teams: [], duplicateKeys: 0 });
}

/**
 * Socket acknowledgements that say the server failed ("Something went wrong"), the socket
 * counterpart of `serverErrors`: a test file asserts this stays empty.
 */
export const surfServerErrors: string[] = [];

/**
 * Pauses every campaign (no ledger change), so the next test's viewers are offered only the
 * posts that test creates.
 */
export async function pauseEveryCampaign(db: pg.Client): Promise<void> {
  await db.query(`UPDATE campaigns SET paused = true WHERE NOT paused`);
}

/**
 * Gives the member `credits` as an admin adjustment, written through ledger_append with the
 * balance moved in the same statement (one transaction), so the ledger stays balanced.
 */
export async function grantCredits(db: pg.Client, userId: number, credits: number): Promise<void> {
  const rows = [{ account: 'user', user_id: userId, campaign_id: null, kind: 'admin_adjustment', amount: credits }];
  await db.query(
    `WITH granted AS (SELECT ledger_append($1, $2::jsonb) AS applied)
     UPDATE users SET credits = credits + $3 WHERE id = $4 AND (SELECT applied FROM granted)`,
    [`test:grant:${randomUUID()}`, JSON.stringify(rows), credits, userId],
  );
}

// ---------------------------------------------------------------------------------------------
// Reading state straight from the tables

export async function balanceOf(db: pg.Client, userId: number): Promise<number> {
  return Number((await db.query(`SELECT credits FROM users WHERE id = $1`, [userId])).rows[0].credits);
}

export interface StoredCampaign {
  credits: number;
  paused: boolean;
  viewsTotal: number;
  viewsToday: number;
}

export async function storedCampaign(db: pg.Client, pid: number): Promise<StoredCampaign> {
  const { rows } = await db.query(`SELECT credits, paused, views_total, views_today FROM campaigns WHERE post_id = $1`, [pid]);
  const row = rows[0];
  return { credits: Number(row.credits), paused: row.paused, viewsTotal: Number(row.views_total), viewsToday: row.views_today };
}

/** The ledger rows about one campaign, oldest first, as [account, kind, amount, userId]. */
export async function ledgerRowsOfCampaign(db: pg.Client, pid: number): Promise<[string, string, number, number | null][]> {
  const { rows } = await db.query(`SELECT account, kind, amount, user_id FROM credit_ledger WHERE campaign_id = $1 ORDER BY id`, [
    pid,
  ]);
  return rows.map((row) => [row.account, row.kind, Number(row.amount), row.user_id]);
}

export async function riskOf(db: pg.Client, userId: number): Promise<{ score: number; blocked: boolean }> {
  const { rows } = await db.query(`SELECT risk_score, earning_blocked FROM users WHERE id = $1`, [userId]);
  return { score: rows[0].risk_score, blocked: rows[0].earning_blocked };
}

/** The code a challenged ticket asks for (null when it carries no challenge): it reaches the member only as a picture. */
export async function challengeCodeOf(db: pg.Client, ticketId: string): Promise<string | null> {
  return (await db.query(`SELECT challenge_code FROM view_tickets WHERE id = $1`, [ticketId])).rows[0].challenge_code;
}

export async function ticketStatus(db: pg.Client, ticketId: string): Promise<string> {
  return (await db.query(`SELECT status FROM view_tickets WHERE id = $1`, [ticketId])).rows[0].status;
}

// ---------------------------------------------------------------------------------------------
// Posts and campaigns through the API

let posts = 0;

export function postPayload(overrides: Partial<PostPayload> = {}): PostPayload {
  posts++;
  return { text: `Post number ${posts}: read me!`, language: 'en', tags: ['test'], ...overrides };
}

export async function createPost(browser: TestBrowser, overrides: Partial<PostPayload> = {}): Promise<CampaignItem> {
  const { status, body } = await browser.post<CampaignItem>(CAMPAIGN_ENDPOINTS.posts, postPayload(overrides));
  if (status !== 200) throw new Error(`create post failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** POST /data/campaigns/:pid/<action> with an optional Idempotency-Key; answers status and body. */
export function campaignCall(browser: TestBrowser, pid: number, action: string, json: unknown = {}, idempotencyKey?: string) {
  return browser.call<CampaignItem>(`${CAMPAIGN_ENDPOINTS.campaign}/${pid}/${action}`, {
    method: 'POST',
    json,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

export async function assignCredits(browser: TestBrowser, pid: number, amount: number): Promise<CampaignItem> {
  const { status, body } = await campaignCall(browser, pid, 'assign', { amount });
  if (status !== 200) throw new Error(`assign failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** A new post of the member's with `credits` assigned to its campaign. */
export async function promotedPost(member: TestMember, credits: number, overrides: Partial<PostPayload> = {}): Promise<number> {
  const { post } = await createPost(member.browser, overrides);
  if (credits > 0) await assignCredits(member.browser, post.pid, credits);
  return post.pid;
}

// ---------------------------------------------------------------------------------------------
// The surf bar

/** POST /data/surf/next as the tab `socket` (its id in X-Socket-Id; a string is sent as is; null sends none). */
export function surfNext(browser: TestBrowser, socket: TestSocket | string | null) {
  const socketId = socket === null ? null : typeof socket === 'string' ? socket : socket.id;
  return browser.call<SurfNextAnswer>(SURF_ENDPOINTS.next, {
    method: 'POST',
    json: {},
    headers: socketId ? { [SOCKET_ID_HEADER]: socketId } : {},
  });
}

/** next() that must offer a post: answers the ticket id, the post id and the whole answer. */
export async function nextTicket(
  browser: TestBrowser,
  socket: TestSocket,
): Promise<{ ticketId: string; pid: number; answer: SurfNextAnswer }> {
  const { status, body } = await surfNext(browser, socket);
  if (status !== 200) throw new Error(`surf next failed: ${status} ${JSON.stringify(body.errors)}`);
  const answer = body.data!;
  if (!answer.ticket || !answer.post) throw new Error(`surf next offered nothing: ${answer.data.message}`);
  return { ticketId: answer.ticket.id, pid: answer.post.pid, answer };
}

let clicks = 0;

/**
 * A person's Next click: trusted, in a visible tab, at a position and after an interval that
 * differ from every other click of this file (so no tally of repeats grows).
 */
export function humanClick(overrides: Partial<ClickTelemetry> = {}): ClickTelemetry {
  clicks++;
  return {
    x: 300 + ((clicks * 37) % 200),
    y: 500 + ((clicks * 53) % 90) + clicks / 1000,
    clickDelayMs: 400 + ((clicks * 71) % 900),
    intervalMs: clicks % 3 === 0 ? null : 16_000 + clicks * 173,
    target: { x: 280, y: 480, width: 240, height: 120 },
    isTrusted: true,
    keyEvent: false,
    visible: true,
    ...overrides,
  };
}

/** A script's click: the same position and interval every time, not trusted, from a hidden tab. */
export function botClick(overrides: Partial<ClickTelemetry> = {}): ClickTelemetry {
  return {
    x: 400,
    y: 540,
    clickDelayMs: 0,
    intervalMs: 15_000,
    target: { x: 280, y: 480, width: 240, height: 120 },
    isTrusted: false,
    keyEvent: false,
    visible: false,
    ...overrides,
  };
}

/** The acknowledgement of 'surf:claim'. */
export type ClaimAck = Ack<SurfClaimAnswer, SurfClaimRefusalCode>;

/** Sends 'surf:claim' (any payload, for the malformed ones) on the tab and answers the acknowledgement. */
export async function sendClaim(socket: TestSocket, payload: unknown, timeoutMs = EVENT_TIMEOUT_MS * 3): Promise<ClaimAck> {
  const raw = socket.socket as unknown as Socket;
  const answer = (await raw.timeout(timeoutMs).emitWithAck('surf:claim', payload)) as ClaimAck;
  if ('error' in answer && answer.error.code === ErrorCode.Internal)
    surfServerErrors.push(`surf:claim → ${answer.error.message}`);
  return answer;
}

export function claim(
  socket: TestSocket,
  ticketId: string,
  telemetry: ClickTelemetry = humanClick(),
  code?: string,
): Promise<ClaimAck> {
  return sendClaim(socket, code === undefined ? { ticketId, telemetry } : { ticketId, telemetry, code });
}

/** A claim that asks for the next post in its acknowledgement (`next: true`), as the surf bar sends it. */
export function claimWithNext(
  socket: TestSocket,
  ticketId: string,
  telemetry: ClickTelemetry = humanClick(),
  code?: string,
): Promise<ClaimAck> {
  return sendClaim(socket, code === undefined ? { ticketId, telemetry, next: true } : { ticketId, telemetry, code, next: true });
}

/** The open tickets of a member (one at most), as [ticket id, connection id]. */
export async function openTickets(db: pg.Client, userId: number): Promise<[string, string][]> {
  const { rows } = await db.query(`SELECT id, connection_id FROM view_tickets WHERE viewer_id = $1 AND status = 'open'`, [
    userId,
  ]);
  return rows.map((row) => [row.id, row.connection_id]);
}

/** A claim that must be credited: answers what the server confirmed. */
export async function creditedClaim(
  socket: TestSocket,
  ticketId: string,
  telemetry?: ClickTelemetry,
  code?: string,
): Promise<SurfClaimAnswer> {
  const answer = await claim(socket, ticketId, telemetry, code);
  if (!('data' in answer) || answer.data.credited !== 1) throw new Error(`claim not credited: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The refusal ({ error }: its code, text and typed fields) of an acknowledgement that must be one. */
export function refusal(answer: ClaimAck): SocketRefusal<SurfClaimRefusalCode> {
  if (!('error' in answer)) throw new Error(`expected a refusal, got ${JSON.stringify(answer)}`);
  return answer.error;
}

/**
 * Makes the member one of standing: an account a week and a day old with 100 views behind it and
 * every stretch's challenge answered (the first view and one in each 25), so no random challenge is
 * due before view 126.
 */
export async function ofStanding(db: pg.Client, userId: number): Promise<void> {
  await db.query(`UPDATE users SET created_at = now() - interval '8 days', surf_views = 100, surf_challenges = 6 WHERE id = $1`, [
    userId,
  ]);
}

/** What the member's views earned leaves review now, as once their window has passed: it may be spent. */
export async function matureEarnings(db: pg.Client, userId: number): Promise<void> {
  await db.query(`UPDATE view_tickets SET matures_at = now() WHERE viewer_id = $1 AND matures_at > now()`, [userId]);
}

/** Makes the member's next ticket ask for a code, as a member's first view ever does (the rest of their state kept). */
export async function askForCodeNext(db: pg.Client, userId: number): Promise<void> {
  await db.query(`UPDATE users SET surf_views = 0 WHERE id = $1`, [userId]);
}

/** A new member with one connected tab. */
export async function surfer(baseUrl: string): Promise<TestMember & { tab: TestSocket }> {
  const member = await signUp(baseUrl);
  return Object.assign(member, { tab: await connectSocket(baseUrl, member.browser) });
}
