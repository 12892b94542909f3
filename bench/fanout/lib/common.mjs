// Helpers shared by the socket benchmarks (bench/fanout and bench/surf): processes pinned to a
// core with a raised open-files limit, a clock shared by all processes, /proc readings (RSS,
// CPU), percentiles, the seeding of users and sessions by SQL, tables and result files.
// The HTTP benchmark's helpers (bench/lib) are reused where they fit.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer, stopChild } from '../../lib/processes.mjs';

export { planPinning, stopChild } from '../../lib/processes.mjs';
export { createBenchDatabase } from '../../lib/database.mjs';

/** 32 characters: production refuses to start with the default session secret. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789ab';
export const OPEN_FILES = 65536;

/**
 * What every benchmark's app is started with: production mode (which refuses the default
 * session secret), a free loopback port, the built client, `database`; `extra` adds or overrides.
 */
export function benchAppEnv(database, logLevel, extra = {}) {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: logLevel,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    DATABASE_URL: database.url,
    CLIENT_DIST_DIR: 'dist/client',
    // The ready line prints PUBLIC_URL when set; a bench needs the real port.
    PUBLIC_URL: undefined,
    ...extra,
  };
}

/**
 * Milliseconds on a clock every process on this machine shares: the wall clock at process start
 * (high resolution) plus the monotonic time since. Differences between processes are µs-exact.
 */
export const sharedNow = () => performance.timeOrigin + performance.now();

export function log(prefix, message) {
  process.stderr.write(`${prefix}: ${message}\n`);
}

