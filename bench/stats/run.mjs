// The Detailed Stats benchmark, on a database seeded with SQL (bench/stats/seed.mjs): one campaign
// with 10,000,000 raw feed events over 90 days and the rollups made from them, among many members'
// posts with rollups of their own. Measured at 10 connections, each for a warm-up then 15 s:
//   1. GET /data/stats/posts/:pid?days=90 of that campaign, as its owner, in a few time zones;
//   2. GET /data/stats/overview?days=90 of its owner (that post and the owner's other posts).
// Before the load, the first answers of the fresh process are timed one at a time: the cold cost
// of reading finished days the app then keeps in memory.
// Before measuring, it waits for the app's credited recount (run at start-up) to have counted
// the seeded claimed tickets, and checks the answers against the raw rows: the post's totals
// equal the raw events' counts and the claimed tickets' count.
//
// Processes: the app on core 0, the HTTP generator (bench/social/http-worker.mjs) on core 1.
//
//   node bench/stats/run.mjs          (after npm run build)
//
// Writes bench/results/stats-<timestamp>.json and stats-latest.json. Exits 0 even when a target
// is missed: it is a measurement. Settings: SETTINGS below and bench/stats/README.md.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  benchAppEnv,
  built,
  cpuOverWindow,
  getAsMember,
  migrateBuilt,
  createBenchDatabase,
  envNumber,
  exitCleanups,
  fmt,
  insertSessions,
  log as logAs,
  machineMeta,
  planPinning,
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
import { seedStats } from './seed.mjs';

const log = (message) => logAs('bench:stats', message);

const SETTINGS = {
  seed: {
    members: envNumber('BENCH_STATS_MEMBERS', 20_000, { min: 100 }),
    posts: envNumber('BENCH_STATS_POSTS', 100_000, { min: 100 }),
    events: envNumber('BENCH_STATS_EVENTS', 10_000_000, { min: 1000 }),
    days: 90,
    tickets: envNumber('BENCH_STATS_TICKETS', 200_000, { min: 1 }),
    /** The measured member's posts, the campaign included. */
    ownerPosts: envNumber('BENCH_STATS_OWNER_POSTS', 50, { min: 1 }),
    otherRollupPosts: envNumber('BENCH_STATS_OTHER_POSTS', 20_000, { min: 0 }),
    otherRollupHours: envNumber('BENCH_STATS_OTHER_HOURS', 60, { min: 1 }),
  },
  connections: envNumber('BENCH_STATS_CONNECTIONS', 10, { min: 1 }),
  seconds: envNumber('BENCH_STATS_SECONDS', 15, { min: 1 }),
  warmupSeconds: envNumber('BENCH_STATS_WARMUP', 3),
  timeZones: ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'],
  pin: process.env.BENCH_PIN !== '0',
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
};
const TARGETS = { p99Ms: 100 };

const HTTP_WORKER = fileURLToPath(new URL('../social/http-worker.mjs', import.meta.url));
const pinning = planPinning(SETTINGS.pin);
const serverCore = pinning.enabled ? pinning.server : undefined;
const loaderCore = pinning.enabled ? pinning.loader : undefined;
const { cleanups, cleanUp } = exitCleanups(log);

async function seedDatabase(url) {
  const { TRACKING_PLACES } = await built('dist/shared/tracking/tracking.js');
  return withClient(url, async (client) => {
    const started = Date.now();
    const seeded = await seedStats(client, SETTINGS.seed, [...TRACKING_PLACES]);
    const seedSeconds = (Date.now() - started) / 1000;
    for (const s of seeded.steps) log(`  ${s.label}: ${s.rows === null ? '' : `${fmt.int(s.rows)} rows, `}${s.ms} ms`);
    log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const [owner] = await insertSessions(client, [seeded.owner]);
    const {
      rows: [counts],
    } = await client.query(
      `SELECT (SELECT count(*) FROM feed_events)::int AS feed_events,
              (SELECT count(*) FROM feed_events WHERE post_id = $1)::int AS campaign_events,
              (SELECT count(*) FROM pg_inherits WHERE inhparent = 'feed_events'::regclass)::int AS partitions,
              (SELECT count(*) FROM post_stats_hourly)::int AS hourly_rows,
              (SELECT count(*) FROM post_stats_hourly WHERE post_id = $1)::int AS campaign_hourly_rows,
              (SELECT count(*) FROM post_stats_country_daily)::int AS country_rows,
              (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM posts)::int AS posts,
              (SELECT count(*) FROM view_tickets WHERE status = 'claimed')::int AS claimed_tickets`,
      [seeded.pid],
    );
    return { seedSeconds, steps: seeded.steps, counts, owner, pid: seeded.pid };
  });
}

