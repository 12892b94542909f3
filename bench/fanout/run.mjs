// The fan-out benchmark: N authenticated sockets on ONE app server process, one announcement fanned
// out to all of them F times. Measures the connect rate, the server's RSS per connected socket
// and the time from the admin's POST /data/admin/announcements until the LAST socket received its
// 'announcement:show' (p50/p99 over the fan-outs), and counts lost messages. Baseline in the same
// run: a bare socket.io server (bench/fanout/bare-server.mjs) with the same number of sockets,
// emitting the same payload on POST /emit, measured the same way.
//
// Processes: the server on core 0, the load generators (bench/fanout/worker.mjs, socket.io-client)
// on core 1 (taskset), each started through bash with a raised open-files limit. Receipt times
// are taken on a clock all processes share (performance.timeOrigin + performance.now()).
// Users and sessions are inserted with SQL in a throw-away database (signup hashes with argon2).
//
//   node bench/fanout/run.mjs          (after npm run build)
//
// Writes bench/results/fanout-<timestamp>.json and fanout-latest.json. Exits 0 even when a
// target is missed: it is a measurement. Settings: see SETTINGS below and bench/fanout/README.md.
//
// The scale scenario, BENCH_FANOUT_SCALE=<sockets> (npm run bench: 20,000): the same measurement
// with that many sockets, the minimal `ws` protocol client, spread over loopback source addresses,
// held to its own targets, written to fanout-scale-<timestamp>.json and fanout-scale-latest.json.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  benchAppEnv,
  childOpenFilesLimit,
  collectGarbage,
  cpuMeter,
  cpuSecondsOf,
  createBenchDatabase,
  envNumber,
  ephemeralPortRange,
  exitCleanups,
  fmt,
  GC_NODE_OPTIONS,
  insertMembersWithSessions,
  log as logAs,
  machineMeta,
  openFilesOf,
  planPinning,
  rssBytes,
  sharedNow,
  startPinnedServer,
  startWorker,
  summarize,
  table,
  target,
  targetsSection,
  waitQuietIfAsked,
  writeResultFiles,
} from './lib/common.mjs';

const log = (message) => logAs('bench:fanout', message);

/** BENCH_FANOUT_SCALE=<sockets>: the scale scenario (own targets and result file; README "Scale scenario"). */
const SCALE_SOCKETS = envNumber('BENCH_FANOUT_SCALE', 0);
const SCALE = SCALE_SOCKETS > 0;

