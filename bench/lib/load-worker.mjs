// The load generator, run as its own process (pinned to its own core by bench/lib/load.mjs):
// autocannon for the warm-up (thrown away), then for the measurement. It also reads the
// server's CPU time around the measurement and its own, so a run can tell whether the server
// or the load generator was the bottleneck. Prints one line "BENCH_RESULT <json>".
import { readdirSync, readFileSync } from 'node:fs';
import { createHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
const CLOCK_TICKS_PER_SECOND = job.clockTicks ?? 100;

function run(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/** utime + stime of a process in seconds, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds all processes spent (user, nice, system, steal; not irq) since boot, from /proc/stat. */
function machineBusySeconds() {
  try {
    const [user, nice, system, , , , , steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + steal) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of every PostgreSQL process (comm "postgres"): the database is part of what a
 * scenario measures, not other work. Per pid, so backends that start meanwhile count from 0.
 */
function postgresCpuByPid() {
  const byPid = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(entry, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

function postgresCpuSecondsSince(before) {
  let total = 0;
  for (const [pid, seconds] of postgresCpuByPid()) total += seconds - (before.get(pid) ?? 0);
  return Math.max(0, total);
}

function ownCpuSeconds() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

const base = {
  url: job.url,
  method: job.method,
  headers: job.headers,
  body: job.body,
  connections: job.connections,
  pipelining: 1,
  timeout: 10,
};

if (job.warmup > 0) await run({ ...base, duration: job.warmup });

// autocannon's own histogram has 1 ms resolution; this one keeps microseconds for p50/p99.
const latencyMicros = createHistogram();
const serverCpuBefore = cpuSecondsOf(job.serverPid);
const machineBefore = machineBusySeconds();
const postgresBefore = postgresCpuByPid();
const ownCpuBefore = ownCpuSeconds();
const wallBefore = process.hrtime.bigint();
const result = await run({ ...base, duration: job.duration }, (_client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 200 && statusCode < 300) latencyMicros.record(Math.max(1, Math.round(responseTime * 1000)));
});
const wallSeconds = Number(process.hrtime.bigint() - wallBefore) / 1e9;
const serverCpuAfter = cpuSecondsOf(job.serverPid);
const machineAfter = machineBusySeconds();
const postgresSeconds = postgresCpuSecondsSince(postgresBefore);
const ownCpuAfter = ownCpuSeconds();

const ms = (micros) => Math.round(micros) / 1000;
const summary = {
  requestsPerSecond: result.requests.mean,
  requestsPerSecondStddev: result.requests.stddev,
  totalRequests: result.requests.total,
  latencyMs: {
    p50: ms(latencyMicros.percentile(50)),
    p90: ms(latencyMicros.percentile(90)),
    p99: ms(latencyMicros.percentile(99)),
    max: ms(latencyMicros.max),
    mean: ms(latencyMicros.mean),
  },
  autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count])),
  bytesPerSecond: result.throughput.mean,
  /** Headers and body of one answer, as read off the wire. */
  bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : null,
  durationSeconds: result.duration,
  serverCpuPercent:
    serverCpuBefore === null || serverCpuAfter === null ? null : (100 * (serverCpuAfter - serverCpuBefore)) / wallSeconds,
  loaderCpuPercent: (100 * (ownCpuAfter - ownCpuBefore)) / wallSeconds,
  /** CPU of the PostgreSQL processes meanwhile (all of them: on a shared server, others' queries count too). */
  dbCpuPercent: (100 * postgresSeconds) / wallSeconds,
  /** CPU used by every other process meanwhile (100% = one core): a busy machine skews the figures. */
  otherCpuPercent:
    machineBefore === null || serverCpuBefore === null || serverCpuAfter === null
      ? null
      : Math.max(
          0,
          (100 *
            (machineAfter -
              machineBefore -
              (serverCpuAfter - serverCpuBefore) -
              (ownCpuAfter - ownCpuBefore) -
              postgresSeconds)) /
            wallSeconds,
        ),
};
process.stdout.write(`BENCH_RESULT ${JSON.stringify(summary)}\n`);
