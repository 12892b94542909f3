// The social benchmark, on a database seeded with SQL (bench/social/seed.mjs: 100,000 members,
// 500,000 posts, 1,000,000 comments, 2,000,000 feels, follows, tag follows, groups):
//   1. the home feed page (GET /data/feed?source=home: 20 entries with their first comments, feel
//      counts, the viewer's feel and bookmark) at 50 connections, each request as a random one of
//      1,000 members with a session; against a pg baseline in the same run: the same statements,
//      with the same parameters, that the app's FeedService sends per page (feed-queries.mjs),
//      run straight on a pg pool at the same concurrency (feed-baseline.mjs);
//   2. user search (GET /data/userSearch?q=) with misspelt usernames and first names at 4 connections;
//   3. comment fan-out: 1,000 sockets of members watching one post (posts:watch), another member
//      comments on it (POST /data/posts/:pid/comments) twice a second; the time from the POST's
//      send to each socket's 'post:comment', on a clock all processes share, and what was lost.
//
// Processes: the app (and, for the baseline, the pg process) on core 0, the generators
// (http-worker.mjs, socket-worker.mjs) on core 1 (taskset), each started through bash with a
// raised open-files limit. PostgreSQL is not pinned.
//
//   node bench/social/run.mjs          (after npm run build)
//
// Writes bench/results/social-<timestamp>.json and social-latest.json. Exits 0 even when a target
// is missed: it is a measurement. Settings: SETTINGS below and bench/social/README.md.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  benchAppEnv,
  built,
  cpuOverWindow,
  getAsMember,
  migrateBuilt,
  cpuMeter,
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
  targetsSection,
  waitQuietIfAsked,
  withClient,
  writeResultFiles,
} from '../fanout/lib/common.mjs';
import { homePageRecorder } from './feed-queries.mjs';
import { seedSocial } from './seed.mjs';
import { misspell, seededRandom } from './typos.mjs';

const log = (message) => logAs('bench:social', message);

const SETTINGS = {
  seed: {
    members: envNumber('BENCH_SOCIAL_MEMBERS', 100_000, { min: 10_000 }),
    posts: envNumber('BENCH_SOCIAL_POSTS', 500_000, { min: 1000 }),
    comments: envNumber('BENCH_SOCIAL_COMMENTS', 1_000_000, { min: 3 }),
    feels: envNumber('BENCH_SOCIAL_FEELS', 2_000_000, { min: 1 }),
    followsPerMember: envNumber('BENCH_SOCIAL_FOLLOWS', 20, { min: 1 }),
    groups: envNumber('BENCH_SOCIAL_GROUPS', 2000, { min: 1 }),
  },
  /** Seeded members given a session: the feed's viewers, the search's searchers, the fan-out's sockets. */
  viewers: envNumber('BENCH_SOCIAL_VIEWERS', 1000, { min: 1 }),
  feed: {
    connections: envNumber('BENCH_SOCIAL_FEED_CONNECTIONS', 50, { min: 1 }),
    seconds: envNumber('BENCH_SOCIAL_FEED_SECONDS', 20, { min: 1 }),
    warmupSeconds: envNumber('BENCH_SOCIAL_FEED_WARMUP', 3),
    /** The baseline's pool: one connection per concurrent request. (The app's TypeORM pool has 20.) */
    baselinePool: envNumber('BENCH_SOCIAL_BASELINE_POOL', 50, { min: 1 }),
  },
  search: {
    connections: envNumber('BENCH_SOCIAL_SEARCH_CONNECTIONS', 4, { min: 1 }),
    seconds: envNumber('BENCH_SOCIAL_SEARCH_SECONDS', 10, { min: 1 }),
    warmupSeconds: envNumber('BENCH_SOCIAL_SEARCH_WARMUP', 2),
    queries: envNumber('BENCH_SOCIAL_SEARCH_QUERIES', 200, { min: 1 }),
  },
  fanout: {
    sockets: envNumber('BENCH_SOCIAL_SOCKETS', 1000, { min: 1 }),
    workers: envNumber('BENCH_SOCIAL_SOCKET_WORKERS', 2, { min: 1 }),
    connectConcurrency: envNumber('BENCH_SOCIAL_CONNECT_CONCURRENCY', 100, { min: 1 }),
    commentsPerSecond: envNumber('BENCH_SOCIAL_COMMENTS_PER_SECOND', 2, { min: 0.1 }),
    seconds: envNumber('BENCH_SOCIAL_COMMENT_SECONDS', 15, { min: 1 }),
    warmupComments: envNumber('BENCH_SOCIAL_WARMUP_COMMENTS', 3),
    /** After the last comment's answer, how long late receipts may still arrive before they count as lost. */
    drainMs: envNumber('BENCH_SOCIAL_DRAIN_MS', 3000, { min: 100 }),
  },
  pin: process.env.BENCH_PIN !== '0',
  only: (process.env.BENCH_SOCIAL_ONLY ?? 'baseline,feed,search,fanout')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
};
const TARGETS = { feedP99Ms: 50, feedRatio: 0.6, searchP99Ms: 20, fanoutP99Ms: 100 };