export function envNumber(name, fallback, { min = 0 } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/**
 * `[command, args]` running `node <args>` behind taskset (when a core is given) and bash, which
 * raises the open-files limit first (to OPEN_FILES, or the hard limit where the container
 * refuses more) and then execs node: the child's pid is node's own pid.
 */
export function pinnedNode(args, core, nodeOptions = []) {
  const script = `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  const bashArgs = ['-c', script, process.execPath, ...nodeOptions, ...args];
  return core !== undefined && core !== null ? ['taskset', ['-c', String(core), 'bash', ...bashArgs]] : ['bash', bashArgs];
}

/** Starts a server (`node <args>`, pinned, open-files limit raised) and waits for its "running at http://…" line. */
export async function startPinnedServer({ name, args, env, core, nodeOptions = [], timeoutMs = 90_000 }) {
  const server = await startServer({ name, env, timeoutMs, command: pinnedNode(args, core, nodeOptions) });
  return { ...server, openFilesLimit: openFilesLimitOf(server.pid) };
}

/**
 * A generator process speaking over Node's IPC channel: `request(message)` sends and resolves
 * with the next reply of the same `type` + 'Done' (or rejects on its 'error'); `on(type, fn)`
 * listens to pushed messages.
 */
export function startWorker({ name, script, core, env }) {
  const [command, args] = pinnedNode([script], core);
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const listeners = new Map();
  const waiting = [];
  let exited = null;
  child.on('message', (message) => {
    const index = waiting.findIndex(
      (w) => message.type === `${w.type}Done` || (message.type === 'error' && message.of === w.type),
    );
    if (index >= 0) {
      const [w] = waiting.splice(index, 1);
      if (message.type === 'error') w.reject(new Error(`${name}: ${message.message}`));
      else w.resolve(message);
      return;
    }
    for (const fn of listeners.get(message.type) ?? []) fn(message);
  });
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    for (const w of waiting.splice(0)) w.reject(new Error(`${name} exited (${signal ?? code})`));
  });
  return {
    name,
    child,
    get pid() {
      return child.pid;
    },
    request(message) {
      if (exited) return Promise.reject(new Error(`${name} has exited`));
      return new Promise((resolve, reject) => {
        waiting.push({ type: message.type, resolve, reject });
        child.send(message);
      });
    },
    on(type, fn) {
      if (!listeners.has(type)) listeners.set(type, []);
      listeners.get(type).push(fn);
    },
    async stop() {
      if (exited) return;
      try {
        child.send({ type: 'exit' });
      } catch {
        // The channel is gone already.
      }
      await stopChild(child, 5_000);
    },
  };
}

/** Worker side of startWorker: `handlers[type](message)` answers `{ type: type + 'Done', ...result }`. */
export function serveRequests(handlers) {
  process.on('message', async (message) => {
    if (message.type === 'exit') {
      process.exit(0);
    }
    const handler = handlers[message.type];
    if (!handler) {
      process.send({ type: 'error', of: message.type, message: `unknown request ${message.type}` });
      return;
    }
    try {
      const result = await handler(message);
      process.send({ ...result, type: `${message.type}Done` });
    } catch (error) {
      process.send({ type: 'error', of: message.type, message: error?.stack ?? String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

/** Node options that let `collectGarbage(pid)` run full GCs in a server (bench/fanout/gc-on-signal.mjs). */
export const GC_NODE_OPTIONS = ['--expose-gc', `--import=${fileURLToPath(new URL('../gc-on-signal.mjs', import.meta.url))}`];

/** Asks a server started with GC_NODE_OPTIONS for two full GCs, then lets it settle. */
export async function collectGarbage(pid, settleMs = 500) {
  process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, settleMs));
}

// ---- /proc readings -------------------------------------------------------------------------

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status). */
export function rssBytes(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** Open file descriptors of a process (sockets included); null when it is gone. */
export function openFilesOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/**
 * The open-files limit pinnedNode's children get: OPEN_FILES where the hard limit allows it,
 * else the hard limit (raising it takes CAP_SYS_RESOURCE, which a container may not grant).
 * Answers `{ limit, hard }`.
 */
export function childOpenFilesLimit() {
  const script = `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; echo "$(ulimit -n) $(ulimit -Hn)"`;
  const [limit, hard] = execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split(/\s+/);
  const number = (value) => (value === 'unlimited' ? Infinity : Number(value));
  return { limit: number(limit), hard: number(hard) };
}

/** The kernel's range of ephemeral source ports for outgoing connections, `{ low, high, count }`. */
export function ephemeralPortRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return { low, high, count: high - low + 1 };
  } catch {
    return null;
  }
}

function openFilesLimitOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line.split(/\s+/)[3]);
  } catch {
    return null;
  }
}

let clockTicks;
function clockTicksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime + stime of a process in seconds; null when it is gone. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond();
  } catch {
    return null;
  }
}

/** CPU seconds all processes spent (user, nice, system, irq, softirq, steal) since boot. */
export function machineBusySeconds() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / clockTicksPerSecond();
}

/** Pids of the PostgreSQL server: the embedded one's postmaster and children, else every `postgres` process. */
export function postgresPids() {
  let postmaster = null;
  try {
    postmaster = Number(readFileSync('.data/bench-postgres/postmaster.pid', 'utf8').split('\n')[0]);
  } catch {
    // Not the embedded server.
  }
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (postmaster ? Number(entry) === postmaster || ppid === postmaster : comm === 'postgres') pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * Measures CPU use over an interval: `const cpu = cpuMeter({ server: pid, loader: [pids] })`,
 * later `cpu.stop()` → `{ server: %, loader: %, postgres: %, other: % }` (100% = one core).
 */
export function cpuMeter(groups) {
  const pidsOf = (value) => (Array.isArray(value) ? value : [value]).filter(Boolean);
  const read = (pids) => new Map(pids.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
  const groupPids = Object.fromEntries(Object.entries(groups).map(([key, value]) => [key, pidsOf(value)]));
  const before = Object.fromEntries(Object.entries(groupPids).map(([key, pids]) => [key, read(pids)]));
  // PostgreSQL forks a backend per connection: the ones born during the interval count in full.
  const postgresBefore = read(postgresPids());
  const ownBefore = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const wallBefore = performance.now();
  const used = (start, pids) =>
    pids.reduce((total, pid) => total + Math.max(0, (cpuSecondsOf(pid) ?? start.get(pid) ?? 0) - (start.get(pid) ?? 0)), 0);
  return {
    stop() {
      const wall = (performance.now() - wallBefore) / 1000;
      const result = {};
      let accounted = 0;
      for (const [key, pids] of Object.entries(groupPids)) {
        const seconds = used(before[key], pids);
        accounted += seconds;
        result[key] = (100 * seconds) / wall;
      }
      const postgres = used(postgresBefore, [...new Set([...postgresBefore.keys(), ...postgresPids()])]);
      accounted += postgres;
      result.postgres = (100 * postgres) / wall;
      const own = process.cpuUsage(ownBefore);
      const ownSeconds = (own.user + own.system) / 1e6;
      result.coordinator = (100 * ownSeconds) / wall;
      result.other = Math.max(0, (100 * (machineBusySeconds() - machineBefore - accounted - ownSeconds)) / wall);
      return result;
    },
  };
}

export function loadAverage() {
  return os.loadavg().map((n) => Math.round(n * 100) / 100);
}

// ---- statistics -----------------------------------------------------------------------------

/** Nearest-rank percentile of a list of numbers (p in 0–100); null for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

export function summarize(values) {
  if (values.length === 0) return { count: 0, p50: null, p90: null, p99: null, max: null, min: null, mean: null };
  const sorted = Float64Array.from(values).sort();
  const at = (p) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    min: sorted[0],
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: sorted[sorted.length - 1],
    mean: sum / sorted.length,
  };
}

// ---- seeding ---------------------------------------------------------------------------------

/** An opaque session token as the app makes them (base64url of 32 random bytes; 43 characters). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value) => createHash('sha256').update(value).digest();

/**
 * Inserts `count` members (no password: they never log in through the form) with one session
 * each, straight into the database, as SessionsService.create would store them: the cookie
 * carries the raw token, the table its SHA-256. Answers `[{ userId, username, token, socketId, cookie }]`.
 */
export async function insertMembersWithSessions(client, { count, prefix, role = 'member', credits = 0 }) {
  const usernames = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  const { rows } = await client.query(
    `INSERT INTO users (username, first_name, email, password_hash, finished_get_started, role, credits, email_confirmed_at)
     SELECT name, 'Bench', name || '@bench.invalid', NULL, true, $2, $3, now() FROM unnest($1::text[]) AS name
     RETURNING id, username`,
    [usernames, role, credits],
  );
  const byName = new Map(rows.map((row) => [row.username, row.id]));
  const sessions = await insertSessions(
    client,
    usernames.map((username) => byName.get(username)),
  );
  return sessions.map((session, i) => ({ ...session, username: usernames[i] }));
}

/**
 * One session each for members already in the database, as SessionsService.create would store
 * them: the cookie carries the raw token, the table its SHA-256. Answers `[{ userId, token, socketId, cookie }]`.
 */
export async function insertSessions(client, userIds) {
  const sessions = userIds.map((userId) => ({ userId, token: randomToken(), socketId: randomToken(18) }));
  await client.query(
    `INSERT INTO sessions (user_id, token_hash, socket_id, user_agent, ip, expires_at)
     SELECT user_id, token_hash, socket_id, 'bench', '127.0.0.1', now() + interval '1 day'
       FROM unnest($1::int[], $2::bytea[], $3::text[]) AS s (user_id, token_hash, socket_id)`,
    [sessions.map((s) => s.userId), sessions.map((s) => sha256(s.token)), sessions.map((s) => s.socketId)],
  );
  return sessions.map((s) => ({ ...s, cookie: `sid=${s.token}` }));
}

// ---- output ----------------------------------------------------------------------------------

export function table(headers, rows, alignRight) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (alignRight[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const fmt = {
  int: (n) => (n === null || n === undefined || Number.isNaN(n) ? '-' : Math.round(n).toLocaleString('en-US')),
  ms: (n) => (n === null || n === undefined ? '-' : `${n.toFixed(1)} ms`),
  kb: (n) => (n === null || n === undefined ? '-' : `${(n / 1024).toFixed(1)} KB`),
  mb: (n) => (n === null || n === undefined ? '-' : `${(n / 1024 / 1024).toFixed(1)} MB`),
  pct: (n) => (n === null || n === undefined ? '-' : `${Math.round(n)}%`),
  ratio: (n) => (n === null || n === undefined ? '-' : `${n.toFixed(2)}×`),
};

/** A target row: `{ label, value, limit, comparison ('≤'|'≥'|'='), format, detail }` with its status. */
export function target({ label, value, limit, comparison, format = String, detail = '' }) {
  let status = 'skipped';
  if (value !== null && value !== undefined && !Number.isNaN(value)) {
    const ok =
      comparison === '≤'
        ? value <= limit
        : comparison === '≥'
          ? value >= limit
          : comparison === '<'
            ? value < limit
            : value === limit;
    status = ok ? 'met' : 'MISSED';
  }
  return {
    label,
    value,
    limit,
    comparison,
    status,
    detail,
    shown: { value: value === null || value === undefined ? '-' : format(value), limit: `${comparison} ${format(limit)}` },
  };
}

export function targetTable(targets) {
  return table(
    ['', 'target', 'value', 'limit', 'detail'],
    targets.map((t) => [t.status, t.label, t.shown.value, t.shown.limit, t.detail]),
    [false, false, true, false, false],
  );
}

/** The report's closing lines: the targets' table and which were missed. */
export function targetsSection(targets) {
  const missed = targets.filter((t) => t.status === 'MISSED');
  return [
    'Targets',
    targetTable(targets),
    '',
    missed.length === 0 ? 'All targets met.' : `MISSED ${missed.length} target(s): ${missed.map((t) => t.label).join('; ')}`,
    '',
  ];
}

export function gitInfo() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** Writes `<dir>/<kind>-<timestamp>.json` and `<dir>/<kind>-latest.json`; answers the first path. */
export function writeResultFiles(kind, report, dir = process.env.BENCH_RESULTS_DIR || 'bench/results') {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${kind}-${report.meta.timestamp.replace(/[:.]/g, '-')}.json`);
  const text = JSON.stringify(report, null, 2) + '\n';
  writeFileSync(file, text);
  writeFileSync(join(dir, `${kind}-latest.json`), text);
  return file;
}

