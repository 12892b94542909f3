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
// missed: it is a measurement. Settings: lib/settings.mjs and bench/surf/README.md.
//
// BENCH_SURF_PROCESSES=N (N ≥ 2) runs the scale-out scenario instead (scale-out.mjs): one app
// process against N sharing Redis and PostgreSQL; it writes surf-scale-<timestamp>.json.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  cpuOverWindow,
  createBenchDatabase,
  exitCleanups,
  fmt,
  log as logAs,
  machineMeta,
  sha256,
  startWorker,
  summarize,
  table,
  target,
  targetsSection,
  waitQuietIfAsked,
  withClient,
  writeResultFiles,
} from '../fanout/lib/common.mjs';
import { ledgerCheck, measureApp, windowFromNow } from './lib/app.mjs';
import { pinning, serverCore, SETTINGS } from './lib/settings.mjs';
import { runScaleOut } from './scale-out.mjs';

const log = (message) => logAs('bench:surf', message);

const TARGET_RATIO = 0.7;

const BASELINE = fileURLToPath(new URL('./baseline.mjs', import.meta.url));
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

const { cleanups, cleanUp } = exitCleanups(log);

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

async function measureSingleApp(database) {
  const { result, viewers } = await measureApp(database, {
    env: { BENCH_QUERY_STATS_FILE: SETTINGS.countQueries ? QUERY_STATS_FILE : undefined },
    nodeOptions: [
      ...SETTINGS.appNodeOptions,
      ...(SETTINGS.countQueries ? [`--import=${pathToFileURL(COUNT_QUERIES).href}`] : []),
    ],
    hooks: SETTINGS.countQueries
      ? {
          onStart: ([server]) => process.kill(server.pid, 'SIGUSR2'),
          onEnd: ([server]) => process.kill(server.pid, 'SIGUSR2'),
          afterWindow: async () => {
            await sleep(300);
            const queries = JSON.parse(readFileSync(QUERY_STATS_FILE, 'utf8')).sort((a, b) => b.count - a.count);
            rmSync(QUERY_STATS_FILE, { force: true });
            return { queries };
          },
        }
      : {},
    cleanups,
    log: (message) => log(`app: ${message}`),
  });
  if (result.queries) result.explained = await explainStatements(database, result.queries);
  if (SETTINGS.replay) result.replay = await replay(database, viewers);
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
  out.push(...targetsSection(targets));
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  if (SETTINGS.processes > 1) return runScaleOut({ cleanups, cleanUp, log });
  const startedAt = new Date();
  const meta = { timestamp: startedAt.toISOString(), ...machineMeta(), settings: SETTINGS, pinning, targetRatio: TARGET_RATIO };
  log(
    pinning.enabled ? `server on core ${pinning.server}, generators on core ${pinning.loader}` : `not pinning: ${pinning.reason}`,
  );
  await waitQuietIfAsked('bench:surf');
  log('creating a throw-away database');
  const database = await createBenchDatabase();
  if (process.env.BENCH_KEEP_DATABASE !== '1') cleanups.push(() => database.drop());
  meta.database = `${database.name} on ${database.server}`;
  const results = {};
  for (const [kind, measure] of [
    ['baseline', measureBaseline],
    ['app', measureSingleApp],
  ]) {
    if (!SETTINGS.only.includes(kind)) continue;
    try {
      results[kind] = await measure(database);
    } catch (error) {
      log(`${kind} failed: ${error.stack ?? error}`);
      results[kind] = { error: error.message };
    }
    await cleanUp(1);
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