const HTTP_WORKER = fileURLToPath(new URL('./http-worker.mjs', import.meta.url));
const SOCKET_WORKER = fileURLToPath(new URL('./socket-worker.mjs', import.meta.url));
const FEED_BASELINE = fileURLToPath(new URL('./feed-baseline.mjs', import.meta.url));
const pinning = planPinning(SETTINGS.pin);
const serverCore = pinning.enabled ? pinning.server : undefined;
const loaderCore = pinning.enabled ? pinning.loader : undefined;

const { cleanups, cleanUp } = exitCleanups(log);

/** The measured window's clock: start in 300 ms, warm up, then measure. */
function windowFromNow({ warmupSeconds, seconds }) {
  const startAt = sharedNow() + 300;
  const measureFrom = startAt + warmupSeconds * 1000;
  return { startAt, measureFrom, endAt: measureFrom + seconds * 1000 };
}

const errorCount = (errors) => Object.values(errors).reduce((a, b) => a + b, 0);

// ---- the database ----------------------------------------------------------------------------

/** A step through the members that visits each at most once: a prime that does not divide their number. */
const spreadStride = (members) => [9973, 7919, 104_729].find((prime) => members % prime !== 0);

/**
 * Seeds the network, then gives sessions to `viewers` members spread over it (each follows others
 * and is in two groups) and to one more member, the commenter. The fan-out's post: the newest post
 * outside any group (everyone may see it) by neither of them.
 */
async function seedDatabase(url) {
  return withClient(url, async (client) => {
    const started = Date.now();
    const seeded = await seedSocial(client, SETTINGS.seed);
    const seedSeconds = (Date.now() - started) / 1000;
    for (const s of seeded.steps) log(`  ${s.label}: ${s.rows === null ? '' : `${fmt.int(s.rows)} rows, `}${s.ms} ms`);
    log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const { members } = SETTINGS.seed;
    const stride = spreadStride(members);
    const offsets = Array.from({ length: Math.min(SETTINGS.viewers, members - 1) }, (_, j) => (j * stride) % members);
    const taken = new Set(offsets);
    const commenterOffset = Array.from({ length: members }, (_, m) => m).find((m) => !taken.has(m));
    const viewerIds = offsets.map((m) => seeded.firstMember + m);
    const commenterId = seeded.firstMember + commenterOffset;
    const viewers = await insertSessions(client, viewerIds);
    const [commenter] = await insertSessions(client, [commenterId]);
    const {
      rows: [post],
    } = await client.query(
      `SELECT id FROM posts WHERE group_id IS NULL AND deleted_at IS NULL AND user_id <> ALL($1::int[]) ORDER BY id DESC LIMIT 1`,
      [[...viewerIds, commenterId]],
    );
    const {
      rows: [counts],
    } = await client.query(
      `SELECT (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM posts)::int AS posts,
              (SELECT count(*) FROM posts WHERE group_id IS NOT NULL)::int AS group_posts,
              (SELECT count(*) FROM comments)::int AS comments, (SELECT count(*) FROM comments WHERE parent_id IS NOT NULL)::int AS replies,
              (SELECT count(*) FROM post_feels)::int AS feels, (SELECT count(*) FROM follows)::int AS follows,
              (SELECT count(*) FROM tag_follows)::int AS tag_follows, (SELECT count(*) FROM groups)::int AS groups,
              (SELECT count(*) FROM group_members)::int AS group_members`,
    );
    return { seedSeconds, steps: seeded.steps, counts, viewers, commenter, fanoutPid: post.id };
  });
}

