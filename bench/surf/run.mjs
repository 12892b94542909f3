// The surf benchmark: C concurrent surfing members (socket.io-client, the app in bench mode with a
// 0 s timer) claim views for S seconds; measures confirmed views/s (acks with credited === 1) and
// the claim latency (emit → ack) p50/p99, then checks the ledger: findLedgerMismatches (balances
// equal their ledger sums, no idempotency key twice) and no double credits (one view_earned row
// per claimed ticket, keyed view:<ticket id>). Baseline in the same run, on the same database
// server: the raw rate of the claim's single-transaction write (one INSERT, two UPDATEs) with `pg`
// from C concurrent clients over a pool as large as the app's (bench/surf/baseline.mjs).
//
// Processes: the app (and, for the baseline, the pg client process) on core 0, the generators
// (bench/surf/worker.mjs) on core 1 (taskset), each started through bash with a raised open-files
// limit. PostgreSQL is not pinned. Users and sessions are inserted with SQL; posts, campaigns and
// their credits too, each credit movement with its ledger rows (so the ledger check holds).
//
//   node bench/surf/run.mjs          (after npm run build)
//
// Writes bench/results/surf-<timestamp>.json and surf-latest.json. Exits 0 even when a target is
// missed: it is a measurement. Settings: SETTINGS below and bench/surf/README.md.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BENCH_SESSION_SECRET,
  cpuMeter,
  createBenchDatabase,
  envNumber,
  exitCleanups,
  fmt,
  insertMembersWithSessions,
  log as logAs,
  machineMeta,
  planPinning,
  sha256,
  sharedNow,
  startPinnedServer,
  startWorker,
  summarize,
  table,
  target,
  targetTable,
  waitQuietIfAsked,
  withClient,
  writeResultFiles,
} from '../fanout/lib/common.mjs';

const log = (message) => logAs('bench:surf', message);

