// `node bench/profile/health-variants.mjs` (after `npm run build`): measures GET /data/health
// on the bare peer, on Fastify with the app's logger settings, and on the real app with parts
// swapped out (register.mjs), under the same load as `npm run bench`, to show where the app's
// time per request goes. Diagnostic only. BENCH_VARIANTS=id,id picks variants; the other
// BENCH_* settings are the benchmark's; BENCH_CUSTOM_VARIANTS="id=stub+stub,…" adds app variants
// with any set of stubs; BENCH_APP_BUILDS="id=dir,…" adds the app built into another dist
// folder (an A/B of two builds: copy dist/ aside, change, rebuild). Writes
// bench/results/profile-<timestamp>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBenchConfig } from '../lib/config.mjs';
import { createBenchDatabase } from '../lib/database.mjs';
import { runLoadQuietly } from '../lib/load.mjs';
import { planPinning, startServer } from '../lib/processes.mjs';
import { XHR_HEADERS } from '../scenarios.mjs';

const ALL_STUBS = ['no-compress', 'no-cookie', 'no-multipart', 'no-rate-limit'];

const variants = [
  { id: 'peer', title: 'bare Fastify peer', kind: 'peer' },
  { id: 'fastify-logger', title: 'Fastify + app logger/reqId options, no plugins, no Nest', kind: 'fastify-like-app' },
  {
    id: 'fastify-pino',
    title: "Fastify + the app's pino logger only",
    kind: 'fastify-like-app',
    env: { BENCH_FASTIFY_REQID: '0' },
  },
  { id: 'fastify-uuid', title: 'Fastify + UUID request id only', kind: 'fastify-like-app', env: { BENCH_FASTIFY_LOGGER: '0' } },
  { id: 'nest-minimal', title: 'Nest on Fastify, one controller, nothing else', kind: 'nest-minimal' },
  {
    id: 'nest-minimal-logger',
    title: "same + the app's pino logger and UUID request id",
    kind: 'nest-minimal',
    env: { BENCH_NEST_LOGGER: '1' },
  },
  { id: 'app', title: 'app as built (LOG_LEVEL=warn)', kind: 'app', stubs: [] },
  { id: 'app-silent', title: 'app, LOG_LEVEL=silent', kind: 'app', stubs: [], logLevel: 'silent' },
  { id: 'no-compress', title: 'app without @fastify/compress', kind: 'app', stubs: ['no-compress'] },
  { id: 'no-cookie', title: 'app without @fastify/cookie', kind: 'app', stubs: ['no-cookie'] },
  { id: 'no-multipart', title: 'app without @fastify/multipart', kind: 'app', stubs: ['no-multipart'] },
  { id: 'no-rate-limit', title: 'app without @fastify/rate-limit', kind: 'app', stubs: ['no-rate-limit'] },
  { id: 'no-plugins', title: 'app without compress, cookie, multipart and rate-limit', kind: 'app', stubs: ALL_STUBS },
];

const config = loadBenchConfig();
const pinning = planPinning(config.pin);
// Ad-hoc app variants: BENCH_CUSTOM_VARIANTS="id=stub+stub,id2=stub" (stubs: profile/stub-hooks.mjs).
const custom = (process.env.BENCH_CUSTOM_VARIANTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((spec) => {
    const [id, stubs = ''] = spec.split('=');
    return { id, title: `app, ${stubs.split('+').join(' + ')}`, kind: 'app', stubs: stubs.split('+').filter(Boolean) };
  });
// Other builds of the app: BENCH_APP_BUILDS="before=.ab/dist-a,after=dist".
const builds = (process.env.BENCH_APP_BUILDS ?? '')
  .split(',')
  .filter(Boolean)
  .map((spec) => {
    const [id, dist] = spec.split('=');
    return { id, title: `app built in ${dist}`, kind: 'app', stubs: [], dist };
  });
custom.push(...builds);
const wanted = (process.env.BENCH_VARIANTS ?? '').split(',').filter(Boolean);
const selected = [
  ...(wanted.length || custom.length ? variants.filter((v) => wanted.includes(v.id) || v.id === 'peer') : variants),
  ...custom,
];
const log = (message) => process.stderr.write(`profile: ${message}\n`);

function serverFor(variant, database) {
  const common = { PORT: '0', HOST: '127.0.0.1' };
  if (variant.kind === 'peer') return { args: ['bench/servers/fastify-peer.mjs'], env: common };
  if (variant.kind === 'fastify-like-app')
    return { args: ['bench/profile/fastify-like-app.mjs'], env: { ...common, LOG_LEVEL: config.appLogLevel, ...variant.env } };
  if (variant.kind === 'nest-minimal')
    return { args: ['bench/profile/nest-minimal.mjs'], env: { ...common, LOG_LEVEL: config.appLogLevel, ...variant.env } };
  return {
    args: ['--import', './bench/profile/register.mjs', `${variant.dist ?? 'dist'}/server/src/main.js`],
    env: {
      ...common,
      NODE_ENV: 'production',
      LOG_LEVEL: variant.logLevel ?? config.appLogLevel,
      SESSION_SECRET: 'bench-session-secret-0123456789ab',
      DATABASE_URL: database.url,
      CLIENT_DIST_DIR: `${variant.dist ?? 'dist'}/client`,
      PUBLIC_URL: undefined,
      BENCH_STUBS: variant.stubs.join(','),
      ...variant.env,
    },
  };
}

let database = null;
const running = new Map(); // variant id → server
const results = selected.map((variant) => ({ ...variant, rounds: [] }));
async function stopAll() {
  for (const server of running.values()) await server.stop().catch(() => undefined);
  running.clear();
  await database?.drop().catch(() => undefined);
  database = null;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    log(`${signal}: stopping`);
    await stopAll();
    process.exit(130);
  });
}