// ---- 1. the feed -------------------------------------------------------------------------------

async function measureFeedBaseline(database, seeded) {
  const worker = startWorker({ name: 'pg-baseline', script: FEED_BASELINE, core: serverCore });
  cleanups.push(() => worker.stop());
  const { connections, baselinePool } = SETTINGS.feed;
  const window = windowFromNow(SETTINGS.feed);
  log(
    `feed baseline: ${connections} concurrent pages over a pool of ${baselinePool}, ${SETTINGS.feed.warmupSeconds} s warm-up + ${SETTINGS.feed.seconds} s`,
  );
  const [run, cpu] = await Promise.all([
    worker.request({
      type: 'run',
      databaseUrl: database.url,
      poolSize: baselinePool,
      connections,
      viewerIds: seeded.viewers.map((v) => v.userId),
      ...window,
    }),
    cpuOverWindow(window, { server: worker.pid }),
  ]);
  await worker.stop();
  const result = {
    title: `pg: the feed page's ${run.sample?.statements.length ?? '?'} statements (pool ${baselinePool})`,
    pages: run.pages,
    perSecond: run.pages / SETTINGS.feed.seconds,
    perSecondSeries: run.perSecond,
    latencyMs: summarize(run.latencies),
    errors: run.errors,
    cpuPercent: cpu,
    statementsPerPage: run.pages ? run.statements / run.pages : null,
    viewersRecorded: run.viewersRecorded,
    recordedInWindow: run.recordedInWindow,
    perPage: run.perPage,
    sample: run.sample,
  };
  log(`feed baseline: ${Math.round(result.perSecond)} pages/s, p99 ${fmt.ms(result.latencyMs.p99)}`);
  return result;
}

/** The app's page for one viewer has the entries the baseline's statements read for them. */
async function feedMatchesBaseline(database, server, viewer, feedPath) {
  const expected = await withClient(database.url, async (client) =>
    (await homePageRecorder((statement) => client.query(statement)))(viewer.userId),
  );
  const answer = await getAsMember(new URL(feedPath, server.url), viewer.cookie);
  const entries = JSON.parse(answer.text).data?.entries ?? [];
  const pids = entries.map((entry) => entry.post.pid);
  return {
    viewerId: viewer.userId,
    status: answer.status,
    same: answer.status === 200 && JSON.stringify(pids) === JSON.stringify(expected.pids),
    entries: pids.length,
    comments: entries.reduce((n, entry) => n + entry.comments.length, 0),
    bytes: Buffer.byteLength(answer.text),
  };
}

async function httpLoad({ server, paths, cookies, connections, timing }) {
  const worker = startWorker({ name: 'http-generator', script: HTTP_WORKER, core: loaderCore });
  cleanups.push(() => worker.stop());
  const window = windowFromNow(timing);
  const [run, cpu] = await Promise.all([
    worker.request({ type: 'run', url: server.url, paths, cookies, connections, ...window }),
    cpuOverWindow(window, { server: server.pid, loader: worker.pid }),
  ]);
  await worker.stop();
  return {
    answered: run.answered,
    perSecond: run.answered / timing.seconds,
    perSecondSeries: run.perSecond,
    latencyMs: summarize(run.latencies),
    meanBytes: run.answered ? run.bytes / run.answered : null,
    errors: run.errors,
    cpuPercent: cpu,
  };
}

