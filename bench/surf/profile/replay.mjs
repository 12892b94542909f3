// Diagnostic (BENCH_SURF_REPLAY=1 in bench/surf/run.mjs): the SQL of one surf view without the app.
// A process on the server core runs, with `pg` and a pool of 20 like the app's, for C concurrent
// viewers, the statements the app sends per confirmed view, in the app's database after its run:
//
//   mode 'current': the app's sequence as of commit 35f5242 (server/src/surf/surf.service.ts,
//     risk.service.ts, credits/ledger.service.ts, posts.repository.ts and the session lookup of the
//     HTTP auth guard): 21 statements in 2 transactions. Copied by hand: update it when they change.
//   modes '…+prepared': the same statements as named prepared statements (parsed and planned once
//     per connection), to see what re-planning every statement costs PostgreSQL.
//   mode 'compact': the same reads and writes merged where SQL allows it (the sketch of a change,
//     not a tested implementation): 14 statements in 2 transactions —
//       next:  session lookup; BEGIN; lock the viewer; replace the open ticket; ONE statement that
//              picks the campaign, marks it served and inserts the ticket; read the post; COMMIT
//              (the viewer's row read under lock also answers the daily cap, as now);
//       claim: BEGIN; close the ticket with an UPDATE … WHERE open/mine/this connection RETURNING;
//              read the recent telemetry; ONE insert of both ledger rows; ONE campaign update
//              (credits − 1 and view stats, guarded); ONE user update (credits + 1, risk, today's
//              count, guarded by the cap, RETURNING the balance for `cc`); COMMIT.
//
// The gap between the app and 'current' is what the app's own layers (HTTP, Nest, TypeORM,
// Socket.IO) cost; the gap between 'current' and 'compact' is what fewer round trips would buy.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { inTransaction } from '../../lib/pg-transaction.mjs';
import { humanTelemetry } from './human-telemetry.mjs';
import { serveRequests, sharedNow } from '../../fanout/lib/common.mjs';

const PICK_CAMPAIGN = `
  SELECT c.post_id FROM campaigns c JOIN posts p ON p.id = c.post_id
   WHERE c.credits > 0 AND NOT c.paused AND p.deleted_at IS NULL AND c.user_id <> $1
     AND (cardinality($2::text[]) = 0 OR p.language = ANY($2))
     AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
     AND NOT EXISTS (SELECT 1 FROM view_tickets t
                      WHERE t.viewer_id = $1 AND t.post_id = c.post_id AND t.status = 'claimed'
                        AND t.claimed_at > now() - interval '24 hours')
   ORDER BY c.last_served_at ASC
   LIMIT 1 FOR UPDATE OF c SKIP LOCKED`;

const SELECT_POST = `
  SELECT p.id, p.user_id, p.text, p.link, p.youtube_id, p.image_ids, p.language, p.tags, p.created_at,
         u.username, u.first_name, u.image,
         c.credits, c.paused, c.daily_view_cap, c.views_total, c.views_today, c.views_day = current_date AS views_day_is_today,
         c.last_view_at
    FROM posts p JOIN users u ON u.id = p.user_id JOIN campaigns c ON c.post_id = p.id
   WHERE p.id = $1 AND p.deleted_at IS NULL`;

const SESSION = `SELECT s.id AS session_id, s.socket_id, s.last_seen_at,
              u.id, u.username, u.first_name, u.email, u.role, u.image, u.email_confirmed_at,
              u.finished_get_started, u.needs_setup
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`;

const LEDGER_INSERT = `INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key, account) DO NOTHING RETURNING id`;

const RECENT_TELEMETRY = `SELECT telemetry FROM view_tickets WHERE viewer_id = $1 AND status = 'claimed' ORDER BY claimed_at DESC LIMIT $2`;

/**
 * Every statement goes through here: with `named` (modes '…+prepared'), as a named prepared
 * statement (parsed and planned once per connection, then a cached plan), else unnamed as
 * TypeORM's manager.query sends it (parsed and planned on every call).
 */
let named = false;
const names = new Map();
function exec(db, text, values = []) {
  if (!named) return db.query(text, values);
  let name = names.get(text);
  if (!name) {
    name = `replay_${names.size + 1}`;
    names.set(text, name);
  }
  return db.query({ name, text, values });
}

