// Where the surf rules run, measured: the claim + next step (credit a view, offer the next post)
// done three ways against the same kind of database, for a fixed time each, with `pg` alone:
//
//   plpgsql     one round trip: SELECT surf_claim($1::jsonb) with next, as the app sends it (migration SurfRules).
//   ts          the same rules in JavaScript, one transaction of named prepared statements, one per
//               read or write (BEGIN, lock the member, read the ticket, pay, ledger_append, close
//               the ticket, credit the member, pick, serve, insert the ticket, read the post, COMMIT).
//   ts-compact  the same, with the statements merged where SQL allows it (the member and the ticket
//               in one read; ledger, ticket and member in one statement of data-modifying CTEs; pick,
//               serve and ticket in one): BEGIN + 4 statements + COMMIT.
//
// Each round gets a new database (migrated from dist/, seeded like bench/surf/run.mjs: viewers,
// owners, campaigns whose credits came through ledger rows), runs C viewers over a pool of 20
// (the app's) in this process, and ends with the ledger check. Prints claims/s, p50 and p99.
//
//   npm run build && node bench/surf/profile/rules-compare.mjs
//
// Settings: BENCH_COMPARE_MODES (plpgsql,ts,ts-compact,…: the order of the rounds), BENCH_COMPARE_SECONDS
// (15), BENCH_COMPARE_WARMUP (3), BENCH_SURF_CLIENTS (200), BENCH_SURF_CAMPAIGNS (2000), DATABASE_URL.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { inTransaction } from '../../lib/pg-transaction.mjs';
import { humanTelemetry } from './human-telemetry.mjs';
import { RULES, SURF_CLAIM, SURF_NEXT, challenge, migrate, offerParams, seed } from './chains-database.mjs';
import { createBenchDatabase, envNumber, log as logAs, sharedNow, summarize } from '../../fanout/lib/common.mjs';

const log = (message) => logAs('bench:surf:rules', message);

const SETTINGS = {
  modes: (process.env.BENCH_COMPARE_MODES ?? 'plpgsql,ts,ts-compact,ts-compact,ts,plpgsql').split(',').filter(Boolean),
  seconds: envNumber('BENCH_COMPARE_SECONDS', 15, { min: 1 }),
  warmupSeconds: envNumber('BENCH_COMPARE_WARMUP', 3),
  clients: envNumber('BENCH_SURF_CLIENTS', 200, { min: 1 }),
  campaigns: envNumber('BENCH_SURF_CAMPAIGNS', 2000, { min: 1 }),
  owners: 50,
  creditsPerCampaign: 1000,
  poolSize: 20,
};

// ---- plpgsql -------------------------------------------------------------------------------

async function plpgsqlFirst(pool, viewer) {
  const { rows } = await pool.query({ ...SURF_NEXT, values: [JSON.stringify(offerParams(viewer))] });
  return rows[0].answer.ticket ?? null;
}

/** Answers [credited, next ticket id or null]. */
async function plpgsqlClaim(pool, viewer, ticket) {
  const params = { ...offerParams(viewer), ticket, telemetry: humanTelemetry(), code: null, next: true };
  const { rows } = await pool.query({ ...SURF_CLAIM, values: [JSON.stringify(params)] });
  const answer = rows[0].answer;
  if (answer.refusal) throw new Error(`refused: ${answer.refusal}`);
  return [answer.outcome === 'credited', answer.next?.ticket ?? null];
}

// ---- the rules in JavaScript ---------------------------------------------------------------

const PICK = `
  SELECT c.post_id FROM campaigns c JOIN posts po ON po.id = c.post_id
   WHERE c.credits > 0 AND NOT c.paused AND po.deleted_at IS NULL AND c.user_id <> $1
     AND (cardinality($2::text[]) = 0 OR po.language = ANY ($2::text[]))
     AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
     AND NOT EXISTS (SELECT 1 FROM view_tickets t
                      WHERE t.viewer_id = $1 AND t.post_id = c.post_id AND t.status = 'claimed'
                        AND t.claimed_at > now() - interval '24 hours' OFFSET 0)
   ORDER BY c.last_served_at ASC
   LIMIT 1 FOR UPDATE OF c SKIP LOCKED`;