export function machineMeta() {
  return {
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? '?',
    loadAverage: loadAverage(),
    git: gitInfo(),
  };
}

/** Waits up to `maxSeconds` for the machine to be under `thresholdPercent` of a core busy (2 s samples). */
export async function waitQuietIfAsked(prefix) {
  const maxSeconds = envNumber('BENCH_WAIT_QUIET', 0);
  if (!(maxSeconds > 0)) return null;
  const { waitForQuiet } = await import('../../lib/machine.mjs');
  return waitForQuiet({ maxWaitSeconds: maxSeconds, cores: os.availableParallelism(), log: (m) => log(prefix, m) });
}

// ---- clean-up and database access shared by the runners ---------------------------------------

/**
 * Clean-up steps run in reverse order when the runner ends or is interrupted (SIGINT, SIGTERM):
 * push a function onto `cleanups`, call `cleanUp()` at the end.
 */
export function exitCleanups(log) {
  const cleanups = [];
  /** Runs the clean-ups last in, first out, all but the first `keep` (a run's own, e.g. a database kept between measurements). */
  async function cleanUp(keep = 0) {
    while (cleanups.length > keep) {
      const fn = cleanups.pop();
      await fn().catch((error) => log(`clean-up: ${error.message}`));
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      cleanUp().finally(() => process.exit(130));
    });
  }
  return { cleanups, cleanUp };
}