async function measureFeed(database, server, seeded) {
  const [{ FEED_ENDPOINT }, { feedQueryString }] = await Promise.all([
    built('dist/shared/feed/feed-source.js'),
    built('dist/shared/feed/feed.js'),
  ]);
  const path = `${FEED_ENDPOINT}?${feedQueryString({ kind: 'home' })}`;
  const check = await feedMatchesBaseline(database, server, seeded.viewers[0], path);
  log(
    `feed: ${path} for member ${check.viewerId}: ${check.entries} entries, the baseline's entries: ${check.same ? 'yes' : 'NO'}`,
  );
  log(
    `feed: ${SETTINGS.feed.connections} connections, ${seeded.viewers.length} members, ${SETTINGS.feed.warmupSeconds} s warm-up + ${SETTINGS.feed.seconds} s`,
  );
  const load = await httpLoad({
    server,
    paths: [path],
    cookies: seeded.viewers.map((v) => v.cookie),
    connections: SETTINGS.feed.connections,
    timing: SETTINGS.feed,
  });
  log(`feed: ${Math.round(load.perSecond)} pages/s, p99 ${fmt.ms(load.latencyMs.p99)}`);
  return { title: `the app: GET ${path}`, path, check, ...load };
}

// ---- 2. user search ----------------------------------------------------------------------------

/** Misspelt usernames and first names of random seeded members, half each. */
async function searchQueries(database) {
  const random = seededRandom(13);
  const { rows } = await withClient(database.url, (client) =>
    client.query(`SELECT username, first_name FROM users WHERE email LIKE '%@bench.invalid' ORDER BY md5(id::text) LIMIT $1`, [
      SETTINGS.search.queries,
    ]),
  );
  return rows.map((row, i) => (i % 2 === 0 ? misspell(row.username, random) : misspell(row.first_name, random)));
}

async function measureSearch(database, server, seeded) {
  const { PEOPLE_ENDPOINTS } = await built('dist/shared/people/people.js');
  const queries = await searchQueries(database);
  const paths = queries.map((q) => `${PEOPLE_ENDPOINTS.search}?${new URLSearchParams({ q })}`);
  const hits = await getAsMember(new URL(paths[0], server.url), seeded.viewers[0].cookie);
  const sample = { q: queries[0], status: hits.status, results: JSON.parse(hits.text).data?.items?.length ?? null };
  log(
    `search: ${queries.length} misspelt names (e.g. ${queries.slice(0, 6).join(', ')}), ${SETTINGS.search.connections} connections, ${SETTINGS.search.warmupSeconds} s warm-up + ${SETTINGS.search.seconds} s`,
  );
  const load = await httpLoad({
    server,
    paths,
    cookies: seeded.viewers.map((v) => v.cookie),
    connections: SETTINGS.search.connections,
    timing: SETTINGS.search,
  });
  log(`search: ${Math.round(load.perSecond)} searches/s, p99 ${fmt.ms(load.latencyMs.p99)}`);
  return { title: `the app: GET ${PEOPLE_ENDPOINTS.search}?q=<misspelt name>`, queries, sample, ...load };
}

// ---- 3. comment fan-out ------------------------------------------------------------------------

const commentAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function postJson(url, cookie, body) {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: commentAgent,
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': data.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

async function measureFanout(server, seeded) {
  const { SOCIAL_PATHS } = await built('dist/shared/feed/feed.js');
  const { sockets: count, workers: workerCount, commentsPerSecond, seconds, warmupComments, drainMs } = SETTINGS.fanout;
  const members = seeded.viewers.slice(0, count);
  const pid = seeded.fanoutPid;
  const workers = Array.from({ length: Math.min(workerCount, members.length) }, (_, i) => {
    const worker = startWorker({ name: `socket-generator-${i + 1}`, script: SOCKET_WORKER, core: loaderCore });
    cleanups.push(() => worker.stop());
    return worker;
  });
  const shares = workers.map(() => []);
  members.forEach((member, i) => shares[i % workers.length].push({ cookie: member.cookie, socketId: member.socketId }));
  log(`fan-out: connecting ${members.length} sockets from ${workers.length} generator process(es)`);
  const concurrency = Math.max(1, Math.ceil(SETTINGS.fanout.connectConcurrency / workers.length));
  const connects = await Promise.all(
    workers.map((worker, i) => worker.request({ type: 'connect', url: server.url, members: shares[i], concurrency })),
  );
  const connected = connects.reduce((n, c) => n + c.connected, 0);
  const connectErrors = Object.assign({}, ...connects.map((c) => c.errors));
  const watches = await Promise.all(workers.map((worker) => worker.request({ type: 'watch', pid })));
  const watching = watches.reduce((n, w) => n + w.watching, 0);
  const watchRefusals = Object.assign({}, ...watches.map((w) => w.refusals));
  log(`fan-out: ${connected} connected, ${watching} watching post ${pid}`);
  if (watching === 0) throw new Error(`no socket watches post ${pid}: ${JSON.stringify({ connectErrors, watchRefusals })}`);

  const url = new URL(SOCIAL_PATHS.comments(pid), server.url);
  const sentAt = {};
  const responseMs = [];
  const errors = {};
  const send = async (index, measured) => {
    const t0 = sharedNow();
    try {
      const answer = await postJson(url, seeded.commenter.cookie, {
        text: `Bench comment ${index}: seen live by every tab on this post.`,
      });
      const id = JSON.parse(answer.text).data?.id;
      if (answer.status !== 200 || typeof id !== 'number') {
        const key = `HTTP ${answer.status} ${answer.text.slice(0, 120)}`;
        errors[key] = (errors[key] ?? 0) + 1;
        return;
      }
      if (measured) {
        sentAt[id] = t0;
        responseMs.push(sharedNow() - t0);
      }
    } catch (error) {
      errors[error.message] = (errors[error.message] ?? 0) + 1;
    }
  };
  const gapMs = 1000 / commentsPerSecond;
  const measuredCount = Math.round(seconds * commentsPerSecond);
  log(`fan-out: ${warmupComments} warm-up comment(s), then ${measuredCount} at ${commentsPerSecond}/s`);
  for (let i = 0; i < warmupComments; i++) {
    await send(-i - 1, false);
    await sleep(gapMs);
  }
  // Open loop: each comment leaves on its own schedule, whether or not the last one was answered.
  const startedAt = sharedNow();
  const meter = cpuMeter({ server: server.pid, loader: workers.map((w) => w.pid) });
  const sends = [];
  for (let i = 0; i < measuredCount; i++) {
    await sleep(Math.max(0, startedAt + i * gapMs - sharedNow()));
    sends.push(send(i + 1, true));
  }
  await Promise.all(sends);
  await sleep(Math.max(0, startedAt + measuredCount * gapMs - sharedNow()));
  const cpu = meter.stop();
  await sleep(drainMs);
  const stats = await Promise.all(workers.map((worker) => worker.request({ type: 'stats', sentAt })));
  for (const worker of workers) await worker.request({ type: 'close' }).catch(() => undefined);
  for (const worker of workers) await worker.stop();

  const latencies = stats.flatMap((s) => s.latencies);
  const receivedPerComment = Object.keys(sentAt).map((id) => stats.reduce((n, s) => n + (s.received[id] ?? 0), 0));
  const comments = Object.keys(sentAt).length;
  const result = {
    title: `the app: POST ${SOCIAL_PATHS.comments(pid)} → 'post:comment' at each watching socket`,
    pid,
    sockets: { requested: members.length, connected, watching, connectErrors, watchRefusals },
    comments,
    commentsPerSecond,
    deliveries: latencies.length,
    deliveriesPerSecond: latencies.length / seconds,
    latencyMs: summarize(latencies),
    /** Per comment, when its last socket had it. */
    lastMs: summarize(Object.keys(sentAt).map((id) => Math.max(...stats.map((s) => s.lastMs[id] ?? 0)))),
    responseMs: summarize(responseMs),
    lost: comments * watching - latencies.length,
    incompleteComments: receivedPerComment.filter((n) => n < watching).length,
    duplicates: stats.reduce((n, s) => n + s.duplicates, 0),
    disconnects: stats.reduce((n, s) => n + s.disconnects, 0),
    errors,
    cpuPercent: cpu,
  };
  log(
    `fan-out: ${comments} comments × ${watching} sockets, p99 ${fmt.ms(result.latencyMs.p99)}, ${result.lost} lost, ${errorCount(errors)} failed POSTs`,
  );
  return result;
}

// ---- the app -----------------------------------------------------------------------------------

async function startApp(database) {
  const server = await startPinnedServer({
    name: 'app',
    args: ['dist/server/src/main.js'],
    env: benchAppEnv(database, SETTINGS.appLogLevel, {
      // One member comments twice a second: far past a person's limit, as intended here.
      RATE_LIMIT_FACTOR: '1000',
      SOCKET_EVENTS_PER_WINDOW: '1000000',
    }),
    core: serverCore,
  });
  cleanups.push(() => server.stop());
  return server;
}

// ---- report ------------------------------------------------------------------------------------

function evaluate({ baseline, feed, search, fanout }) {
  const rows = [];
  const ok = (r) => r && !r.error;
  if (ok(feed)) {
    rows.push(
      target({
        label: `feed page p99 < ${TARGETS.feedP99Ms} ms`,
        value: feed.latencyMs.p99,
        limit: TARGETS.feedP99Ms,
        comparison: '<',
        format: fmt.ms,
        detail: `p50 ${fmt.ms(feed.latencyMs.p50)}, ${SETTINGS.feed.connections} connections`,
      }),
    );
    if (ok(baseline))
      rows.push(
        target({
          label: `feed pages/s ≥ ${TARGETS.feedRatio}× the same queries with pg`,
          value: feed.perSecond / baseline.perSecond,
          limit: TARGETS.feedRatio,
          comparison: '≥',
          format: fmt.ratio,
          detail: `${fmt.int(feed.perSecond)} vs ${fmt.int(baseline.perSecond)} pages/s`,
        }),
      );
    rows.push(
      target({
        label: 'feed: every page answered, as the baseline reads it',
        value: errorCount(feed.errors) + (feed.check.same ? 0 : 1),
        limit: 0,
        comparison: '=',
        detail: `${errorCount(feed.errors)} failed; member ${feed.check.viewerId}'s page ${feed.check.same ? 'equals' : 'DIFFERS from'} the baseline's`,
      }),
    );
  }
  if (ok(search))
    rows.push(
      target({
        label: `user search p99 < ${TARGETS.searchP99Ms} ms`,
        value: search.latencyMs.p99,
        limit: TARGETS.searchP99Ms,
        comparison: '<',
        format: fmt.ms,
        detail: `p50 ${fmt.ms(search.latencyMs.p50)}, ${SETTINGS.search.connections} connections; ${errorCount(search.errors)} failed`,
      }),
    );
  if (ok(fanout))
    rows.push(
      target({
        label: `comment fan-out p99 ≤ ${TARGETS.fanoutP99Ms} ms`,
        value: fanout.latencyMs.p99,
        limit: TARGETS.fanoutP99Ms,
        comparison: '≤',
        format: fmt.ms,
        detail: `POST sent → each of ${fanout.sockets.watching} sockets; last socket p99 ${fmt.ms(fanout.lastMs.p99)}`,
      }),
      target({
        label: 'comment fan-out: none lost',
        value: fanout.lost + errorCount(fanout.errors),
        limit: 0,
        comparison: '=',
        detail: `${fmt.int(fanout.deliveries)} of ${fmt.int(fanout.comments * fanout.sockets.watching)} received; ${errorCount(fanout.errors)} failed POSTs`,
      }),
    );
  for (const [kind, r] of Object.entries({ baseline, feed, search, fanout }))
    if (r?.error)
      rows.push({
        label: `${kind} measured`,
        status: 'MISSED',
        detail: r.error.split('\n')[0],
        shown: { value: 'failed', limit: '' },
      });
  return rows;
}

function print(report) {
  const { meta, results, targets } = report;
  const { seed, baseline, feed, search, fanout } = results;
  const out = [''];
  out.push(
    `Social benchmark ${meta.timestamp}  (commit ${meta.git.commit ?? '?'}${meta.git.dirty ? ', uncommitted changes' : ''})`,
  );
  out.push(
    `Node ${meta.node}, ${meta.cpus} CPU(s) ${meta.cpuModel}; load average before: ${meta.loadAverage.join(' ')}, after: ${meta.loadAverageAfter.join(' ')}`,
  );
  out.push(
    meta.pinning.enabled
      ? `CPU pinning: the app and the pg baseline process on core ${meta.pinning.server}, generators on core ${meta.pinning.loader} (taskset); PostgreSQL not pinned`
      : `CPU pinning: none (${meta.pinning.reason})`,
  );
  out.push(`Database: ${meta.database ?? '-'}`);
  if (seed?.counts) {
    const c = seed.counts;
    out.push(
      `Seeded with SQL in ${seed.seedSeconds.toFixed(1)} s: ${fmt.int(c.members)} members, ${fmt.int(c.posts)} posts (${fmt.int(c.group_posts)} in groups), ` +
        `${fmt.int(c.comments)} comments (${fmt.int(c.replies)} replies), ${fmt.int(c.feels)} feels, ${fmt.int(c.follows)} follows, ` +
        `${fmt.int(c.tag_follows)} tag follows, ${fmt.int(c.groups)} groups with ${fmt.int(c.group_members)} memberships; ${seed.viewers} members with a session`,
    );
  }
  out.push(
    `App: NODE_ENV=production, LOG_LEVEL=${meta.settings.appLogLevel}, RATE_LIMIT_FACTOR=1000; its TypeORM pool has 20 connections`,
  );
  out.push('');
  const cpuCells = (cpu, serverKey = 'server') => [
    fmt.pct(cpu[serverKey]),
    fmt.pct(cpu.loader),
    fmt.pct(cpu.postgres),
    fmt.pct(cpu.other),
  ];
  const rows = [];
  const failed = (label) => [label, 'FAILED', '-', '-', '-', '-', '-', '-', '-'];
  if (baseline)
    rows.push(
      baseline.error
        ? failed('feed: pg baseline')
        : [
            `feed: ${baseline.title}`,
            `${fmt.int(baseline.perSecond)} pages/s`,
            fmt.ms(baseline.latencyMs.p50),
            fmt.ms(baseline.latencyMs.p99),
            fmt.int(errorCount(baseline.errors)),
            ...cpuCells(baseline.cpuPercent),
          ],
    );
  if (feed)
    rows.push(
      feed.error
        ? failed('feed: the app')
        : [
            `feed: ${feed.title}`,
            `${fmt.int(feed.perSecond)} pages/s`,
            fmt.ms(feed.latencyMs.p50),
            fmt.ms(feed.latencyMs.p99),
            fmt.int(errorCount(feed.errors)),
            ...cpuCells(feed.cpuPercent),
          ],
    );
  if (search)
    rows.push(
      search.error
        ? failed('user search')
        : [
            `search: ${search.title}`,
            `${fmt.int(search.perSecond)} searches/s`,
            fmt.ms(search.latencyMs.p50),
            fmt.ms(search.latencyMs.p99),
            fmt.int(errorCount(search.errors)),
            ...cpuCells(search.cpuPercent),
          ],
    );
  if (fanout)
    rows.push(
      fanout.error
        ? failed('comment fan-out')
        : [
            `fan-out: ${fanout.title}`,
            `${fmt.int(fanout.deliveriesPerSecond)} deliveries/s`,
            fmt.ms(fanout.latencyMs.p50),
            fmt.ms(fanout.latencyMs.p99),
            fmt.int(errorCount(fanout.errors) + fanout.lost),
            ...cpuCells(fanout.cpuPercent),
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
  const perOp = (percent, rate) => (percent === undefined || !rate ? '-' : `${((10 * percent) / rate).toFixed(2)} ms`);
  if (baseline && !baseline.error) {
    out.push(
      `  baseline: ${baseline.statementsPerPage?.toFixed(1)} statements per page; CPU per page: pg process ${perOp(baseline.cpuPercent.server, baseline.perSecond)}, PostgreSQL ${perOp(baseline.cpuPercent.postgres, baseline.perSecond)}`,
    );
    out.push(
      `  baseline: pages of ${baseline.perPage.entries.toFixed(1)} entries with ${baseline.perPage.comments.toFixed(1)} comments, ${baseline.perPage.inGroups.toFixed(2)} from groups (${baseline.viewersRecorded} viewers recorded)`,
    );
    for (const [message, n] of Object.entries(baseline.errors)) out.push(`  baseline error ×${n}: ${message}`);
  }
  if (feed && !feed.error) {
    out.push(
      `  feed: CPU per page: app ${perOp(feed.cpuPercent.server, feed.perSecond)}, PostgreSQL ${perOp(feed.cpuPercent.postgres, feed.perSecond)}; ${fmt.kb(feed.meanBytes)} per answer`,
    );
    out.push(`  feed: per second ${feed.perSecondSeries.join(' ')}`);
    for (const [message, n] of Object.entries(feed.errors)) out.push(`  feed error ×${n}: ${message}`);
  }
  if (search && !search.error) {
    out.push(
      `  search: e.g. "${search.sample.q}" → ${search.sample.results} members; CPU per search: app ${perOp(search.cpuPercent.server, search.perSecond)}, PostgreSQL ${perOp(search.cpuPercent.postgres, search.perSecond)}`,
    );
    for (const [message, n] of Object.entries(search.errors)) out.push(`  search error ×${n}: ${message}`);
  }
  if (fanout && !fanout.error) {
    const s = fanout.sockets;
    out.push(
      `  fan-out: ${s.connected}/${s.requested} sockets connected, ${s.watching} watching post ${fanout.pid}; ${fanout.comments} comments at ${fanout.commentsPerSecond}/s; ` +
        `POST answered p50 ${fmt.ms(fanout.responseMs.p50)} / p99 ${fmt.ms(fanout.responseMs.p99)}; last socket per comment p50 ${fmt.ms(fanout.lastMs.p50)} / max ${fmt.ms(fanout.lastMs.max)}`,
    );
    out.push(
      `  fan-out: ${fanout.lost} lost, ${fanout.incompleteComments} comment(s) incomplete, ${fanout.duplicates} duplicates, ${fanout.disconnects} disconnects`,
    );
    for (const [message, n] of Object.entries({ ...s.connectErrors, ...s.watchRefusals, ...fanout.errors }))
      out.push(`  fan-out error ×${n}: ${message}`);
  }
  for (const [name, r] of Object.entries({ baseline, feed, search, fanout }))
    if (r && !r.error && r.cpuPercent.other >= 15)
      out.push(
        `  WARNING: other processes used ${Math.round(r.cpuPercent.other)}% of a core during the ${name} measurement; run again on a quiet machine`,
      );
  out.push('  (CPU: 100% = one core, over the measured window; server = the app, or the pg baseline process on its core;');
  out.push('   generator = the HTTP or socket.io-client processes)');
  out.push('');
  out.push(...targetsSection(targets));
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  const startedAt = new Date();
  const meta = { timestamp: startedAt.toISOString(), ...machineMeta(), settings: SETTINGS, pinning, targets: TARGETS };
  log(
    pinning.enabled ? `server on core ${pinning.server}, generators on core ${pinning.loader}` : `not pinning: ${pinning.reason}`,
  );
  await waitQuietIfAsked('bench:social');
  log('creating a throw-away database');
  const database = await createBenchDatabase();
  if (process.env.BENCH_KEEP_DATABASE !== '1') cleanups.push(() => database.drop());
  meta.database = `${database.name} on ${database.server}`;
  await migrateBuilt(database.url);
  log(
    `seeding ${fmt.int(SETTINGS.seed.members)} members, ${fmt.int(SETTINGS.seed.posts)} posts, ${fmt.int(SETTINGS.seed.comments)} comments, ${fmt.int(SETTINGS.seed.feels)} feels`,
  );
  const seeded = await seedDatabase(database.url);
  const results = {
    seed: { seedSeconds: seeded.seedSeconds, steps: seeded.steps, counts: seeded.counts, viewers: seeded.viewers.length },
  };
  const attempt = async (kind, measure) => {
    if (!SETTINGS.only.includes(kind)) return;
    try {
      results[kind] = await measure();
    } catch (error) {
      log(`${kind} failed: ${error.stack ?? error}`);
      results[kind] = { error: error.message };
    }
  };
  await attempt('baseline', () => measureFeedBaseline(database, seeded));
  if (['feed', 'search', 'fanout'].some((kind) => SETTINGS.only.includes(kind))) {
    log('starting the app');
    const server = await startApp(database);
    await attempt('feed', () => measureFeed(database, server, seeded));
    await attempt('search', () => measureSearch(database, server, seeded));
    await attempt('fanout', () => measureFanout(server, seeded));
    await server.stop();
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
  const file = writeResultFiles('social', report);
  log(`results written to ${file} (${meta.durationSeconds.toFixed(0)} s in all)`);
}

main()
  .catch(async (error) => {
    log(error.stack ?? String(error));
    await cleanUp();
  })
  .finally(() => process.exit(0));
