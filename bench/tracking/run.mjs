// The tracking benchmark: the calls every tab sends (POST /data/z5-stats/record, PUT
// /data/z5-stats/update, POST /data/feed/recordFeedActivity/:eventName) at 50 connections, against
// /data/health on the same app process in the same run (target: ≥ 0.8× its requests/s). The calls
// only buffer; batches are written meanwhile, so the database's work is part of the run (not of
// the answer). After the load it waits for the last batch and counts: every call the server
// accepted (200) must be in the database — page views, their updates, events and the rollups
// (views, clicks and plays counted once a day per viewer and post, as the server counts them).
// The server's RSS is sampled during the load: the buffer is bounded, so memory must be too.
//
//   node bench/tracking/run.mjs          (after npm run build)
//
// Processes: the app on core 0, the generator (load-worker.mjs, autocannon) on core 1 (taskset).
// PostgreSQL is not pinned. Writes bench/results/tracking-<timestamp>.json and tracking-latest.json;
// exits 0 even when a target is missed: it is a measurement. Settings: bench/tracking/README.md.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  benchAppEnv,
  cpuMeter,
  createBenchDatabase,
  envNumber,
  exitCleanups,
  fmt,
  insertMembersWithSessions,
  log as logAs,
  machineMeta,
  planPinning,
  rssBytes,
  startPinnedServer,
  startWorker,
  table,
  target,
  targetTable,
  waitQuietIfAsked,
  withClient,
  writeResultFiles,
} from '../fanout/lib/common.mjs';

const log = (message) => logAs('bench:tracking', message);

const SETTINGS = {
  connections: envNumber('BENCH_TRACKING_CONNECTIONS', 50, { min: 1 }),
  seconds: envNumber('BENCH_TRACKING_SECONDS', 10, { min: 1 }),
  warmupSeconds: envNumber('BENCH_TRACKING_WARMUP', 3),
  posts: envNumber('BENCH_TRACKING_POSTS', 1000, { min: 1 }),
  /** The app's TRACKING_BUFFER_MAX during the run. */
  bufferMax: envNumber('BENCH_TRACKING_BUFFER_MAX', 50_000, { min: 1 }),
  /** How long to wait for the last batches after the load before counting. */
  drainMs: envNumber('BENCH_TRACKING_DRAIN_MS', 15_000, { min: 1000 }),
  rssSampleMs: 200,
  pin: process.env.BENCH_PIN !== '0',
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
};
const TARGETS = { ratio: 0.8 };

const WORKER = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));
const pinning = planPinning(SETTINGS.pin);
const serverCore = pinning.enabled ? pinning.server : undefined;
const loaderCore = pinning.enabled ? pinning.loader : undefined;
const { cleanups, cleanUp } = exitCleanups(log);

async function startApp(database) {
  const server = await startPinnedServer({
    name: 'app',
    args: ['dist/server/src/main.js'],
    env: benchAppEnv(database, SETTINGS.appLogLevel, {
      // Every call comes from one address here, thousands a second: far past a tab's limit, as intended.
      RATE_LIMIT_FACTOR: '1000000',
      TRACKING_BUFFER_MAX: String(SETTINGS.bufferMax),
    }),
    core: serverCore,
  });
  cleanups.push(() => server.stop());
  return server;
}

/** Posts the events name, by one member: the rollups upsert into real rows. */
async function seedPosts(url) {
  return withClient(url, async (client) => {
    const [owner] = await insertMembersWithSessions(client, { count: 1, prefix: 'tracked' });
    const { rows } = await client.query(
      `INSERT INTO posts (user_id, text, language, tags) SELECT $1, 'Post ' || i, 'en', '{}' FROM generate_series(1, $2) AS i RETURNING id`,
      [owner.userId, SETTINGS.posts],
    );
    return rows.map((row) => row.id);
  });
}

function sampleRss(pid) {
  const samples = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssBytes(pid));
    } catch {
      // The server ended meanwhile.
    }
  }, SETTINGS.rssSampleMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The load, with the CPU each side used over the measured seconds (after the warm-up). */
async function measure(worker, app, mode, postIds) {
  log(`${mode}: ${SETTINGS.connections} connections, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`);
  const load = worker.request({
    type: 'run',
    url: app.url,
    mode,
    connections: SETTINGS.connections,
    warmupSeconds: SETTINGS.warmupSeconds,
    seconds: SETTINGS.seconds,
    postIds,
  });
  await sleep(SETTINGS.warmupSeconds * 1000);
  const meter = cpuMeter({ server: app.pid, loader: worker.pid });
  const result = await load;
  return { ...result, cpu: meter.stop() };
}