const POST = `
  SELECT po.id, po.user_id, po.text, po.link, po.youtube_id, po.image_ids, po.language, po.tags, po.created_at,
         u.username, u.first_name, u.image
    FROM posts po JOIN users u ON u.id = po.user_id WHERE po.id = $1`;

const PAY = `
  UPDATE campaigns SET credits = credits - 1, views_total = views_total + 1,
         views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
         views_day = current_date, last_view_at = now()
   WHERE post_id = $1 AND credits >= 1 AND NOT paused
     AND (daily_view_cap IS NULL OR views_day <> current_date OR views_today < daily_view_cap)
  RETURNING credits, user_id`;

const ledgerRows = (viewer, postId) =>
  JSON.stringify([
    { account: 'campaign', campaign_id: postId, kind: 'view_paid', amount: -1 },
    { account: 'user', user_id: viewer.userId, campaign_id: postId, kind: 'view_earned', amount: 1 },
  ]);

const TS = {
  lockMember: `SELECT credits, earning_blocked, risk_score, rotator_languages,
                      CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned
                 FROM users WHERE id = $1 FOR NO KEY UPDATE`,
  ticket: `SELECT viewer_id, post_id, connection_id, timer_seconds, challenge_code, status, issued_at FROM view_tickets WHERE id = $1`,
  pay: PAY,
  ledger: `SELECT ledger_append($1, $2::jsonb) AS applied`,
  close: `UPDATE view_tickets SET status = 'claimed', claimed_at = now(), telemetry = $2 WHERE id = $1`,
  credit: `UPDATE users SET credits = credits + 1, risk_score = greatest(0, least(1000, risk_score + $2)),
                  earning_blocked = earning_blocked OR risk_score + $2 >= $3,
                  earned_today = CASE WHEN earned_day = current_date THEN earned_today + 1 ELSE 1 END,
                  earned_day = current_date
            WHERE id = $1 RETURNING credits, earning_blocked, risk_score, rotator_languages, earned_today`,
  pick: PICK,
  serve: `UPDATE campaigns SET last_served_at = now() WHERE post_id = $1`,
  issue: `INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
          VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
  post: POST,
  // ts-compact
  memberAndTicket: `SELECT u.credits, u.earning_blocked, u.risk_score, u.rotator_languages,
                           CASE WHEN u.earned_day = current_date THEN u.earned_today ELSE 0 END AS earned,
                           t.viewer_id, t.post_id, t.connection_id, t.timer_seconds, t.challenge_code, t.status, t.issued_at
                      FROM users u LEFT JOIN view_tickets t ON t.id = $2 WHERE u.id = $1 FOR NO KEY UPDATE OF u`,
  settle: `WITH ledger AS (SELECT ledger_append($4, $5::jsonb) AS applied),
                closed AS (UPDATE view_tickets SET status = 'claimed', claimed_at = now(), telemetry = $6 WHERE id = $7 RETURNING id),
                member AS (UPDATE users SET credits = credits + 1, risk_score = greatest(0, least(1000, risk_score + $2)),
                                  earning_blocked = earning_blocked OR risk_score + $2 >= $3,
                                  earned_today = CASE WHEN earned_day = current_date THEN earned_today + 1 ELSE 1 END,
                                  earned_day = current_date
                            WHERE id = $1 RETURNING credits, earning_blocked, risk_score, rotator_languages, earned_today)
           SELECT member.*, ledger.applied, (SELECT count(*) FROM closed) AS closed FROM member, ledger`,
  offer: `WITH pick AS (${PICK}),
               served AS (UPDATE campaigns c SET last_served_at = now() FROM pick WHERE c.post_id = pick.post_id RETURNING c.post_id),
               issued AS (INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
                          SELECT $1, served.post_id, $3, $4, $5, $6 FROM served RETURNING id, post_id)
          SELECT issued.id AS ticket, post.* FROM issued JOIN LATERAL (${POST.replace('$1', 'issued.post_id')}) post ON true`,
};
const prepared = (name, values) => ({ name: `compare_${name}`, text: TS[name], values });

/** The checks surf_claim makes of a ticket, in JavaScript. */
function checkTicket(viewer, ticket, member, now) {
  if (!member) return 'not_yours';
  if (!ticket || ticket.viewer_id !== viewer.userId) return 'not_yours';
  if (ticket.status !== 'open') return `status ${ticket.status}`;
  if (ticket.connection_id !== viewer.connection) return 'other_tab';
  if (now < ticket.issued_at.getTime() + ticket.timer_seconds * 1000) return 'too_early';
  return null;
}

async function tsClaim(pool, viewer, ticketId) {
  return inTransaction(pool, async (db) => {
    const now = Date.now();
    const {
      rows: [member],
    } = await db.query(prepared('lockMember', [viewer.userId]));
    const {
      rows: [ticket],
    } = await db.query(prepared('ticket', [ticketId]));
    const refusal = checkTicket(viewer, ticket, member, now);
    if (refusal) throw new Error(`refused: ${refusal}`);
    if (member.earned >= RULES.daily_cap) throw new Error('daily cap');
    const { rowCount: paid } = await db.query(prepared('pay', [ticket.post_id]));
    if (paid !== 1) throw new Error('the campaign could not pay');
    const {
      rows: [{ applied }],
    } = await db.query(prepared('ledger', [`view:${ticketId}`, ledgerRows(viewer, ticket.post_id)]));
    if (!applied) throw new Error('ledger key used');
    await db.query(prepared('close', [ticketId, JSON.stringify(humanTelemetry())]));
    const {
      rows: [after],
    } = await db.query(prepared('credit', [viewer.userId, -5, RULES.block_at]));
    return [true, await tsOffer(db, viewer, after)];
  });
}

async function tsOffer(db, viewer, member) {
  if (member.earning_blocked || member.earned_today >= RULES.daily_cap) return null;
  const {
    rows: [pick],
  } = await db.query(prepared('pick', [viewer.userId, member.rotator_languages]));
  if (!pick) return null;
  await db.query(prepared('serve', [pick.post_id]));
  const code = member.risk_score >= RULES.challenge_at ? challenge() : null;
  const {
    rows: [ticket],
  } = await db.query(prepared('issue', [viewer.userId, pick.post_id, viewer.connection, RULES.timer, code, new Date()]));
  await db.query(prepared('post', [pick.post_id]));
  return ticket.id;
}

async function tsCompactClaim(pool, viewer, ticketId) {
  return inTransaction(pool, async (db) => {
    const now = Date.now();
    const {
      rows: [row],
    } = await db.query(prepared('memberAndTicket', [viewer.userId, ticketId]));
    const refusal = checkTicket(viewer, row?.status ? row : null, row, now);
    if (refusal) throw new Error(`refused: ${refusal}`);
    if (row.earned >= RULES.daily_cap) throw new Error('daily cap');
    const { rowCount: paid } = await db.query(prepared('pay', [row.post_id]));
    if (paid !== 1) throw new Error('the campaign could not pay');
    const {
      rows: [after],
    } = await db.query(
      prepared('settle', [
        viewer.userId,
        -5,
        RULES.block_at,
        `view:${ticketId}`,
        ledgerRows(viewer, row.post_id),
        JSON.stringify(humanTelemetry()),
        ticketId,
      ]),
    );
    if (!after.applied || Number(after.closed) !== 1) throw new Error('ledger key used or ticket not closed');
    if (after.earning_blocked || after.earned_today >= RULES.daily_cap) return [true, null];
    const {
      rows: [offer],
    } = await db.query(
      prepared('offer', [viewer.userId, after.rotator_languages, viewer.connection, RULES.timer, null, new Date()]),
    );
    return [true, offer?.ticket ?? null];
  });
}

const CLAIMS = { plpgsql: plpgsqlClaim, ts: tsClaim, 'ts-compact': tsCompactClaim };

// ---- a round ---------------------------------------------------------------------------------

async function round(mode) {
  const database = await createBenchDatabase();
  try {
    await migrate(database.url);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const viewers = await seed(admin, SETTINGS, { vacuum: false });
    const pool = new pg.Pool({ connectionString: database.url, max: SETTINGS.poolSize });
    const warm = await Promise.all(Array.from({ length: SETTINGS.poolSize }, () => pool.connect()));
    warm.forEach((client) => client.release());

    const startAt = sharedNow();
    const measureFrom = startAt + SETTINGS.warmupSeconds * 1000;
    const endAt = measureFrom + SETTINGS.seconds * 1000;
    const latencies = [];
    const errors = {};
    let credited = 0;
    let creditedTotal = 0;
    const claim = CLAIMS[mode];
    const loop = async (viewer) => {
      let ticket = null;
      while (sharedNow() < endAt) {
        try {
          ticket ??= await plpgsqlFirst(pool, viewer);
          if (!ticket) throw new Error('nothing to view');
          const t0 = sharedNow();
          const [ok, next] = await claim(pool, viewer, ticket);
          const t1 = sharedNow();
          ticket = next;
          if (ok) creditedTotal++;
          if (ok && t1 >= measureFrom && t1 < endAt) {
            credited++;
            latencies.push(t1 - t0);
          }
        } catch (error) {
          errors[error.message] = (errors[error.message] ?? 0) + 1;
          ticket = null;
          await sleep(10);
        }
      }
    };
    const load = os.loadavg()[0];
    const cpuBefore = process.cpuUsage();
    await Promise.all(viewers.map(loop));
    const cpu = process.cpuUsage(cpuBefore);
    await pool.end();
    const [{ mismatches }] = (
      await admin.query(`
        SELECT (SELECT count(*) FROM users u WHERE u.credits <> (SELECT coalesce(sum(amount), 0) FROM credit_ledger l
                                                                  WHERE l.account = 'user' AND l.user_id = u.id))
             + (SELECT count(*) FROM campaigns c WHERE c.credits <> (SELECT coalesce(sum(amount), 0) FROM credit_ledger l
                                                                      WHERE l.account = 'campaign' AND l.campaign_id = c.post_id))
               AS mismatches`)
    ).rows;
    await admin.end();
    const latency = summarize(latencies);
    return {
      mode,
      claimsPerSecond: credited / SETTINGS.seconds,
      p50: latency.p50,
      p99: latency.p99,
      clientCpuMsPerClaim: (cpu.user + cpu.system) / 1000 / Math.max(1, creditedTotal),
      loadBefore: load,
      errors,
      ledgerMismatches: Number(mismatches),
    };
  } finally {
    await database.drop();
  }
}

const results = [];
for (const mode of SETTINGS.modes) {
  if (!CLAIMS[mode]) throw new Error(`unknown mode ${mode}; one of ${Object.keys(CLAIMS).join(', ')}`);
  log(
    `${mode}: ${SETTINGS.clients} viewers, pool ${SETTINGS.poolSize}, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
  );
  const result = await round(mode);
  results.push(result);
  log(
    `${mode}: ${Math.round(result.claimsPerSecond)} claims/s, p50 ${result.p50?.toFixed(1)} ms, p99 ${result.p99?.toFixed(1)} ms, ` +
      `client CPU ${result.clientCpuMsPerClaim.toFixed(3)} ms/claim, load before ${result.loadBefore.toFixed(2)}, ` +
      `ledger mismatches ${result.ledgerMismatches}, errors ${JSON.stringify(result.errors)}`,
  );
}
console.log(JSON.stringify(results, null, 2));