// Every variant's server is started first and stays up (idle ones cost nothing); then the
// rounds measure them one after another, so a slow spell of a shared machine hits all alike.
const rounds = process.env.BENCH_ROUNDS ? config.rounds : 3;
try {
  if (selected.some((v) => v.kind === 'app')) database = await createBenchDatabase();
  for (const result of results) {
    const { args, env } = serverFor(result, database);
    log(`${result.id}: starting`);
    try {
      const server = await startServer({ name: result.id, args, env, cores: pinning.enabled ? pinning.server : undefined });
      running.set(result.id, server);
      const url = new URL('/data/health', server.url).toString();
      const probe = await fetch(url, { headers: XHR_HEADERS });
      const body = await probe.text();
      if (probe.status !== 200) throw new Error(`probe answered ${probe.status}: ${body}`);
      // Every variant but the pass-through one must still answer the envelope.
      if (
        !result.stubs?.includes('passthrough-interceptor') &&
        !/^\{"data":\{"ok":true\},"errors":\[\],"maintenance":false\}$/.test(body)
      )
        throw new Error(`probe answered an unexpected body: ${body}`);
      result.url = url;
      result.responseBytes = Number(probe.headers.get('content-length'));
    } catch (error) {
      result.error = error.message;
      log(`${result.id} failed: ${error.message}`);
    }
  }
  for (let round = 1; round <= rounds; round++) {
    for (const result of results) {
      if (result.error) continue;
      log(`${result.id}: measuring (round ${round}/${rounds})`);
      const load = await runLoadQuietly(
        {
          request: { url: result.url, method: 'GET', headers: XHR_HEADERS },
          server: running.get(result.id),
          connections: config.connections,
          duration: config.duration,
          warmup: config.warmup,
          cores: pinning.enabled ? pinning.loader : undefined,
        },
        { waitQuiet: config.waitQuiet, cpus: config.cpus, log },
      );
      result.rounds.push(load);
    }
  }
} finally {
  await stopAll();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const cpuMicrosPerRequest = (load) =>
  load.serverCpuPercent === null ? null : (load.serverCpuPercent / 100 / load.requestsPerSecond) * 1e6;
for (const result of results) {
  if (!result.rounds.length) continue;
  result.load = {
    requestsPerSecond: median(result.rounds.map((r) => r.requestsPerSecond)),
    p99: median(result.rounds.map((r) => r.latencyMs.p99)),
    cpuMicrosPerRequest: median(result.rounds.map(cpuMicrosPerRequest)),
    serverCpuPercent: median(result.rounds.map((r) => r.serverCpuPercent ?? 0)),
    loaderCpuPercent: median(result.rounds.map((r) => r.loaderCpuPercent)),
    otherCpuPercent: Math.max(...result.rounds.map((r) => r.otherCpuPercent ?? 0)),
  };
}
const peerResult = results.find((r) => r.id === 'peer');
const appResult = results.find((r) => r.id === 'app');
/** Median over rounds of this variant's req/s divided by the reference's req/s in the same round. */
const ratioTo = (result, reference) =>
  reference?.rounds.length === result.rounds.length
    ? median(result.rounds.map((r, i) => r.requestsPerSecond / reference.rounds[i].requestsPerSecond))
    : null;
const width = Math.max(...results.map((r) => r.title.length), 'variant'.length);
const lines = [
  '',
  `GET /data/health variants: ${config.connections} connections, ${config.warmup} s warm-up + ${config.duration} s each, ${rounds} interleaved rounds (medians); ${pinning.enabled ? `server core ${pinning.server}, load core ${pinning.loader}` : `no pinning (${pinning.reason})`}`,
  "×peer, ×app: median of the per-round ratios. CPU µs/req: the server process's CPU time per answered request. other: the most CPU other processes used in any round.",
  '',
  `${'variant'.padEnd(width)} ${'req/s'.padStart(7)} ${'×peer'.padStart(6)} ${'×app'.padStart(6)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(10)} ${'srv CPU'.padStart(7)} ${'ldr CPU'.padStart(7)} ${'other'.padStart(6)}`,
];
for (const r of results) {
  if (!r.load) {
    lines.push(`${r.title.padEnd(width)} FAILED: ${r.error}`);
    continue;
  }
  const l = r.load;
  const fmtRatio = (x) => (x === null ? '-' : x.toFixed(2));
  lines.push(
    `${r.title.padEnd(width)} ${Math.round(l.requestsPerSecond).toLocaleString('en-US').padStart(7)} ${fmtRatio(ratioTo(r, peerResult)).padStart(6)} ${fmtRatio(ratioTo(r, appResult)).padStart(6)} ${l.p99.toFixed(2).padStart(7)} ${(l.cpuMicrosPerRequest === null ? '-' : l.cpuMicrosPerRequest.toFixed(1)).padStart(10)} ${`${Math.round(l.serverCpuPercent)}%`.padStart(7)} ${`${Math.round(l.loaderCpuPercent)}%`.padStart(7)} ${`${Math.round(l.otherCpuPercent)}%`.padStart(6)}`,
  );
}
process.stdout.write(lines.join('\n') + '\n\n');

const timestamp = new Date().toISOString();
mkdirSync(config.resultsDir, { recursive: true });
const file = join(config.resultsDir, `profile-${timestamp.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ timestamp, pinning, settings: config, results }, null, 2) + '\n');
process.stdout.write(`Results: ${file}\n`);