/** The app's statements for one view, in its order. Answers true when a credit was made. */
async function currentView(pool, viewer, connectionId) {
  await exec(pool, SESSION, [viewer.tokenHash]);
  const postId = await inTransaction(pool, async (db) => {
    const {
      rows: [user],
    } = await exec(
      db,
      `SELECT earning_blocked, risk_score, rotator_languages,
              CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned_today
         FROM users WHERE id = $1 FOR UPDATE`,
      [viewer.userId],
    );
    await exec(
      db,
      `UPDATE view_tickets SET status = 'replaced' WHERE viewer_id = $1 AND status = 'open' RETURNING id, connection_id`,
      [viewer.userId],
    );
    const {
      rows: [pick],
    } = await exec(db, PICK_CAMPAIGN, [viewer.userId, user.rotator_languages]);
    if (!pick) return null;
    await exec(db, `UPDATE campaigns SET last_served_at = now() WHERE post_id = $1`, [pick.post_id]);
    const {
      rows: [ticket],
    } = await exec(
      db,
      `INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, issued_at`,
      [viewer.userId, pick.post_id, connectionId, 0, null, new Date()],
    );
    await exec(db, SELECT_POST, [pick.post_id]);
    return { post: pick.post_id, ticket: ticket.id };
  });
  if (!postId) return false;
  const { post, ticket } = postId;
  const credited = await inTransaction(pool, async (db) => {
    await exec(
      db,
      `SELECT t.id, t.viewer_id, t.post_id, t.connection_id, t.timer_seconds, t.challenge_code, t.status, t.issued_at,
              CASE WHEN u.earned_day = current_date THEN u.earned_today ELSE 0 END AS earned_today
         FROM view_tickets t JOIN users u ON u.id = t.viewer_id WHERE t.id = $1 FOR UPDATE OF t`,
      [ticket],
    );
    await exec(
      db,
      `SELECT credits, paused, user_id,
              daily_view_cap IS NOT NULL AND views_day = current_date AND views_today >= daily_view_cap AS cap_reached
         FROM campaigns WHERE post_id = $1 FOR UPDATE`,
      [post],
    );
    const key = `view:${ticket}`;
    await exec(db, LEDGER_INSERT, ['campaign', null, post, 'view_paid', -1, key]);
    await exec(db, `UPDATE campaigns SET credits = credits + $1 WHERE post_id = $2 AND credits + $1 >= 0 RETURNING credits`, [
      -1,
      post,
    ]);
    await exec(db, LEDGER_INSERT, ['user', viewer.userId, post, 'view_earned', 1, key]);
    await exec(db, `UPDATE users SET credits = credits + $1 WHERE id = $2 AND credits + $1 >= 0 RETURNING credits`, [
      1,
      viewer.userId,
    ]);
    await exec(db, RECENT_TELEMETRY, [viewer.userId, 10]);
    await exec(db, `UPDATE view_tickets SET status = $2, claimed_at = now(), telemetry = $3 WHERE id = $1`, [
      ticket,
      'claimed',
      JSON.stringify(humanTelemetry()),
    ]);
    await exec(
      db,
      `UPDATE users u SET risk_score = greatest(0, least(1000, u.risk_score + $2)),
              earning_blocked = u.earning_blocked OR u.risk_score + $2 >= $3,
              earned_today = CASE WHEN u.earned_day = current_date THEN u.earned_today + 1 ELSE 1 END,
              earned_day = current_date
         FROM users before WHERE u.id = $1 AND before.id = u.id
       RETURNING u.credits, u.earning_blocked AND NOT before.earning_blocked AS blocked_now`,
      [viewer.userId, -5, 150],
    );
    await exec(
      db,
      `UPDATE campaigns SET views_total = views_total + 1,
              views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
              views_day = current_date, last_view_at = now()
        WHERE post_id = $1 RETURNING credits`,
      [post],
    );
    return true;
  });
  return credited;
}