const SETTINGS = {
  clients: envNumber('BENCH_SURF_CLIENTS', 200, { min: 1 }),
  seconds: envNumber('BENCH_SURF_SECONDS', 30, { min: 1 }),
  /** Seconds of load before the measured window (not counted; JIT, pools, caches). */
  warmupSeconds: envNumber('BENCH_SURF_WARMUP', 3),
  workers: envNumber('BENCH_SURF_WORKERS', 2, { min: 1 }),
  /** A viewer never sees a post twice in 24 h: enough campaigns for every view of every viewer. */
  campaigns: envNumber('BENCH_SURF_CAMPAIGNS', 2000, { min: 1 }),
  owners: envNumber('BENCH_SURF_OWNERS', 50, { min: 1 }),
  creditsPerCampaign: envNumber('BENCH_SURF_CAMPAIGN_CREDITS', 1000, { min: 1 }),
  /** The baseline's pool; the app's TypeORM pool has 20 connections (data-source-options.ts). */
  baselinePool: envNumber('BENCH_BASELINE_POOL', 20, { min: 1 }),
  pin: process.env.BENCH_PIN !== '0',
  only: (process.env.BENCH_SURF_ONLY ?? 'baseline,app')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
  /** Diagnostics: extra node options for the app (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). */
  appNodeOptions: (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
  /** Diagnostics: extra environment for the app, "KEY=value KEY2=value" (e.g. REDIS_URL=redis://127.0.0.1:6379). */
  appEnv: Object.fromEntries(
    (process.env.BENCH_APP_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ),
  /** Diagnostics: 1 = count the app's SQL statements per view (bench/surf/profile/count-queries.mjs). */
  countQueries: process.env.BENCH_SURF_COUNT_QUERIES === '1',
  /** Diagnostics: 1 = after the app, replay its SQL per view without the app (bench/surf/profile/replay.mjs). */
  replay: process.env.BENCH_SURF_REPLAY === '1',
};
const TARGET_RATIO = 0.5;

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline.mjs', import.meta.url));
const LEDGER_MODULE = 'dist/server/src/credits/credits.repository.js';
const REPLAY_MODES = ['current', 'current+prepared', 'compact', 'compact+prepared', 'functions'];
const REPLAY_TITLES = {
  current: "the app's 21 statements (35f5242), 2 transactions",
  'current+prepared': 'the same, as named prepared statements',
  compact: 'compact: 14 statements, 2 transactions',
  'compact+prepared': 'compact, as named prepared statements',
  functions: 'one PL/pgSQL call per step: 4 statements, no BEGIN',
};
const REPLAY = fileURLToPath(new URL('./profile/replay.mjs', import.meta.url));
const COUNT_QUERIES = fileURLToPath(new URL('./profile/count-queries.mjs', import.meta.url));
const QUERY_STATS_FILE = join(tmpdir(), `surf-query-stats-${process.pid}.json`);
const pinning = planPinning(SETTINGS.pin);
const serverCore = pinning.enabled ? pinning.server : undefined;
const loaderCore = pinning.enabled ? pinning.loader : undefined;

const { cleanups, cleanUp } = exitCleanups(log);

/** The measured window's clock: start in 300 ms, warm up, then measure. */
function windowFromNow() {
  const startAt = sharedNow() + 300;
  const measureFrom = startAt + SETTINGS.warmupSeconds * 1000;
  return { startAt, measureFrom, endAt: measureFrom + SETTINGS.seconds * 1000 };
}

async function cpuOverWindow(window, groups, { onStart, onEnd } = {}) {
  await sleep(Math.max(0, window.measureFrom - sharedNow()));
  const meter = cpuMeter(groups);
  onStart?.();
  await sleep(Math.max(0, window.endAt - sharedNow()));
  onEnd?.();
  return meter.stop();
}

// ---- baseline --------------------------------------------------------------------------------

async function measureBaseline(database) {
  log('baseline: creating the scratch tables bench_users, bench_campaigns, bench_ledger');
  const { userIds, campaignIds } = await withClient(database.url, async (client) => {
    // Shaped like users / campaigns / credit_ledger, with the same kinds of indexes and checks.
    await client.query(`
      CREATE TABLE bench_users (
        id serial PRIMARY KEY,
        username text NOT NULL,
        credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0)
      )`);
    await client.query(`CREATE UNIQUE INDEX bench_users_username_lower ON bench_users (lower(username))`);
    await client.query(`
      CREATE TABLE bench_campaigns (
        post_id serial PRIMARY KEY,
        user_id integer NOT NULL,
        credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
        paused boolean NOT NULL DEFAULT false,
        last_served_at timestamptz NOT NULL DEFAULT '-infinity'
      )`);
    await client.query(
      `CREATE INDEX bench_campaigns_rotation ON bench_campaigns (last_served_at) WHERE credits > 0 AND NOT paused`,
    );
    await client.query(`
      CREATE TABLE bench_ledger (
        id bigserial PRIMARY KEY,
        user_id integer REFERENCES bench_users (id),
        campaign_id integer REFERENCES bench_campaigns (post_id),
        account text NOT NULL CHECK (account IN ('user', 'campaign')),
        kind text NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        idempotency_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((account = 'user' AND user_id IS NOT NULL) OR (account = 'campaign' AND campaign_id IS NOT NULL))
      )`);
    await client.query(`CREATE UNIQUE INDEX bench_ledger_idempotency ON bench_ledger (idempotency_key, account)`);
    await client.query(`CREATE INDEX bench_ledger_user ON bench_ledger (user_id, id DESC) WHERE account = 'user'`);
    await client.query(`CREATE INDEX bench_ledger_campaign ON bench_ledger (campaign_id) WHERE account = 'campaign'`);
    const users = await client.query(
      `INSERT INTO bench_users (username) SELECT 'viewer' || i FROM generate_series(1, $1) i RETURNING id`,
      [SETTINGS.clients],
    );
    const campaigns = await client.query(
      `INSERT INTO bench_campaigns (user_id, credits) SELECT 1 + i % $2, $3 FROM generate_series(1, $1) i RETURNING post_id`,
      [SETTINGS.campaigns, SETTINGS.owners, 1_000_000_000],
    );
    await client.query('ANALYZE bench_users; ANALYZE bench_campaigns; ANALYZE bench_ledger');
    return { userIds: users.rows.map((r) => r.id), campaignIds: campaigns.rows.map((r) => r.post_id) };
  });

  const process_ = startWorker({ name: 'pg-baseline', script: BASELINE, core: serverCore });
  cleanups.push(() => process_.stop());
  const window = windowFromNow();
  log(
    `baseline: ${SETTINGS.clients} clients over a pool of ${SETTINGS.baselinePool}, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
  );
  const [run, cpu] = await Promise.all([
    process_.request({
      type: 'run',
      databaseUrl: database.url,
      poolSize: SETTINGS.baselinePool,
      clients: SETTINGS.clients,
      userIds,
      campaignIds,
      ...window,
    }),
    cpuOverWindow(window, { client: process_.pid }),
  ]);
  await process_.stop();
  const result = {
    title: `pg: BEGIN; INSERT ledger; UPDATE user; UPDATE campaign; COMMIT (pool ${SETTINGS.baselinePool})`,
    transactions: run.committed,
    transactionsTotal: run.committedTotal,
    perSecond: run.committed / SETTINGS.seconds,
    perSecondSeries: run.perSecond,
    latencyMs: summarize(run.latencies),
    errors: run.errors,
    cpuPercent: cpu,
  };
  log(`baseline: ${Math.round(result.perSecond)} transactions/s, p99 ${fmt.ms(result.latencyMs.p99)}`);
  return result;
}

// ---- the app ---------------------------------------------------------------------------------

async function seedApp(database) {
  return withClient(database.url, async (client) => {
    log(`seeding ${SETTINGS.clients} viewers, ${SETTINGS.owners} owners and ${SETTINGS.campaigns} campaigns`);
    const viewers = await insertMembersWithSessions(client, { count: SETTINGS.clients, prefix: 'viewer' });
    const owners = await insertMembersWithSessions(client, { count: SETTINGS.owners, prefix: 'owner' });
    const credits = SETTINGS.creditsPerCampaign;
    await client.query('BEGIN');
    const posts = await client.query(
      `INSERT INTO posts (user_id, text, link, language, tags)
       SELECT ($1::int[])[1 + i % cardinality($1::int[])],
              'Bench post ' || i || ': a short text with a link, as members promote them.',
              'https://example.com/bench/' || i, 'en', ARRAY['bench']
         FROM generate_series(1, $2) i
       RETURNING id, user_id`,
      [owners.map((o) => o.userId), SETTINGS.campaigns],
    );
    await client.query(`INSERT INTO campaigns (post_id, user_id) SELECT id, user_id FROM posts`);
    // Each owner is granted the credits (admin adjustment) and assigns them to the campaign: the
    // ledger rows of both movements, and the balances they add up to (owners end at 0).
    await client.query(
      `INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
       SELECT 'user', p.user_id, NULL, 'admin_adjustment', $1::bigint, 'bench:grant:' || p.id FROM posts p
       UNION ALL
       SELECT 'user', p.user_id, p.id, 'campaign_assign', -$1::bigint, 'assign:' || p.user_id || ':' || p.id || ':bench' FROM posts p
       UNION ALL
       SELECT 'campaign', NULL, p.id, 'campaign_assign', $1::bigint, 'assign:' || p.user_id || ':' || p.id || ':bench' FROM posts p`,
      [credits],
    );
    await client.query(`UPDATE campaigns SET credits = $1`, [credits]);
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return { viewers, owners, campaigns: posts.rowCount };
  });
}

async function ledgerCheck(database) {
  const { findLedgerMismatches } = await import(pathToFileURL(resolve(LEDGER_MODULE)).href);
  return withClient(database.url, async (client) => {
    const query = async (sql) => (await client.query(sql)).rows;
    const mismatches = await findLedgerMismatches(query);
    // Fresh statistics, else the planner still sees the tables empty and joins tickets with ledger
    // keys ('view:' || id) in a nested loop, quadratic in the views (minutes at 30,000 views).
    await client.query('ANALYZE credit_ledger, view_tickets');
    const [counts] = await query(`
      SELECT (SELECT count(*)::int FROM credit_ledger WHERE kind = 'view_earned') AS view_earned,
             (SELECT count(*)::int FROM credit_ledger WHERE kind = 'view_paid') AS view_paid,
             (SELECT count(*)::int FROM view_tickets WHERE status = 'claimed') AS claimed_tickets,
             (SELECT count(*)::int FROM view_tickets) AS tickets,
             (SELECT count(*)::int FROM (SELECT idempotency_key FROM credit_ledger WHERE kind = 'view_earned'
                                           GROUP BY 1 HAVING count(*) > 1) d) AS tickets_credited_twice,
             (SELECT count(*)::int FROM credit_ledger l WHERE l.kind = 'view_earned' AND NOT EXISTS
                (SELECT 1 FROM view_tickets t WHERE l.idempotency_key = 'view:' || t.id AND t.status = 'claimed')) AS earned_without_claimed_ticket,
             (SELECT count(*)::int FROM view_tickets t WHERE t.status = 'claimed' AND NOT EXISTS
                (SELECT 1 FROM credit_ledger l WHERE l.idempotency_key = 'view:' || t.id AND l.kind = 'view_earned')) AS claimed_without_credit,
             (SELECT count(*)::int FROM (SELECT viewer_id, post_id FROM view_tickets WHERE status = 'claimed'
                                           GROUP BY 1, 2 HAVING count(*) > 1) d) AS same_post_twice,
             (SELECT coalesce(max(risk_score), 0)::int FROM users) AS max_risk_score,
             (SELECT count(*)::int FROM users WHERE earning_blocked) AS blocked_users`);
    return {
      userMismatches: mismatches.users.length,
      campaignMismatches: mismatches.campaigns.length,
      mismatchSamples: { users: mismatches.users.slice(0, 5), campaigns: mismatches.campaigns.slice(0, 5) },
      ledgerRows: mismatches.ledgerRows,
      duplicateKeys: mismatches.duplicateKeys,
      viewEarned: counts.view_earned,
      viewPaid: counts.view_paid,
      claimedTickets: counts.claimed_tickets,
      tickets: counts.tickets,
      ticketsCreditedTwice: counts.tickets_credited_twice,
      earnedWithoutClaimedTicket: counts.earned_without_claimed_ticket,
      claimedWithoutCredit: counts.claimed_without_credit,
      samePostTwice: counts.same_post_twice,
      maxRiskScore: counts.max_risk_score,
      blockedUsers: counts.blocked_users,
    };
  });
}

/**
 * Diagnostics (BENCH_SURF_COUNT_QUERIES=1): each statement the app sent, planned and run once more on
 * the idle database after the load with the parameters of its last call (in a transaction that is
 * rolled back): its execution time and buffer hits, without the load's queueing.
 */
async function explainStatements(database, queries) {
  return withClient(database.url, async (client) => {
    const explained = [];
    for (const q of queries) {
      if (/^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i.test(q.sql)) continue;
      try {
        // Twice, each rolled back: the first warms this connection's catalog caches; the second counts.
        let plan;
        for (let attempt = 0; attempt < 2; attempt++) {
          await client.query('BEGIN');
          const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.text}`, q.sample ?? []);
          [plan] = rows[0]['QUERY PLAN'];
          await client.query('ROLLBACK');
        }
        explained.push({
          sql: q.sql,
          perView: q.count,
          planningMs: plan['Planning Time'],
          executionMs: plan['Execution Time'],
          sharedHit: plan.Plan['Shared Hit Blocks'] ?? null,
          rows: plan.Plan['Actual Rows'],
        });
      } catch (error) {
        explained.push({ sql: q.sql, perView: q.count, error: error.message });
      } finally {
        await client.query('ROLLBACK').catch(() => undefined);
      }
    }
    return explained;
  });
}