async function stored(url) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT (SELECT count(*)::int FROM page_views) AS records,
              (SELECT coalesce(sum(updates), 0)::int FROM page_views) AS updates,
              (SELECT count(*)::int FROM feed_events) AS events,
              (SELECT coalesce(sum(seen + viewed + link_clicks + video_plays), 0)::int FROM post_stats_hourly) AS rolled_up,
              (SELECT count(*)::int FROM (
                 SELECT DISTINCT day, coalesce('u:' || user_id, 'a:' || address_hash), post_id, name, level
                 FROM feed_events WHERE name IN ('post_view', 'post_link_click', 'playVideo')) AS once_per_viewer) AS countable`,
    );
    return rows[0];
  });
}

/** Polls the counts until they stop moving (the last batch is in) or `drainMs` passes. */
async function storedAfterDrain(url, expectedEvents) {
  const deadline = Date.now() + SETTINGS.drainMs;
  let last = await stored(url);
  for (;;) {
    await sleep(1500);
    const now = await stored(url);
    const settled = now.events === last.events && now.records === last.records && now.updates === last.updates;
    last = now;
    if ((settled && now.events >= expectedEvents) || Date.now() > deadline) return now;
  }
}

async function main() {
  await waitQuietIfAsked('bench:tracking');
  const database = await createBenchDatabase();
  cleanups.push(() => database.drop());
  log(`database: ${database.server}`);
  const app = await startApp(database);
  const postIds = await seedPosts(database.url);
  const worker = startWorker({ name: 'tracking-load', script: WORKER, core: loaderCore });
  cleanups.push(() => worker.stop());

  const health = await measure(worker, app, 'health');
  const rssBefore = rssBytes(app.pid);
  const rss = sampleRss(app.pid);
  const tracking = await measure(worker, app, 'tracking', postIds);
  const rssSamples = rss.stop();
  const { accepted } = tracking;
  const inDatabase = await storedAfterDrain(database.url, accepted.event);
  const rssAfter = rssBytes(app.pid);

  const ratio = tracking.requestsPerSecond / health.requestsPerSecond;
  const lost = {
    records: Math.max(0, accepted.record - inDatabase.records),
    updates: Math.max(0, accepted.update - inDatabase.updates),
    events: Math.max(0, accepted.event - inDatabase.events),
  };
  const rollupsMatch = inDatabase.rolled_up === inDatabase.countable;
  const rssMax = Math.max(...rssSamples);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

  console.log('');
  console.log(
    table(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'server CPU', 'loader CPU', 'db CPU', 'other CPU'],
      [health, tracking].map((run, index) => [
        index === 0 ? 'GET /data/health' : 'tracking mix',
        fmt.int(run.requestsPerSecond),
        run.latencyMs.p50,
        run.latencyMs.p99,
        run.non2xx,
        run.errors,
        fmt.pct(run.cpu.server),
        fmt.pct(run.cpu.loader),
        fmt.pct(run.cpu.postgres),
        fmt.pct(run.cpu.other),
      ]),
      [false, true, true, true, true, true, true, true, true, true],
    ),
  );
  console.log('');
  console.log(
    table(
      ['', 'accepted (200)', 'in the database', 'missing'],
      [
        ['page views (records)', fmt.int(accepted.record), fmt.int(inDatabase.records), lost.records],
        ['updates', fmt.int(accepted.update), fmt.int(inDatabase.updates), lost.updates],
        ['feed events', fmt.int(accepted.event), fmt.int(inDatabase.events), lost.events],
      ],
      [false, true, true, true],
    ),
  );
  console.log(
    `rollups: ${fmt.int(inDatabase.rolled_up)} counted for ${fmt.int(inDatabase.countable)} countable of ${fmt.int(inDatabase.events)} events ` +
      '(views, clicks and plays once a day per viewer and post)',
  );
  console.log(`server RSS: ${mb(rssBefore)} before the load, at most ${mb(rssMax)} during it, ${mb(rssAfter)} after the drain`);
  console.log('');

  const targets = [
    target({
      label: `tracking mix ≥ ${TARGETS.ratio}× /data/health req/s`,
      value: ratio,
      limit: TARGETS.ratio,
      comparison: '≥',
      format: fmt.ratio,
      detail: `${fmt.int(tracking.requestsPerSecond)} vs ${fmt.int(health.requestsPerSecond)} req/s`,
    }),
    target({
      label: 'accepted calls missing from the database',
      value: lost.records + lost.updates + lost.events,
      limit: 0,
      comparison: '=',
      detail: `${fmt.int(accepted.record + accepted.update + accepted.event)} accepted`,
    }),
    target({
      label: 'rollups equal what the events count',
      value: rollupsMatch ? 1 : 0,
      limit: 1,
      comparison: '=',
      format: (v) => (v ? 'yes' : 'no'),
    }),
  ];
  console.log(targetTable(targets));

  const file = writeResultFiles('tracking', {
    meta: { timestamp: new Date().toISOString(), ...machineMeta(), pinning, settings: SETTINGS },
    health,
    tracking,
    ratio,
    inDatabase,
    lost,
    rss: { before: rssBefore, max: rssMax, after: rssAfter, samples: rssSamples.length },
    targets,
    summary: { missed: targets.filter((t) => t.status === 'MISSED').map((t) => t.label) },
  });
  log(`results: ${file}`);
}

main()
  .catch((error) => {
    log(`failed: ${error?.stack ?? error}`);
    process.exitCode = 1;
  })
  .finally(cleanUp);