/** The same reads and writes in fewer statements (a sketch of the change, see the header). */
async function compactView(pool, viewer, connectionId) {
  await exec(pool, SESSION, [viewer.tokenHash]);
  const issued = await inTransaction(pool, async (db) => {
    const {
      rows: [user],
    } = await exec(
      db,
      `SELECT earning_blocked, risk_score, rotator_languages,
              CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned_today
         FROM users WHERE id = $1 FOR UPDATE`,
      [viewer.userId],
    );
    await exec(
      db,
      `UPDATE view_tickets SET status = 'replaced' WHERE viewer_id = $1 AND status = 'open' RETURNING id, connection_id`,
      [viewer.userId],
    );
    const {
      rows: [ticket],
    } = await exec(
      db,
      `WITH pick AS (${PICK_CAMPAIGN}),
            served AS (UPDATE campaigns c SET last_served_at = now() FROM pick WHERE c.post_id = pick.post_id RETURNING c.post_id)
       INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
       SELECT $1, served.post_id, $3, $4, NULL, now() FROM served RETURNING id, post_id`,
      [viewer.userId, user.rotator_languages, connectionId, 0],
    );
    if (!ticket) return null;
    await exec(db, SELECT_POST, [ticket.post_id]);
    return ticket;
  });
  if (!issued) return false;
  return inTransaction(pool, async (db) => {
    const {
      rows: [ticket],
    } = await exec(
      db,
      `UPDATE view_tickets SET status = 'claimed', claimed_at = now(), telemetry = $4
        WHERE id = $1 AND viewer_id = $2 AND connection_id = $3 AND status = 'open'
          AND now() - issued_at >= make_interval(secs => timer_seconds)
       RETURNING post_id`,
      [issued.id, viewer.userId, connectionId, JSON.stringify(humanTelemetry())],
    );
    if (!ticket) return false;
    await exec(db, RECENT_TELEMETRY, [viewer.userId, 11]);
    const key = `view:${issued.id}`;
    await exec(
      db,
      `INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
       VALUES ('campaign', NULL, $2, 'view_paid', -1, $3), ('user', $1, $2, 'view_earned', 1, $3)
       ON CONFLICT (idempotency_key, account) DO NOTHING RETURNING id`,
      [viewer.userId, ticket.post_id, key],
    );
    await exec(
      db,
      `UPDATE campaigns SET credits = credits - 1, views_total = views_total + 1,
              views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
              views_day = current_date, last_view_at = now()
        WHERE post_id = $1 AND credits >= 1 AND NOT paused RETURNING credits, user_id`,
      [ticket.post_id],
    );
    await exec(
      db,
      `UPDATE users SET credits = credits + 1, risk_score = greatest(0, least(1000, risk_score + $2)),
              earning_blocked = earning_blocked OR risk_score + $2 >= $3,
              earned_today = CASE WHEN earned_day = current_date THEN earned_today + 1 ELSE 1 END,
              earned_day = current_date
        WHERE id = $1 AND (earned_day <> current_date OR earned_today < $4) RETURNING credits, risk_score, earning_blocked`,
      [viewer.userId, -5, 150, 1_000_000_000],
    );
    return true;
  });
}

/**
 * Mode 'functions': each step as one call of a PL/pgSQL function (created in the throw-away bench
 * database only), whose statements PostgreSQL plans once per connection: next = the session lookup +
 * one statement (pick, serve, ticket, and the post's row); claim = the recent telemetry (the risk
 * delta is computed in JS, as now) + one statement (close the ticket, both ledger rows, the campaign,
 * the member). 4 round trips a view, no client-side transaction.
 */