/** Diagnostics (BENCH_SURF_REPLAY=1): the app's SQL per view, and a compact variant, run by `pg` alone. */
async function replay(database, viewers) {
  const results = {};
  for (const mode of REPLAY_MODES) {
    const worker = startWorker({ name: `replay-${mode}`, script: REPLAY, core: serverCore });
    cleanups.push(() => worker.stop());
    const window = windowFromNow();
    log(
      `replay ${mode}: ${viewers.length} viewers over a pool of ${SETTINGS.baselinePool}, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
    );
    const [run, cpu] = await Promise.all([
      worker.request({
        type: 'run',
        mode,
        databaseUrl: database.url,
        poolSize: SETTINGS.baselinePool,
        viewers: viewers.map((v) => ({ userId: v.userId, tokenHash: sha256(v.token).toString('hex') })),
        ...window,
      }),
      cpuOverWindow(window, { client: worker.pid }),
    ]);
    await worker.stop();
    results[mode] = {
      viewsPerSecond: run.credited / SETTINGS.seconds,
      credited: run.credited,
      creditedTotal: run.creditedTotal,
      noPost: run.noPost,
      latencyMs: summarize(run.latencies),
      errors: run.errors,
      cpuPercent: cpu,
    };
    log(`replay ${mode}: ${Math.round(results[mode].viewsPerSecond)} views/s`);
  }
  results.ledgerAfter = await ledgerCheck(database);
  return results;
}

function merge(into, from) {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
  return into;
}

async function measureApp(database) {
  const server = await startPinnedServer({
    name: 'app',
    args: ['dist/server/src/main.js'],
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: SETTINGS.appLogLevel,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      DATABASE_URL: database.url,
      CLIENT_DIST_DIR: 'dist/client',
      PUBLIC_URL: undefined,
      SURF_TIMER_SECONDS: '0',
      SURF_CHALLENGES: 'off',
      DAILY_EARNING_CAP: '1000000000',
      SOCKET_EVENTS_PER_WINDOW: '1000000',
      RATE_LIMIT_FACTOR: '1000',
      BENCH_QUERY_STATS_FILE: SETTINGS.countQueries ? QUERY_STATS_FILE : undefined,
      ...SETTINGS.appEnv,
    },
    core: serverCore,
    nodeOptions: [
      ...SETTINGS.appNodeOptions,
      ...(SETTINGS.countQueries ? [`--import=${pathToFileURL(COUNT_QUERIES).href}`] : []),
    ],
  });
  cleanups.push(() => server.stop());
  const seeded = await seedApp(database);
  const ledgerBefore = await ledgerCheck(database);
  if (ledgerBefore.userMismatches || ledgerBefore.campaignMismatches || ledgerBefore.duplicateKeys) {
    throw new Error(`the seeded ledger does not add up: ${JSON.stringify(ledgerBefore)}`);
  }

  const workers = [];
  for (let i = 0; i < Math.min(SETTINGS.workers, SETTINGS.clients); i++) {
    const worker = startWorker({ name: `generator-${i + 1}`, script: WORKER, core: loaderCore });
    workers.push(worker);
    cleanups.push(() => worker.stop());
  }
  const shares = workers.map(() => []);
  seeded.viewers.forEach((viewer, i) => shares[i % workers.length].push(viewer));
  await Promise.all(workers.map((worker, i) => worker.request({ type: 'connect', url: server.url, members: shares[i] })));
  log(`app: ${SETTINGS.clients} viewers connected; ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`);

  const window = windowFromNow();
  const [runs, cpu] = await Promise.all([
    Promise.all(workers.map((worker) => worker.request({ type: 'run', url: server.url, ...window }))),
    cpuOverWindow(
      window,
      { server: server.pid, loader: workers.map((w) => w.pid) },
      SETTINGS.countQueries
        ? { onStart: () => process.kill(server.pid, 'SIGUSR2'), onEnd: () => process.kill(server.pid, 'SIGUSR2') }
        : {},
    ),
  ]);
  let queries = null;
  if (SETTINGS.countQueries) {
    await sleep(300);
    queries = JSON.parse(readFileSync(QUERY_STATS_FILE, 'utf8')).sort((a, b) => b.count - a.count);
    rmSync(QUERY_STATS_FILE, { force: true });
  }
  for (const worker of workers) await worker.request({ type: 'close' }).catch(() => undefined);
  for (const worker of workers) await worker.stop();
  await server.stop();

  const perSecondSeries = [];
  for (const run of runs) run.perSecond.forEach((n, i) => (perSecondSeries[i] = (perSecondSeries[i] ?? 0) + n));
  const credited = runs.reduce((n, r) => n + r.credited, 0);
  const result = {
    title: 'the app: surf:claim with the next post in its ack (credited views)',
    views: credited,
    viewsPerSecond: credited / SETTINGS.seconds,
    perSecondSeries: Array.from(perSecondSeries, (n) => n ?? 0),
    claimMs: summarize(runs.flatMap((r) => r.claimMs)),
    nextMs: summarize(runs.flatMap((r) => r.nextMs)),
    viewMs: summarize(runs.flatMap((r) => r.viewMs)),
    creditedTotal: runs.reduce((n, r) => n + r.creditedTotal, 0),
    claimsTotal: runs.reduce((n, r) => n + r.claimsTotal, 0),
    challenges: runs.reduce((n, r) => n + r.challenges, 0),
    noTicket: runs.reduce((n, r) => n + r.noTicket, 0),
    nextInAck: runs.reduce((n, r) => n + r.nextInAck, 0),
    replaced: runs.reduce((n, r) => n + r.replaced, 0),
    uncredited: runs.reduce((all, r) => merge(all, r.uncredited), {}),
    errors: runs.reduce((all, r) => merge(all, r.errors), {}),
    cpuPercent: cpu,
    queries,
    seeded: {
      viewers: seeded.viewers.length,
      owners: seeded.owners.length,
      campaigns: seeded.campaigns,
      creditsPerCampaign: SETTINGS.creditsPerCampaign,
    },
  };
  log(`app: ${Math.round(result.viewsPerSecond)} confirmed views/s, claim p99 ${fmt.ms(result.claimMs.p99)}`);
  log('app: checking the ledger');
  result.ledger = await ledgerCheck(database);
  if (queries) result.explained = await explainStatements(database, queries);
  if (SETTINGS.replay) result.replay = await replay(database, seeded.viewers);
  return result;
}

// ---- report ----------------------------------------------------------------------------------

function evaluate({ baseline, app }) {
  const rows = [];
  if (app && !app.error && baseline && !baseline.error) {
    rows.push(
      target({
        label: `confirmed views/s ≥ ${TARGET_RATIO}× baseline tx/s`,
        value: app.viewsPerSecond / baseline.perSecond,
        limit: TARGET_RATIO,
        comparison: '≥',
        format: fmt.ratio,
        detail: `${fmt.int(app.viewsPerSecond)} views/s vs ${fmt.int(baseline.perSecond)} tx/s`,
      }),
    );
  }
  if (app && !app.error) {
    const l = app.ledger;
    rows.push(
      target({
        label: 'ledger: balances equal their ledger sums',
        value: l.userMismatches + l.campaignMismatches,
        limit: 0,
        comparison: '=',
        detail: `${l.userMismatches} member(s), ${l.campaignMismatches} campaign(s) differ; ${fmt.int(l.ledgerRows)} ledger rows`,
      }),
      target({ label: 'ledger: no idempotency key used twice', value: l.duplicateKeys, limit: 0, comparison: '=', detail: '' }),
      target({
        label: 'no double credits',
        value:
          l.ticketsCreditedTwice +
          l.earnedWithoutClaimedTicket +
          l.claimedWithoutCredit +
          Math.abs(l.viewEarned - l.claimedTickets) +
          Math.abs(l.viewPaid - l.viewEarned),
        limit: 0,
        comparison: '=',
        detail: `${fmt.int(l.viewEarned)} view_earned = ${fmt.int(l.claimedTickets)} claimed tickets = ${fmt.int(l.viewPaid)} view_paid; ${l.ticketsCreditedTwice} ticket(s) credited twice`,
      }),
      target({
        label: 'every credited ack is in the ledger',
        value: l.viewEarned - app.creditedTotal,
        limit: 0,
        comparison: '=',
        detail: `${fmt.int(app.creditedTotal)} acks with credited 1 (warm-up included) vs ${fmt.int(l.viewEarned)} view_earned rows`,
      }),
    );
  }
  for (const [kind, r] of Object.entries({ baseline, app })) {
    if (r?.error)
      rows.push({
        label: `${kind} measured`,
        status: 'MISSED',
        detail: r.error.split('\n')[0],
        shown: { value: 'failed', limit: '' },
      });
  }
  return rows;
}

function print(report) {
  const { meta, results, targets } = report;
  const { baseline, app } = results;
  const out = [''];
  out.push(
    `Surf benchmark ${meta.timestamp}  (commit ${meta.git.commit ?? '?'}${meta.git.dirty ? ', uncommitted changes' : ''})`,
  );
  out.push(`Node ${meta.node}, ${meta.cpus} CPU(s) ${meta.cpuModel}; load average before: ${meta.loadAverage.join(' ')}`);
  out.push(
    `${meta.settings.clients} concurrent clients, ${meta.settings.warmupSeconds} s warm-up then ${meta.settings.seconds} s measured; ` +
      `app: SURF_TIMER_SECONDS=0, SURF_CHALLENGES=off, LOG_LEVEL=${meta.settings.appLogLevel}, NODE_ENV=production, ${meta.settings.campaigns} campaigns; generators: ${meta.settings.workers} process(es) of socket.io-client`,
  );
  out.push(
    meta.pinning.enabled
      ? `CPU pinning: the app and the pg baseline process on core ${meta.pinning.server}, generators on core ${meta.pinning.loader} (taskset); PostgreSQL not pinned`
      : `CPU pinning: none (${meta.pinning.reason})`,
  );
  out.push(`Database: ${meta.database ?? '-'}`);
  const diagnostics = [
    ...meta.settings.appNodeOptions,
    ...Object.entries(meta.settings.appEnv).map(([key, value]) => `${key}=${value}`),
    meta.settings.countQueries ? 'SQL counting preload' : '',
  ].filter(Boolean);
  if (diagnostics.length)
    out.push(`NOTE: the app ran with diagnostics (${diagnostics.join(' ')}): not the unchanged app's figures`);
  out.push('');
  const rows = [];
  if (baseline)
    rows.push(
      baseline.error
        ? ['pg baseline', 'FAILED', '-', '-', '-', '-', '-', '-', '-']
        : [
            baseline.title,
            `${fmt.int(baseline.perSecond)} tx/s`,
            fmt.ms(baseline.latencyMs.p50),
            fmt.ms(baseline.latencyMs.p99),
            fmt.int(Object.values(baseline.errors).reduce((a, b) => a + b, 0)),
            fmt.pct(baseline.cpuPercent.client),
            '-',
            fmt.pct(baseline.cpuPercent.postgres),
            fmt.pct(baseline.cpuPercent.other),
          ],
    );
  if (app)
    rows.push(
      app.error
        ? ['the app', 'FAILED', '-', '-', '-', '-', '-', '-', '-']
        : [
            'the app: confirmed views (claim emit → ack)',
            `${fmt.int(app.viewsPerSecond)} views/s`,
            fmt.ms(app.claimMs.p50),
            fmt.ms(app.claimMs.p99),
            fmt.int(Object.values(app.errors).reduce((a, b) => a + b, 0)),
            fmt.pct(app.cpuPercent.server),
            fmt.pct(app.cpuPercent.loader),
            fmt.pct(app.cpuPercent.postgres),
            fmt.pct(app.cpuPercent.other),
          ],
    );
  out.push(
    table(['measured', 'rate', 'p50', 'p99', 'errors', 'server CPU', 'generator CPU', 'PostgreSQL CPU', 'other CPU'], rows, [
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]),
  );
  // CPU time per unit of work: where a view costs more than a baseline transaction.
  const perOp = (percent, rate) => (percent === undefined || !rate ? '-' : `${((10 * percent) / rate).toFixed(2)} ms`);
  if (baseline && !baseline.error)
    out.push(
      `  CPU per baseline transaction: pg client process ${perOp(baseline.cpuPercent.client, baseline.perSecond)}, PostgreSQL ${perOp(baseline.cpuPercent.postgres, baseline.perSecond)}`,
    );
  if (app && !app.error)
    out.push(
      `  CPU per confirmed view: app ${perOp(app.cpuPercent.server, app.viewsPerSecond)}, PostgreSQL ${perOp(app.cpuPercent.postgres, app.viewsPerSecond)}, generators ${perOp(app.cpuPercent.loader, app.viewsPerSecond)}`,
    );
  for (const [name, r] of [
    ['baseline', baseline],
    ['app', app],
  ])
    if (r && !r.error && r.cpuPercent.other >= 15)
      out.push(
        `  WARNING: other processes used ${Math.round(r.cpuPercent.other)}% of a core during the ${name} measurement; run again on a quiet machine`,
      );
  if (app && !app.error) {
    out.push(
      `  the app: ${fmt.int(app.nextInAck)} of ${fmt.int(app.claimsTotal)} acks carried the next post; POST /data/surf/next ×${app.nextMs.count} in the window, p50 ${fmt.ms(app.nextMs.p50)} / p99 ${fmt.ms(app.nextMs.p99)}`,
    );
    out.push(`  the app: whole view (ticket in hand → ack) p50 ${fmt.ms(app.viewMs.p50)} / p99 ${fmt.ms(app.viewMs.p99)}`);
    out.push(`  the app: per second ${app.perSecondSeries.join(' ')}`);
    if (app.challenges || app.noTicket || app.replaced)
      out.push(`  the app: ${app.challenges} challenge(s), ${app.noTicket} next without a ticket, ${app.replaced} replaced`);
    for (const [code, n] of Object.entries(app.uncredited)) out.push(`  no credit ×${n}: ${code}`);
    for (const [message, n] of Object.entries(app.errors)) out.push(`  error ×${n}: ${message}`);
  }
  if (app?.queries) {
    const views = Math.max(1, app.views);
    const total = app.queries.reduce((n, q) => n + q.count, 0);
    out.push('');
    out.push(
      `SQL statements of the app in the measured window (instrumented run): ${fmt.int(total)}, ${(total / views).toFixed(1)} per confirmed view`,
    );
    out.push(
      table(
        ['per view', 'mean ms', 'statement'],
        app.queries.slice(0, 30).map((q) => [(q.count / views).toFixed(2), (q.ms / q.count).toFixed(2), q.sql.slice(0, 120)]),
        [true, true, false],
      ),
    );
    out.push('');
  }
  if (app?.explained) {
    const views = Math.max(1, app.views);
    out.push(
      'Each statement on the idle database after the load, with its last parameters (EXPLAIN ANALYZE, 2nd of 2 runs, rolled back):',
    );
    out.push(
      table(
        ['per view', 'plan ms', 'exec ms', 'buffers', 'statement'],
        [...app.explained]
          .sort((a, b) => (b.executionMs ?? 0) * b.perView - (a.executionMs ?? 0) * a.perView)
          .map((e) => [
            (e.perView / views).toFixed(2),
            e.error ? '-' : e.planningMs.toFixed(3),
            e.error ? e.error.slice(0, 40) : e.executionMs.toFixed(3),
            e.sharedHit ?? '-',
            e.sql.slice(0, 100),
          ]),
        [true, true, true, true, false],
      ),
    );
    out.push('');
  }
  if (app?.replay) {
    const r = app.replay;
    out.push("Replay of the SQL per view by `pg` alone on the server core (diagnostic; pool as the app's):");
    out.push(
      table(
        ['SQL per view', 'views/s', 'p50', 'p99', 'pg process CPU', 'PostgreSQL CPU', 'PostgreSQL CPU/view', 'errors'],
        REPLAY_MODES.map((mode) => [
          REPLAY_TITLES[mode],
          fmt.int(r[mode].viewsPerSecond),
          fmt.ms(r[mode].latencyMs.p50),
          fmt.ms(r[mode].latencyMs.p99),
          fmt.pct(r[mode].cpuPercent.client),
          fmt.pct(r[mode].cpuPercent.postgres),
          perOp(r[mode].cpuPercent.postgres, r[mode].viewsPerSecond),
          fmt.int(Object.values(r[mode].errors).reduce((a, b) => a + b, 0)),
        ]),
        [false, true, true, true, true, true, true, true],
      ),
    );
    for (const mode of REPLAY_MODES)
      for (const [message, n] of Object.entries(r[mode].errors)) out.push(`  replay ${mode} error ×${n}: ${message}`);
    const l = r.ledgerAfter;
    out.push(
      `  ledger after the replays: ${l.userMismatches + l.campaignMismatches} balance(s) differ, ${l.duplicateKeys} duplicate key(s), ${l.ticketsCreditedTwice} ticket(s) credited twice`,
    );
    out.push('');
  }
  if (baseline && !baseline.error) {
    out.push(`  baseline: per second ${baseline.perSecondSeries.join(' ')}`);
    for (const [message, n] of Object.entries(baseline.errors)) out.push(`  baseline error ×${n}: ${message}`);
  }
  out.push(
    '  (p50/p99: the app = surf:claim emit → ack; baseline = pool checkout + transaction. CPU: 100% = one core, over the measured window;',
  );
  out.push('   server = the app or the pg baseline process, generator = the socket.io-client processes)');
  if (app?.ledger) {
    const l = app.ledger;
    out.push('');
    out.push(
      `Ledger check (findLedgerMismatches): ${l.userMismatches} member and ${l.campaignMismatches} campaign balance(s) differ, ${l.duplicateKeys} duplicate key(s) over ${fmt.int(l.ledgerRows)} rows; ` +
        `${fmt.int(l.viewEarned)} view_earned / ${fmt.int(l.viewPaid)} view_paid rows, ${fmt.int(l.claimedTickets)} claimed of ${fmt.int(l.tickets)} tickets, ` +
        `${l.ticketsCreditedTwice} credited twice, ${l.samePostTwice} viewer/post pair(s) claimed twice; max risk score ${l.maxRiskScore}, ${l.blockedUsers} blocked`,
    );
  }
  out.push('');
  out.push('Targets');
  out.push(targetTable(targets));
  const missed = targets.filter((t) => t.status === 'MISSED');
  out.push('');
  out.push(
    missed.length === 0 ? 'All targets met.' : `MISSED ${missed.length} target(s): ${missed.map((t) => t.label).join('; ')}`,
  );
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  const startedAt = new Date();
  const meta = { timestamp: startedAt.toISOString(), ...machineMeta(), settings: SETTINGS, pinning, targetRatio: TARGET_RATIO };
  log(
    pinning.enabled ? `server on core ${pinning.server}, generators on core ${pinning.loader}` : `not pinning: ${pinning.reason}`,
  );
  await waitQuietIfAsked('bench:surf');
  log('creating a throw-away database');
  const database = await createBenchDatabase();
  cleanups.push(() => database.drop());
  meta.database = `${database.name} on ${database.server}`;
  const results = {};
  for (const [kind, measure] of [
    ['baseline', measureBaseline],
    ['app', measureApp],
  ]) {
    if (!SETTINGS.only.includes(kind)) continue;
    try {
      results[kind] = await measure(database);
    } catch (error) {
      log(`${kind} failed: ${error.stack ?? error}`);
      results[kind] = { error: error.message };
    }
    while (cleanups.length > 1)
      await cleanups
        .pop()()
        .catch(() => undefined);
  }
  await cleanUp();
  meta.durationSeconds = (Date.now() - startedAt.getTime()) / 1000;
  meta.loadAverageAfter = machineMeta().loadAverage;
  const targets = evaluate(results);
  const report = {
    meta,
    results,
    targets,
    summary: { missed: targets.filter((t) => t.status === 'MISSED').map((t) => t.label) },
  };
  print(report);
  const file = writeResultFiles('surf', report);
  log(`results written to ${file}`);
}

main()
  .catch(async (error) => {
    log(error.stack ?? String(error));
    await cleanUp();
  })
  .finally(() => process.exit(0));