async function startApp(database) {
  const server = await startPinnedServer({
    name: 'app',
    args: ['dist/server/src/main.js'],
    env: benchAppEnv(database, SETTINGS.appLogLevel),
    core: serverCore,
  });
  cleanups.push(() => server.stop());
  return server;
}

/** Waits until the app's start-up recount has moved the credited watermark: the seeded claims are counted. */
async function creditedRecountDone(database, startedAt) {
  return withClient(database.url, async (client) => {
    for (;;) {
      const { rows } = await client.query(`SELECT done_until FROM rollup_watermarks WHERE rollup = 'credited'`);
      if (rows.length > 0) return (Date.now() - startedAt) / 1000;
      if (Date.now() - startedAt > 120_000) throw new Error('the credited recount did not run within 2 minutes');
      await sleep(100);
    }
  });
}

/**
 * The first answers of a fresh process, one request at a time: each post's finished days are read
 * from the rollups once and kept, so these cost what every later answer saves. The post is asked
 * in the first two zones, the overview in the other two, so neither finds anything kept.
 */
async function coldAnswers(server, postPaths, overviewPaths, cookie) {
  const timed = async (path) => {
    const started = performance.now();
    const answer = await getAsMember(new URL(path, server.url), cookie);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return performance.now() - started;
  };
  const half = Math.ceil(postPaths.length / 2);
  const post = [];
  for (const path of postPaths.slice(0, half)) post.push(await timed(path));
  const overview = [];
  for (const path of overviewPaths.slice(half)) overview.push(await timed(path));
  return { postMs: post, overviewMs: overview };
}

/** The post's answer against the raw rows: every raw event and every claimed ticket of the period is in its totals. */
async function checkAgainstRaw(database, server, seeded, path) {
  const answer = await getAsMember(new URL(path, server.url), seeded.owner.cookie);
  const stats = JSON.parse(answer.text).data;
  const raw = await withClient(database.url, async (client) => {
    const {
      rows: [row],
    } = await client.query(
      `SELECT count(*) FILTER (WHERE name = 'post_view' AND level = 5)::int AS seen,
              count(*) FILTER (WHERE name = 'post_view' AND level = 10)::int AS viewed,
              count(*) FILTER (WHERE name = 'post_link_click')::int AS "linkClicks",
              count(*) FILTER (WHERE name = 'playVideo')::int AS "videoPlays",
              count(*) FILTER (WHERE name = 'viewImage')::int AS "imageViews",
              (SELECT count(*)::int FROM view_tickets WHERE post_id = $1 AND status = 'claimed' AND claimed_at >= $2) AS credited
         FROM feed_events WHERE post_id = $1 AND at >= $2`,
      [seeded.pid, `${stats.daily[0].day}T00:00:00Z`],
    );
    return row;
  });
  const same = Object.keys(raw).every((key) => stats.totals[key] === raw[key]);
  return {
    status: answer.status,
    bytes: Buffer.byteLength(answer.text),
    totals: stats.totals,
    raw,
    same,
    days: stats.daily.length,
  };
}

function windowFromNow() {
  const startAt = sharedNow() + 300;
  const measureFrom = startAt + SETTINGS.warmupSeconds * 1000;
  return { startAt, measureFrom, endAt: measureFrom + SETTINGS.seconds * 1000 };
}