const SETTINGS = {
  scenario: SCALE ? 'scale' : 'standard',
  /** Sockets asked for; a server's open-files limit may allow fewer (see CAPACITY). */
  sockets: SCALE ? SCALE_SOCKETS : envNumber('BENCH_SOCKETS', 5000, { min: 1 }),
  fanouts: envNumber('BENCH_FANOUTS', 20, { min: 1 }),
  warmupFanouts: envNumber('BENCH_FANOUT_WARMUP', 3),
  workers: envNumber('BENCH_FANOUT_WORKERS', 2, { min: 1 }),
  /** Handshakes in flight at once, over all generator processes. */
  connectConcurrency: envNumber('BENCH_CONNECT_CONCURRENCY', 100, { min: 1 }),
  /** Pause after each fan-out has fully arrived, before the next request. */
  gapMs: envNumber('BENCH_FANOUT_GAP_MS', 300),
  /** A fan-out not complete after this long counts its missing messages as lost. */
  timeoutMs: envNumber('BENCH_FANOUT_TIMEOUT_MS', 10_000, { min: 100 }),
  /** Quiet time before each RSS reading. */
  settleMs: envNumber('BENCH_SETTLE_MS', 3000),
  pin: process.env.BENCH_PIN !== '0',
  /** 'socket.io-client' (default) or 'ws' (a minimal protocol client; less generator CPU per message; the scale scenario's default). */
  client: process.env.BENCH_FANOUT_CLIENT || (SCALE ? 'ws' : 'socket.io-client'),
  /** Loopback source addresses (127.0.0.1, .2, …) the sockets are spread over; 0 = as many as the ephemeral ports need. */
  sourceAddresses: envNumber('BENCH_FANOUT_SOURCE_ADDRESSES', 0),
  /** 1: servers run with --expose-gc and a SIGUSR2 hook, and RSS is also read after full GCs. */
  gc: process.env.BENCH_GC !== '0',
  only: (process.env.BENCH_FANOUT_ONLY ?? 'baseline,app')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
  /** Diagnostics: extra node options for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" or "--import=<a preload>". */
  appNodeOptions: (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
  /** Diagnostics: extra node options for the bare baseline server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
  baselineNodeOptions: (process.env.BENCH_BASELINE_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
  /** Diagnostics: extra environment for the app, "KEY=value KEY2=value" (e.g. REDIS_URL=redis://127.0.0.1:6379). */
  appEnv: Object.fromEntries(
    (process.env.BENCH_APP_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ),
};

const TARGETS = SCALE ? { p99Ms: 250, rssRatio: 1.3 } : { ratio: 1.25, p99Ms: 200, rssRatio: 1.3, rssPerSocketBytes: 60 * 1024 };
const RESULT_KIND = SCALE ? 'fanout-scale' : 'fanout';

/** File descriptors a server needs besides its sockets: listening socket, database pool, LISTEN and Redis connections, stdio, epoll, files. */
const SERVER_RESERVED_FDS = 200;

/**
 * What the machine allows: every server socket is a file descriptor, so a process holds at most
 * its open-files limit minus what it needs otherwise; each source address reaches one server
 * address from at most the ephemeral port range (kept under half of it per address, so ports in
 * TIME_WAIT or used by other connections never run out).
 */
function planCapacity() {
  const files = childOpenFilesLimit();
  const sockets = Math.min(SETTINGS.sockets, Math.max(1, files.limit - SERVER_RESERVED_FDS));
  const ports = ephemeralPortRange();
  const perAddress = ports ? Math.floor(ports.count / 2) : 10_000;
  const addresses = Math.min(254, SETTINGS.sourceAddresses || Math.ceil(sockets / perAddress));
  return {
    requestedSockets: SETTINGS.sockets,
    sockets,
    cappedBy:
      sockets < SETTINGS.sockets
        ? `open-files limit ${files.limit} (hard limit ${files.hard}) minus ${SERVER_RESERVED_FDS} for the server's other files`
        : null,
    openFilesLimit: files.limit,
    openFilesHardLimit: files.hard,
    reservedFds: SERVER_RESERVED_FDS,
    ephemeralPorts: ports,
    sourceAddresses: Array.from({ length: addresses }, (_, i) => `127.0.0.${i + 1}`),
    // A generator holds its share of the sockets as file descriptors too.
    workers: Math.max(SETTINGS.workers, Math.ceil(sockets / Math.max(1, files.limit - SERVER_RESERVED_FDS))),
  };
}
const CAPACITY = planCapacity();

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const BARE_SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const pinning = planPinning(SETTINGS.pin);
const serverCore = pinning.enabled ? pinning.server : undefined;
const loaderCore = pinning.enabled ? pinning.loader : undefined;

/** One announcement as the app answers and pushes it (shared/announcements/announcements.ts). */
const HEADING = 'Scheduled maintenance tonight';
const CONTENT =
  'Surfex will be read-only for about ten minutes from 02:00 UTC while we upgrade the database. ' +
  'Your credits, campaigns and posts are safe; views you earn meanwhile are counted when we are back.';
const announcementPayload = () => ({ heading: HEADING, content: CONTENT, type: 'announcement', auth: 'members' });
const bareAnnouncement = (id) => ({
  id,
  heading: HEADING,
  content: CONTENT,
  footer: '',
  link: null,
  classContext: 'info',
  type: 'announcement',
  auth: 'members',
  only: [],
  except: [],
  createdAt: new Date().toISOString(),
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': data.length } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // Reported below.
          }
          resolve({ status: response.statusCode, json, text });
        });
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

const { cleanups, cleanUp } = exitCleanups(log);

/** Starts the server of `kind` ('baseline' | 'app'), prepares its clients and a trigger. */
async function startTarget(kind, database) {
  if (kind === 'baseline') {
    const server = await startPinnedServer({
      name: 'bare',
      args: [BARE_SERVER],
      env: { PORT: '0', HOST: '127.0.0.1' },
      core: serverCore,
      nodeOptions: [...(SETTINGS.gc ? GC_NODE_OPTIONS : []), ...SETTINGS.baselineNodeOptions],
    });
    let nextId = 1;
    return {
      server,
      title: 'bare socket.io 4.8 (no auth)',
      clients: Array.from({ length: CAPACITY.sockets }, () => ({})),
      trigger: async () => {
        const id = nextId++;
        const response = await post(new URL('/emit', server.url), {}, bareAnnouncement(id));
        if (response.status !== 200) throw new Error(`POST /emit answered ${response.status}: ${response.text.slice(0, 300)}`);
        return id;
      },
    };
  }
  const server = await startPinnedServer({
    name: 'app',
    args: ['dist/server/src/main.js'],
    env: benchAppEnv(database, SETTINGS.appLogLevel, SETTINGS.appEnv),
    core: serverCore,
    nodeOptions: [...(SETTINGS.gc ? GC_NODE_OPTIONS : []), ...SETTINGS.appNodeOptions],
  });
  // The app has run its migrations: now the members, each with a session of their own
  // (at most 20 sockets per user; here one each), and one admin who publishes.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let members;
  let admin;
  try {
    log(`inserting ${CAPACITY.sockets} members with sessions`);
    members = await insertMembersWithSessions(client, { count: CAPACITY.sockets, prefix: 'fan' });
    [admin] = await insertMembersWithSessions(client, { count: 1, prefix: 'fanadmin', role: 'admin' });
  } finally {
    await client.end();
  }
  const url = new URL('/data/admin/announcements', server.url);
  const headers = { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  return {
    server,
    title: 'the app (authenticated)',
    clients: members.map((m) => ({ cookie: m.cookie, socketId: m.socketId })),
    trigger: async () => {
      const response = await post(url, headers, announcementPayload());
      const id = response.json?.data?.id;
      if (response.status !== 200 || typeof id !== 'number') {
        throw new Error(`POST /data/admin/announcements answered ${response.status}: ${response.text.slice(0, 300)}`);
      }
      return id;
    },
  };
}

async function measure(kind, database) {
  const result = { kind };
  const started = await startTarget(kind, database);
  const { server } = started;
  result.title = started.title;
  cleanups.push(() => server.stop());
  result.server = { pid: server.pid, openFilesLimit: server.openFilesLimit };

  await sleep(SETTINGS.settleMs);
  result.rssBeforeBytes = rssBytes(server.pid);
  if (SETTINGS.gc) {
    await collectGarbage(server.pid);
    result.rssBeforeAfterGcBytes = rssBytes(server.pid);
  }

  const workers = [];
  for (let i = 0; i < Math.min(CAPACITY.workers, CAPACITY.sockets); i++) {
    const worker = startWorker({ name: `generator-${i + 1}`, script: WORKER, core: loaderCore });
    workers.push(worker);
    cleanups.push(() => worker.stop());
  }
  const completes = new Map(); // announcement id → [complete messages]
  let waiter = null; // { id, resolve } of the fan-out being awaited
  for (const worker of workers) {
    worker.on('complete', (message) => {
      if (!completes.has(message.id)) completes.set(message.id, []);
      completes.get(message.id).push(message);
      if (waiter && waiter.id === message.id && completes.get(message.id).length >= workers.length) waiter.resolve();
    });
  }
  /** Resolves when every generator has reported announcement `id` complete, or at `deadline`. */
  const allReceived = (id, deadline) =>
    new Promise((resolve) => {
      if ((completes.get(id)?.length ?? 0) >= workers.length) return resolve();
      const timer = setTimeout(resolve, Math.max(0, deadline - sharedNow()));
      waiter = {
        id,
        resolve: () => {
          clearTimeout(timer);
          waiter = null;
          resolve();
        },
      };
    });

  // Connect: every generator at once, each with its share of the handshakes in flight.
  log(
    `${kind}: connecting ${CAPACITY.sockets} sockets from ${workers.length} generator process(es), source address(es) ${CAPACITY.sourceAddresses.join(', ')}`,
  );
  const shares = workers.map(() => []);
  const addresses = CAPACITY.sourceAddresses;
  started.clients.forEach((client, index) =>
    shares[index % workers.length].push({ ...client, localAddress: addresses[index % addresses.length] }),
  );
  const perWorkerConcurrency = Math.max(1, Math.ceil(SETTINGS.connectConcurrency / workers.length));
  const connectCpu = cpuMeter({ server: server.pid, loader: workers.map((w) => w.pid) });
  const connects = await Promise.all(
    workers.map((worker, i) =>
      worker.request({ type: 'connect', url: server.url, clients: shares[i], concurrency: perWorkerConcurrency }),
    ),
  );
  result.connectCpuPercent = connectCpu.stop();
  const connected = connects.reduce((n, c) => n + c.connected, 0);
  const connectSeconds = (Math.max(...connects.map((c) => c.finishedAt)) - Math.min(...connects.map((c) => c.startedAt))) / 1000;
  const connectErrors = {};
  for (const c of connects)
    for (const [message, n] of Object.entries(c.errors)) connectErrors[message] = (connectErrors[message] ?? 0) + n;
  result.connect = {
    requested: CAPACITY.sockets,
    connected,
    failed: CAPACITY.sockets - connected,
    errors: connectErrors,
    seconds: connectSeconds,
    socketsPerSecond: connected / connectSeconds,
    concurrency: perWorkerConcurrency * workers.length,
  };
  log(`${kind}: ${connected} connected in ${connectSeconds.toFixed(2)} s (${Math.round(connected / connectSeconds)}/s)`);
  if (connected === 0) throw new Error(`${kind}: no socket connected: ${JSON.stringify(connectErrors)}`);

  await sleep(SETTINGS.settleMs);
  result.server.openFilesAfterConnect = openFilesOf(server.pid);
  result.generatorsRssBytes = workers.reduce((sum, worker) => sum + rssBytes(worker.pid), 0);
  result.rssAfterBytes = rssBytes(server.pid);
  result.rssPerSocketBytes = (result.rssAfterBytes - result.rssBeforeBytes) / connected;
  log(
    `${kind}: RSS ${fmt.mb(result.rssBeforeBytes)} → ${fmt.mb(result.rssAfterBytes)} (${fmt.kb(result.rssPerSocketBytes)} per socket)`,
  );
  if (SETTINGS.gc) {
    await collectGarbage(server.pid);
    result.rssAfterAfterGcBytes = rssBytes(server.pid);
    result.rssPerSocketAfterGcBytes = (result.rssAfterAfterGcBytes - result.rssBeforeAfterGcBytes) / connected;
    log(
      `${kind}: after full GCs: RSS ${fmt.mb(result.rssBeforeAfterGcBytes)} → ${fmt.mb(result.rssAfterAfterGcBytes)} (${fmt.kb(result.rssPerSocketAfterGcBytes)} per socket)`,
    );
  }

  // Fan-outs, one at a time: request → wait until every socket has it (or the timeout) → pause.
  const total = SETTINGS.warmupFanouts + SETTINGS.fanouts;
  const runs = [];
  let serverCpuBefore = null;
  let loaderCpuBefore = null;
  let fanoutCpu = null;
  for (let i = 0; i < total; i++) {
    const measured = i >= SETTINGS.warmupFanouts;
    if (measured && serverCpuBefore === null) {
      serverCpuBefore = cpuSecondsOf(server.pid);
      loaderCpuBefore = workers.reduce((s, w) => s + (cpuSecondsOf(w.pid) ?? 0), 0);
      fanoutCpu = cpuMeter({ server: server.pid, loader: workers.map((w) => w.pid) });
    }
    const sentAt = sharedNow();
    const id = await started.trigger();
    const answeredAt = sharedNow();
    const deadline = sentAt + SETTINGS.timeoutMs;
    await allReceived(id, deadline);
    waiter = null;
    const stats = await Promise.all(workers.map((worker) => worker.request({ type: 'stats', id })));
    const received = stats.reduce((n, s) => n + s.count, 0);
    const lasts = stats.map((s) => s.last).filter((t) => t !== null);
    const firsts = stats.map((s) => s.first).filter((t) => t !== null);
    const run = {
      index: i + 1,
      warmup: !measured,
      id,
      responseMs: answeredAt - sentAt,
      firstMs: firsts.length ? Math.min(...firsts) - sentAt : null,
      lastMs: received === connected ? Math.max(...lasts) - sentAt : null,
      received,
      lost: connected - received,
      duplicates: stats.reduce((n, s) => n + s.duplicates, 0),
      stillConnected: stats.reduce((n, s) => n + s.stillConnected, 0),
    };
    runs.push(run);
    log(
      `${kind} fan-out ${run.index}/${total}${run.warmup ? ' (warm-up)' : ''}: last socket after ${run.lastMs === null ? `- (lost ${run.lost})` : fmt.ms(run.lastMs)}, first ${fmt.ms(run.firstMs)}, response ${fmt.ms(run.responseMs)}`,
    );
    await sleep(SETTINGS.gapMs);
  }
  result.fanoutCpuPercent = fanoutCpu.stop();
  const serverCpu = cpuSecondsOf(server.pid) - serverCpuBefore;
  const loaderCpu = workers.reduce((s, w) => s + (cpuSecondsOf(w.pid) ?? 0), 0) - loaderCpuBefore;
  const measuredRuns = runs.filter((r) => !r.warmup);
  const complete = measuredRuns.filter((r) => r.lastMs !== null);
  result.fanout = {
    runs,
    lastMs: summarize(complete.map((r) => r.lastMs)),
    firstMs: summarize(measuredRuns.filter((r) => r.firstMs !== null).map((r) => r.firstMs)),
    responseMs: summarize(measuredRuns.map((r) => r.responseMs)),
    incomplete: measuredRuns.length - complete.length,
    lost: measuredRuns.reduce((n, r) => n + r.lost, 0),
    duplicates: measuredRuns.reduce((n, r) => n + r.duplicates, 0),
    /** CPU time per measured fan-out (the pauses between them included, idle then). */
    serverCpuMsPerFanout: (1000 * serverCpu) / measuredRuns.length,
    loaderCpuMsPerFanout: (1000 * loaderCpu) / measuredRuns.length,
  };
  const finalStats = await Promise.all(workers.map((worker) => worker.request({ type: 'stats', id: -1 })));
  result.disconnects = finalStats.reduce((n, s) => n + s.disconnects, 0);
  result.disconnectReasons = Object.assign({}, ...finalStats.map((s) => s.disconnectReasons));
  result.rssEndBytes = rssBytes(server.pid);

  for (const worker of workers) await worker.request({ type: 'close' }).catch(() => undefined);
  for (const worker of workers) await worker.stop();
  await server.stop();
  return result;
}

function evaluate(results) {
  const app = results.app;
  const base = results.baseline;
  const rows = [];
  const ok = (r) => r && !r.error && r.fanout;
  if (ok(app) && ok(base) && TARGETS.ratio) {
    for (const p of ['p50', 'p99']) {
      const a = app.fanout.lastMs[p];
      const b = base.fanout.lastMs[p];
      rows.push(
        target({
          label: `fan-out ${p} ≤ ${TARGETS.ratio}× baseline`,
          value: a !== null && b ? a / b : null,
          limit: TARGETS.ratio,
          comparison: '≤',
          format: fmt.ratio,
          detail: `${fmt.ms(a)} vs ${fmt.ms(b)}`,
        }),
      );
    }
  }
  if (ok(app)) {
    rows.push(
      target({
        label: `fan-out p99 ≤ ${TARGETS.p99Ms} ms`,
        value: app.fanout.lastMs.p99,
        limit: TARGETS.p99Ms,
        comparison: '≤',
        format: (v) => fmt.ms(v),
        detail: `over ${app.fanout.lastMs.count} complete fan-outs`,
      }),
    );
  }
  if (ok(app) && ok(base)) {
    rows.push(
      target({
        label: `RSS per socket ≤ ${TARGETS.rssRatio}× baseline`,
        value: app.rssPerSocketBytes / base.rssPerSocketBytes,
        limit: TARGETS.rssRatio,
        comparison: '≤',
        format: fmt.ratio,
        detail: `${fmt.kb(app.rssPerSocketBytes)} vs ${fmt.kb(base.rssPerSocketBytes)}`,
      }),
    );
  }
  if (ok(app) && TARGETS.rssPerSocketBytes) {
    rows.push(
      target({
        label: 'RSS per socket ≤ 60 KB',
        value: app.rssPerSocketBytes,
        limit: TARGETS.rssPerSocketBytes,
        comparison: '≤',
        format: fmt.kb,
        detail: '1 KB = 1024 B',
      }),
    );
  }
  if (ok(app)) {
    const connectErrors = Object.keys(app.connect.errors).length ? JSON.stringify(app.connect.errors) : '';
    rows.push(
      target({
        label: 'zero lost messages',
        value: app.fanout.lost + app.fanout.duplicates,
        limit: 0,
        comparison: '=',
        format: String,
        detail: `${app.fanout.lost} lost, ${app.fanout.duplicates} duplicated over ${SETTINGS.fanouts} × ${app.connect.connected} sockets`,
      }),
      // Sockets the machine let one process hold (CAPACITY) and that connected, against those asked for.
      target({
        label: `all ${fmt.int(SETTINGS.sockets)} sockets connected to one process`,
        value: SETTINGS.sockets - app.connect.connected,
        limit: 0,
        comparison: '=',
        format: (v) => `${fmt.int(v)} missing`,
        detail: [
          CAPACITY.cappedBy ? `only ${fmt.int(CAPACITY.sockets)} tried: ${CAPACITY.cappedBy}` : '',
          app.connect.failed ? `${fmt.int(app.connect.failed)} failed ${connectErrors}` : '',
        ]
          .filter(Boolean)
          .join('; '),
      }),
    );
  }
  for (const [kind, r] of Object.entries(results)) {
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
  const out = [''];
  const capacity = meta.capacity;
  out.push(
    `Fan-out benchmark${meta.settings.scenario === 'scale' ? ', scale scenario,' : ''} ${meta.timestamp}  (commit ${meta.git.commit ?? '?'}${meta.git.dirty ? ', uncommitted changes' : ''})`,
  );
  out.push(
    `Node ${meta.node}, ${meta.cpus} CPU(s) ${meta.cpuModel}; load average before: ${meta.loadAverage.join(' ')}, after: ${meta.loadAverageAfter?.join(' ') ?? '-'}`,
  );
  out.push(
    `${fmt.int(capacity.sockets)} sockets (${meta.settings.client}, WebSocket only) from ${capacity.workers} generator process(es), ${meta.settings.connectConcurrency} handshakes in flight; ` +
      `${meta.settings.fanouts} fan-outs measured after ${meta.settings.warmupFanouts} warm-up; app LOG_LEVEL=${meta.settings.appLogLevel}, NODE_ENV=production`,
  );
  out.push(
    meta.pinning.enabled
      ? `CPU pinning: server on core ${meta.pinning.server}, generators on core ${meta.pinning.loader} (taskset); PostgreSQL and this coordinator not pinned`
      : `CPU pinning: none (${meta.pinning.reason})`,
  );
  out.push(
    `Open files limit of the server: ${Object.values(results)
      .map(
        (r) => `${r.kind} ${r.server?.openFilesLimit ?? '?'} (${r.server?.openFilesAfterConnect ?? '?'} open after connecting)`,
      )
      .join(', ')}; hard limit ${capacity.openFilesHardLimit}`,
  );
  if (capacity.cappedBy)
    out.push(
      `WARNING: ${fmt.int(capacity.requestedSockets)} sockets asked for, ${fmt.int(capacity.sockets)} tried: ${capacity.cappedBy}`,
    );
  out.push(
    `Source addresses: ${capacity.sourceAddresses.join(', ')} (ephemeral ports ${capacity.ephemeralPorts ? `${capacity.ephemeralPorts.low}–${capacity.ephemeralPorts.high}, ${fmt.int(capacity.ephemeralPorts.count)} per source address and server address` : 'unknown'})`,
  );
  out.push(`Database: ${meta.database ?? '-'}`);
  const diagnostics = [
    ...meta.settings.appNodeOptions,
    ...Object.entries(meta.settings.appEnv).map(([key, value]) => `${key}=${value}`),
    ...meta.settings.baselineNodeOptions.map((option) => `baseline: ${option}`),
  ];
  if (diagnostics.length) out.push(`NOTE: the app ran with ${diagnostics.join(' ')}: not the unchanged app's figures`);
  out.push('');
  const kinds = Object.keys(results);
  const rows = kinds.map((kind) => {
    const r = results[kind];
    if (r.error || !r.fanout) return [r.title ?? kind, 'FAILED', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-'];
    return [
      r.title,
      `${r.connect.connected}/${r.connect.requested}`,
      fmt.int(r.connect.socketsPerSecond),
      fmt.kb(r.rssPerSocketBytes),
      `${fmt.mb(r.rssBeforeBytes)} → ${fmt.mb(r.rssAfterBytes)}`,
      fmt.kb(r.rssPerSocketAfterGcBytes),
      fmt.ms(r.fanout.lastMs.p50),
      fmt.ms(r.fanout.lastMs.p99),
      fmt.ms(r.fanout.firstMs.p50),
      fmt.ms(r.fanout.responseMs.p50),
      `${r.fanout.lost}/${r.fanout.duplicates}`,
      `${fmt.int(r.fanout.serverCpuMsPerFanout)} / ${fmt.int(r.fanout.loaderCpuMsPerFanout)} ms`,
    ];
  });
  out.push(
    table(
      [
        'server',
        'connected',
        'connects/s',
        'RSS/socket',
        'RSS before → after',
        'after GC',
        'last p50',
        'last p99',
        'first p50',
        'HTTP p50',
        'lost/dup',
        'CPU per fan-out srv/gen',
      ],
      rows,
      [false, true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const kind of kinds) {
    const r = results[kind];
    if (r.error) out.push(`  ${kind}: ${r.error}`);
    else if (r.connectCpuPercent)
      out.push(
        `  ${kind}: connect phase CPU server ${fmt.pct(r.connectCpuPercent.server)}, generators ${fmt.pct(r.connectCpuPercent.loader)}, PostgreSQL ${fmt.pct(r.connectCpuPercent.postgres)}, other ${fmt.pct(r.connectCpuPercent.other)}; disconnects during the run: ${r.disconnects}; generators' RSS ${fmt.mb(r.generatorsRssBytes)}`,
      );
    if (r.fanoutCpuPercent && r.fanoutCpuPercent.other >= 15)
      out.push(
        `  WARNING: ${kind}: other processes used ${Math.round(r.fanoutCpuPercent.other)}% of a core during the fan-outs; run again on a quiet machine`,
      );
    if (r.fanout && r.fanout.loaderCpuMsPerFanout >= r.fanout.serverCpuMsPerFanout)
      out.push(
        `  note: ${kind}: the generators used as much CPU per fan-out as the server or more: the time until the last socket has it is bounded by the generator core${meta.settings.client === 'ws' ? '' : ' (BENCH_FANOUT_CLIENT=ws is lighter)'}`,
      );
  }
  out.push('  (last = request sent → the last socket has the announcement; first = → the first socket; HTTP = → the response.');
  out.push(
    '   RSS/socket = (VmRSS after connecting − before) / sockets; "after GC" = the same with two full GCs before each reading. CPU: 100% = one core)',
  );
  out.push('');
  out.push(...targetsSection(targets));
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  const startedAt = new Date();
  const meta = {
    timestamp: startedAt.toISOString(),
    ...machineMeta(),
    settings: SETTINGS,
    capacity: CAPACITY,
    pinning,
    targets: TARGETS,
  };
  log(
    pinning.enabled ? `server on core ${pinning.server}, generators on core ${pinning.loader}` : `not pinning: ${pinning.reason}`,
  );
  await waitQuietIfAsked('bench:fanout');

  const results = {};
  let database = null;
  if (SETTINGS.only.includes('app')) {
    log('creating a throw-away database for the app');
    database = await createBenchDatabase();
    cleanups.unshift(() => database.drop());
    meta.database = `${database.name} on ${database.server}`;
  }
  for (const kind of ['baseline', 'app'].filter((k) => SETTINGS.only.includes(k))) {
    try {
      results[kind] = await measure(kind, database);
    } catch (error) {
      log(`${kind} failed: ${error.stack ?? error}`);
      results[kind] = { kind, error: error.message };
    }
    // Each kind stops its own processes; whatever is left goes now.
    await cleanUp(database ? 1 : 0);
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
  const file = writeResultFiles(RESULT_KIND, report);
  log(`results written to ${file}`);
}

main()
  .catch(async (error) => {
    log(error.stack ?? String(error));
    await cleanUp();
  })
  .finally(() => {
    agent.destroy();
    process.exit(0);
  });