const FUNCTIONS = `
  CREATE OR REPLACE FUNCTION bench_surf_next(p_user integer, p_connection text, p_timer integer)
  RETURNS TABLE (ticket_id uuid, post_id integer) LANGUAGE plpgsql AS $fn$
  DECLARE
    v_languages text[];
    v_blocked boolean;
  BEGIN
    SELECT u.rotator_languages, u.earning_blocked INTO v_languages, v_blocked FROM users u WHERE u.id = p_user FOR UPDATE;
    UPDATE view_tickets t SET status = 'replaced' WHERE t.viewer_id = p_user AND t.status = 'open';
    IF v_blocked THEN RETURN; END IF;
    RETURN QUERY
      WITH pick AS (
        SELECT c.post_id FROM campaigns c JOIN posts p ON p.id = c.post_id
         WHERE c.credits > 0 AND NOT c.paused AND p.deleted_at IS NULL AND c.user_id <> p_user
           AND (cardinality(v_languages) = 0 OR p.language = ANY(v_languages))
           AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
           AND NOT EXISTS (SELECT 1 FROM view_tickets vt
                            WHERE vt.viewer_id = p_user AND vt.post_id = c.post_id AND vt.status = 'claimed'
                              AND vt.claimed_at > now() - interval '24 hours')
         ORDER BY c.last_served_at ASC LIMIT 1 FOR UPDATE OF c SKIP LOCKED),
      served AS (UPDATE campaigns c SET last_served_at = now() FROM pick WHERE c.post_id = pick.post_id RETURNING c.post_id)
      INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, issued_at)
      SELECT p_user, served.post_id, p_connection, p_timer, now() FROM served
      RETURNING view_tickets.id, view_tickets.post_id;
  END $fn$;

  CREATE OR REPLACE FUNCTION bench_surf_claim(p_ticket uuid, p_user integer, p_connection text, p_telemetry jsonb, p_delta integer, p_block_at integer, p_cap integer)
  RETURNS TABLE (credited boolean, cc bigint) LANGUAGE plpgsql AS $fn$
  DECLARE
    v_post integer;
    v_credits bigint;
  BEGIN
    UPDATE view_tickets t SET status = 'claimed', claimed_at = now(), telemetry = p_telemetry
     WHERE t.id = p_ticket AND t.viewer_id = p_user AND t.connection_id = p_connection AND t.status = 'open'
       AND now() - t.issued_at >= make_interval(secs => t.timer_seconds)
    RETURNING t.post_id INTO v_post;
    IF v_post IS NULL THEN RETURN QUERY SELECT false, NULL::bigint; RETURN; END IF;
    INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
    VALUES ('campaign', NULL, v_post, 'view_paid', -1, 'view:' || p_ticket), ('user', p_user, v_post, 'view_earned', 1, 'view:' || p_ticket);
    UPDATE campaigns c SET credits = c.credits - 1, views_total = c.views_total + 1,
           views_today = CASE WHEN c.views_day = current_date THEN c.views_today + 1 ELSE 1 END,
           views_day = current_date, last_view_at = now()
     WHERE c.post_id = v_post AND c.credits >= 1 AND NOT c.paused;
    IF NOT FOUND THEN RAISE EXCEPTION 'campaign cannot pay'; END IF;
    UPDATE users u SET credits = u.credits + 1, risk_score = greatest(0, least(1000, u.risk_score + p_delta)),
           earning_blocked = u.earning_blocked OR u.risk_score + p_delta >= p_block_at,
           earned_today = CASE WHEN u.earned_day = current_date THEN u.earned_today + 1 ELSE 1 END,
           earned_day = current_date
     WHERE u.id = p_user AND (u.earned_day <> current_date OR u.earned_today < p_cap)
    RETURNING u.credits INTO v_credits;
    IF v_credits IS NULL THEN RAISE EXCEPTION 'daily cap'; END IF;
    RETURN QUERY SELECT true, v_credits;
  END $fn$;`;

const NEXT_WITH_POST = `
  SELECT n.ticket_id, post.* FROM bench_surf_next($1, $2, $3) n
    JOIN LATERAL (${SELECT_POST.replace('$1', 'n.post_id')}) post ON true`;

async function functionsView(pool, viewer, connectionId) {
  await exec(pool, SESSION, [viewer.tokenHash]);
  const {
    rows: [next],
  } = await exec(pool, NEXT_WITH_POST, [viewer.userId, connectionId, 0]);
  if (!next) return false;
  await exec(pool, RECENT_TELEMETRY, [viewer.userId, 10]);
  const {
    rows: [claim],
  } = await exec(pool, `SELECT * FROM bench_surf_claim($1, $2, $3, $4, $5, $6, $7)`, [
    next.ticket_id,
    viewer.userId,
    connectionId,
    JSON.stringify(humanTelemetry()),
    -5,
    150,
    1_000_000_000,
  ]);
  return claim.credited;
}

serveRequests({
  async run({ databaseUrl, poolSize, mode, viewers, startAt, measureFrom, endAt }) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    const warm = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
    warm.forEach((c) => c.release());
    if (mode === 'functions') {
      const client = await pool.connect();
      await client.query(FUNCTIONS);
      client.release();
    }
    const view = mode === 'functions' ? functionsView : mode.startsWith('compact') ? compactView : currentView;
    named = mode.endsWith('+prepared') || mode === 'functions';
    const errors = {};
    const latencies = [];
    let credited = 0;
    let creditedTotal = 0;
    let noPost = 0;
    const loop = async (viewer, index) => {
      const connectionId = `replay${index}x${randomInt(1e9)}`;
      const prepared = { ...viewer, tokenHash: Buffer.from(viewer.tokenHash, 'hex') };
      while (sharedNow() < endAt) {
        const t0 = sharedNow();
        try {
          const ok = await view(pool, prepared, connectionId);
          const t1 = sharedNow();
          if (!ok) {
            noPost++;
            await sleep(20);
            continue;
          }
          creditedTotal++;
          if (t1 >= measureFrom && t1 < endAt) {
            credited++;
            latencies.push(t1 - t0);
          }
        } catch (error) {
          errors[error.message] = (errors[error.message] ?? 0) + 1;
          await sleep(10);
        }
      }
    };
    await sleep(Math.max(0, startAt - sharedNow()));
    const cpuBefore = process.cpuUsage();
    await Promise.all(viewers.map(loop));
    const cpu = process.cpuUsage(cpuBefore);
    await pool.end();
    return { credited, creditedTotal, noPost, errors, latencies, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  },
});