async function httpLoad(server, paths, cookie) {
  const worker = startWorker({ name: 'http-generator', script: HTTP_WORKER, core: loaderCore });
  cleanups.push(() => worker.stop());
  const window = windowFromNow();
  const [run, cpu] = await Promise.all([
    worker.request({ type: 'run', url: server.url, paths, cookies: [cookie], connections: SETTINGS.connections, ...window }),
    cpuOverWindow(window, { server: server.pid, loader: worker.pid }),
  ]);
  await worker.stop();
  return {
    answered: run.answered,
    perSecond: run.answered / SETTINGS.seconds,
    perSecondSeries: run.perSecond,
    latencyMs: summarize(run.latencies),
    meanBytes: run.answered ? run.bytes / run.answered : null,
    errors: run.errors,
    cpuPercent: cpu,
  };
}

async function measure(name, server, paths, cookie) {
  log(
    `${name}: ${paths[0]} (+${paths.length - 1} time zones), ${SETTINGS.connections} connections, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
  );
  const load = await httpLoad(server, paths, cookie);
  log(`${name}: ${Math.round(load.perSecond)} answers/s, p50 ${fmt.ms(load.latencyMs.p50)}, p99 ${fmt.ms(load.latencyMs.p99)}`);
  return { title: `GET ${paths[0].replace(/&tz=.*/, '')}`, paths, ...load };
}

function print(report) {
  const { results, targets, meta } = report;
  const out = ['', `Detailed Stats benchmark — ${meta.timestamp}`, ''];
  const c = results.seed.counts;
  out.push(
    `  seed: ${fmt.int(c.members)} members, ${fmt.int(c.posts)} posts; ${fmt.int(c.campaign_events)} raw events of the campaign in ${c.partitions} daily partitions; ` +
      `${fmt.int(c.hourly_rows)} hourly rollup rows (${fmt.int(c.campaign_hourly_rows)} of the campaign), ${fmt.int(c.country_rows)} country rows, ${fmt.int(c.claimed_tickets)} claimed tickets; ${results.seed.seedSeconds.toFixed(1)} s`,
  );
  if (results.recountSeconds !== undefined)
    out.push(
      `  credited recount at start-up (every claimed ticket): done ${results.recountSeconds.toFixed(1)} s after the app was up`,
    );
  if (results.check)
    out.push(
      `  check: the campaign's ${results.check.days} days: totals ${JSON.stringify(results.check.totals)}; raw rows ${results.check.same ? 'agree' : `DIFFER ${JSON.stringify(results.check.raw)}`}; ${fmt.kb(results.check.bytes)} answer`,
    );
  if (results.cold)
    out.push(
      `  cold first answers (nothing kept yet, one at a time): post ${results.cold.postMs.map(fmt.ms).join(', ')}; overview ${results.cold.overviewMs.map(fmt.ms).join(', ')}`,
    );
  const cpuCells = (cpu) =>
    ['server', 'loader', 'postgres', 'other'].map((key) => (cpu?.[key] === undefined ? '-' : `${Math.round(cpu[key])}%`));
  const rows = ['post', 'overview']
    .filter((kind) => results[kind] && !results[kind].error)
    .map((kind) => {
      const r = results[kind];
      return [
        r.title,
        `${fmt.int(r.perSecond)}/s`,
        fmt.ms(r.latencyMs.p50),
        fmt.ms(r.latencyMs.p99),
        fmt.ms(r.latencyMs.max),
        fmt.int(Object.values(r.errors).reduce((a, b) => a + b, 0)),
        ...cpuCells(r.cpuPercent),
      ];
    });
  out.push('');
  out.push(
    table(
      ['measured', 'rate', 'p50', 'p99', 'max', 'errors', 'server CPU', 'generator CPU', 'PostgreSQL CPU', 'other CPU'],
      rows,
      [false, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const kind of ['post', 'overview']) {
    const r = results[kind];
    if (r?.error) out.push(`  ${kind} failed: ${r.error}`);
    else if (r) for (const [message, n] of Object.entries(r.errors)) out.push(`  ${kind} error ×${n}: ${message}`);
    if (r && !r.error && r.cpuPercent.other >= 15)
      out.push(`  WARNING: other processes used ${Math.round(r.cpuPercent.other)}% of a core during the ${kind} measurement`);
  }
  out.push('  (CPU: 100% = one core, over the measured window)');
  out.push('');
  out.push('Targets');
  out.push(targetTable(targets));
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  const startedAt = new Date();
  const meta = { timestamp: startedAt.toISOString(), ...machineMeta(), settings: SETTINGS, pinning, targets: TARGETS };
  log(
    pinning.enabled ? `server on core ${pinning.server}, generator on core ${pinning.loader}` : `not pinning: ${pinning.reason}`,
  );
  await waitQuietIfAsked('bench:stats');
  log('creating a throw-away database');
  const database = await createBenchDatabase();
  cleanups.push(() => database.drop());
  meta.database = `${database.name} on ${database.server}`;
  await migrateBuilt(database.url);
  log(
    `seeding ${fmt.int(SETTINGS.seed.events)} raw events of one campaign over ${SETTINGS.seed.days} days, ${fmt.int(SETTINGS.seed.posts)} posts`,
  );
  const seeded = await seedDatabase(database.url);
  const results = { seed: { seedSeconds: seeded.seedSeconds, steps: seeded.steps, counts: seeded.counts } };
  const { STATS_ENDPOINTS } = await built('dist/shared/stats/stats.js');
  log('starting the app');
  const server = await startApp(database);
  results.recountSeconds = await creditedRecountDone(database, Date.now());
  const postPaths = SETTINGS.timeZones.map((tz) => `${STATS_ENDPOINTS.posts}/${seeded.pid}?days=90&tz=${encodeURIComponent(tz)}`);
  const overviewPaths = SETTINGS.timeZones.map((tz) => `${STATS_ENDPOINTS.overview}?days=90&tz=${encodeURIComponent(tz)}`);
  results.cold = await coldAnswers(server, postPaths, overviewPaths, seeded.owner.cookie);
  log(
    `cold first answers: post ${results.cold.postMs.map(fmt.ms).join(', ')}; overview ${results.cold.overviewMs.map(fmt.ms).join(', ')}`,
  );
  results.check = await checkAgainstRaw(database, server, seeded, `${STATS_ENDPOINTS.posts}/${seeded.pid}?days=90&tz=UTC`);
  log(`check: totals ${JSON.stringify(results.check.totals)}, raw rows ${results.check.same ? 'agree' : 'DIFFER'}`);
  for (const [kind, paths] of [
    ['post', postPaths],
    ['overview', overviewPaths],
  ]) {
    try {
      results[kind] = await measure(kind, server, paths, seeded.owner.cookie);
    } catch (error) {
      log(`${kind} failed: ${error.stack ?? error}`);
      results[kind] = { error: error.message };
    }
  }
  await server.stop();
  await cleanUp();
  meta.durationSeconds = (Date.now() - startedAt.getTime()) / 1000;
  meta.loadAverageAfter = machineMeta().loadAverage;
  const targets = ['post', 'overview']
    .filter((kind) => results[kind] && !results[kind].error)
    .map((kind) =>
      target({
        label: `${kind === 'post' ? 'a campaign of 10M events' : "its owner's overview"}, 90 days: p99 < ${TARGETS.p99Ms} ms`,
        value: results[kind].latencyMs.p99,
        limit: TARGETS.p99Ms,
        comparison: '<',
        format: fmt.ms,
        detail: `p50 ${fmt.ms(results[kind].latencyMs.p50)}, ${SETTINGS.connections} connections`,
      }),
    );
  if (results.check)
    targets.push(
      target({
        label: 'the rollups hold the raw counts',
        value: results.check.same ? 1 : 0,
        limit: 1,
        comparison: '≥',
        format: (v) => (v ? 'yes' : 'no'),
      }),
    );
  const report = {
    meta,
    results,
    targets,
    summary: { missed: targets.filter((t) => t.status === 'MISSED').map((t) => t.label) },
  };
  print(report);
  const file = writeResultFiles('stats', report);
  log(`results written to ${file} (${meta.durationSeconds.toFixed(0)} s in all)`);
}

main()
  .catch(async (error) => {
    log(error.stack ?? String(error));
    await cleanUp();
  })
  .finally(() => process.exit(0));