/** Runs `work` with a pg client of its own on `url`, closed afterwards. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A module of the build (`npm run build` writes dist/), by its path from the repository root. */
export const built = (path) => import(pathToFileURL(resolve(path)).href);

/** Runs the built app's migrations and SQL definitions on a new bench database, as the app does. */
export async function migrateBuilt(url) {
  const { DataSource } = await import('typeorm');
  const { MIGRATIONS } = await built('dist/migrations/index.js');
  const { migrateDatabase } = await built('dist/server/src/schema/sql-definitions.js');
  const dataSource = new DataSource({ type: 'postgres', url, migrations: MIGRATIONS, migrationsTableName: 'migrations' });
  await dataSource.initialize();
  await migrateDatabase(dataSource, 'each');
  await dataSource.destroy();
}

/** One GET as the app's client sends it (session cookie, XHR marker): its status and body text. */
export function getAsMember(url, cookie) {
  return new Promise((resolveAnswer, reject) => {
    const request = http.request(
      url,
      { method: 'GET', headers: { cookie, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolveAnswer({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * The CPU each group of processes used over a measurement window (waits for its start and end);
 * `onStart` / `onEnd` run right after the meter starts and right before it stops.
 */
export async function cpuOverWindow(window, groups, { onStart, onEnd } = {}) {
  await sleep(Math.max(0, window.measureFrom - sharedNow()));
  const meter = cpuMeter(groups);
  onStart?.();
  await sleep(Math.max(0, window.endAt - sharedNow()));
  onEnd?.();
  return meter.stop();
}

/** Pids of the processes named `name` (the `comm` of /proc/<pid>/stat), e.g. 'redis-server'. */
export function pidsNamed(name) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === name) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * Bytes each established TCP connection of the processes `pids` has carried so far, from the
 * kernel's counters (`ss -tinp`): `Map<"local peer", { pid, local, peer, sent, received }>`, sent
 * and received as seen by the process. Empty when `ss` (iproute2) is missing.
 */
export function tcpTrafficOf(pids) {
  const wanted = new Set(pids.map(Number));
  let out;
  try {
    out = execFileSync('ss', ['-tinpH', 'state', 'established'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  } catch {
    return new Map();
  }
  const connections = new Map();
  let current = null;
  for (const line of out.split('\n')) {
    if (!/^\s/.test(line)) {
      // "<recv-q> <send-q> <local> <peer> users:(("node",pid=123,fd=4))"
      const [, , local, peer] = line.trim().split(/\s+/);
      const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
      current = wanted.has(pid) ? { pid, local, peer, sent: 0, received: 0 } : null;
      if (current) connections.set(`${local} ${peer}`, current);
      continue;
    }
    if (!current) continue;
    current.sent = Number(/bytes_sent:(\d+)/.exec(line)?.[1] ?? 0);
    current.received = Number(/bytes_received:(\d+)/.exec(line)?.[1] ?? 0);
  }
  return connections;
}

/**
 * Bytes carried between two tcpTrafficOf() readings, summed per kind of connection:
 * `classify(connection)` names the kind (or null to leave it out). A connection opened
 * meanwhile counts from 0; one closed meanwhile is missing (its last bytes are not counted).
 * Answers `{ [kind]: { sent, received, connections } }`.
 */
export function tcpTrafficBetween(before, after, classify) {
  const kinds = {};
  for (const [key, connection] of after) {
    const kind = classify(connection);
    if (!kind) continue;
    const start = before.get(key);
    const entry = (kinds[kind] ??= { sent: 0, received: 0, connections: 0 });
    entry.sent += connection.sent - (start?.sent ?? 0);
    entry.received += connection.received - (start?.received ?? 0);
    entry.connections++;
  }
  return kinds;
}
