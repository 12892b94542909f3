// The surf benchmark's scale-out scenario (BENCH_SURF_PROCESSES=N, N ≥ 2; run by bench/surf/run.mjs):
// the same surfing load as the single-process measurement, served once by one app process and
// once by N app processes that share Redis (REDIS_URL: Socket.IO rooms span the processes) and
// PostgreSQL. Each measurement has a fresh database (so also its own Redis channel, which the app
// derives from the database), the clients split evenly between the processes, each client talking
// to one process for both its HTTP calls and its socket, as a sticky load balancer would send it.
// Rounds alternate the order (1 → N, then N → 1, …) so a slow spell of the machine hits both alike.
//
// Target: confirmed views/s with N processes ≥ 0.9× with one (median of the per-round ratios), and
// the ledger holds after every measurement. Records the app's, PostgreSQL's and Redis' CPU per
// confirmed view and the bytes per view between the app and its clients, PostgreSQL and Redis.
// Writes bench/results/surf-scale-<timestamp>.json and surf-scale-latest.json.
import {
  createBenchDatabase,
  fmt,
  machineMeta,
  percentile,
  table,
  target,
  targetsSection,
  waitQuietIfAsked,
  writeResultFiles,
} from '../fanout/lib/common.mjs';
import { measureApp } from './lib/app.mjs';
import { pinning, SETTINGS } from './lib/settings.mjs';

const TARGET_RATIO = 0.9;

/** CPU milliseconds per view from a share of a core (100% = one core) at `rate` views/s. */
const cpuMsPerView = (percent, rate) => (percent === undefined || !rate ? null : (10 * percent) / rate);
const median = (values) =>
  percentile(
    values.filter((v) => v !== null && v !== undefined),
    50,
  );

function perView(m) {
  const bytes = (kind, direction) => (m.traffic?.[kind] ? m.traffic[kind][direction] / m.views : null);
  return {
    appCpuMs: cpuMsPerView(m.cpuPercent.server, m.viewsPerSecond),
    postgresCpuMs: cpuMsPerView(m.cpuPercent.postgres, m.viewsPerSecond),
    redisCpuMs: cpuMsPerView(m.cpuPercent.redis, m.viewsPerSecond),
    generatorCpuMs: cpuMsPerView(m.cpuPercent.loader, m.viewsPerSecond),
    transactions: m.views ? m.transactions / m.views : null,
    clientBytesIn: bytes('clients', 'received'),
    clientBytesOut: bytes('clients', 'sent'),
    postgresBytesIn: bytes('postgres', 'received'),
    postgresBytesOut: bytes('postgres', 'sent'),
    redisBytesIn: bytes('redis', 'received'),
    redisBytesOut: bytes('redis', 'sent'),
    /** Connections open at the window's end: the pools' PostgreSQL backends, Redis clients. */
    postgresConnections: m.traffic?.postgres?.connections ?? null,
    redisConnections: m.traffic?.redis?.connections ?? null,
  };
}

/** Each process's share of the database connections (BENCH_SURF_POOL_TOTAL), as its environment. */
const poolOf = (processes) =>
  SETTINGS.poolTotal > 0 ? { DATABASE_POOL_SIZE: String(Math.max(2, Math.ceil(SETTINGS.poolTotal / processes))) } : {};

/** One process and N processes per round, in alternating order. */
function plan() {
  const order = [];
  for (let round = 1; round <= SETTINGS.scaleRounds; round++) {
    const pair = [1, SETTINGS.processes];
    for (const processes of round % 2 === 1 ? pair : pair.reverse()) order.push({ round, processes });
  }
  return order;
}

function summarizeByProcesses(measurements) {
  const summary = {};
  for (const processes of [1, SETTINGS.processes]) {
    const ok = measurements.filter((m) => m.processes === processes && !m.error);
    const costs = ok.map((m) => m.perView);
    summary[processes] = {
      measurements: ok.length,
      viewsPerSecond: median(ok.map((m) => m.viewsPerSecond)),
      claimP99Ms: median(ok.map((m) => m.claimMs.p99)),
      perView: Object.fromEntries(Object.keys(costs[0] ?? {}).map((key) => [key, median(costs.map((c) => c[key]))])),
    };
  }
  return summary;
}

function roundRatios(measurements) {
  const ratios = [];
  for (let round = 1; round <= SETTINGS.scaleRounds; round++) {
    const one = measurements.find((m) => m.round === round && m.processes === 1 && !m.error);
    const many = measurements.find((m) => m.round === round && m.processes === SETTINGS.processes && !m.error);
    if (one && many && one.viewsPerSecond > 0) ratios.push(many.viewsPerSecond / one.viewsPerSecond);
  }
  return ratios;
}

function evaluate(measurements, summary, ratios) {
  const n = SETTINGS.processes;
  const rows = [
    target({
      label: `confirmed views/s with ${n} processes ≥ ${TARGET_RATIO}× one process`,
      value: median(ratios),
      limit: TARGET_RATIO,
      comparison: '≥',
      format: fmt.ratio,
      detail: `${fmt.int(summary[n].viewsPerSecond)} vs ${fmt.int(summary[1].viewsPerSecond)} views/s (medians); per round ${ratios.map(fmt.ratio).join(', ') || '-'}`,
    }),
  ];
  const ok = measurements.filter((m) => !m.error);
  if (ok.length) {
    const sum = (fn) => ok.reduce((total, m) => total + fn(m.ledger, m), 0);
    rows.push(
      target({
        label: 'ledger: balances equal their ledger sums, no key twice',
        value: sum((l) => l.userMismatches + l.campaignMismatches + l.duplicateKeys),
        limit: 0,
        comparison: '=',
        detail: `after each of ${ok.length} measurement(s)`,
      }),
      target({
        label: 'no double credits',
        value: sum(
          (l) =>
            l.ticketsCreditedTwice +
            l.earnedWithoutClaimedTicket +
            l.claimedWithoutCredit +
            Math.abs(l.viewEarned - l.claimedTickets) +
            Math.abs(l.viewPaid - l.viewEarned),
        ),
        limit: 0,
        comparison: '=',
        detail: `view_earned = claimed tickets = view_paid, one view_earned per ticket, after each measurement`,
      }),
      target({
        label: 'every credited ack is in the ledger',
        value: sum((l, m) => l.viewEarned - m.creditedTotal),
        limit: 0,
        comparison: '=',
        detail: `${fmt.int(sum((l, m) => m.creditedTotal))} credited acks vs ${fmt.int(sum((l) => l.viewEarned))} view_earned rows`,
      }),
    );
  }
  for (const m of measurements.filter((x) => x.error))
    rows.push({
      label: `round ${m.round}, ${m.processes} process(es) measured`,
      status: 'MISSED',
      detail: m.error.split('\n')[0],
      shown: { value: 'failed', limit: '' },
    });
  return rows;
}

function print(report) {
  const { meta, measurements, byProcesses: summary, targets } = report;
  const n = meta.settings.processes;
  const out = [''];
  out.push(
    `Surf benchmark, scale-out: 1 process vs ${n} ${meta.timestamp}  (commit ${meta.git.commit ?? '?'}${meta.git.dirty ? ', uncommitted changes' : ''})`,
  );
  out.push(
    `Node ${meta.node}, ${meta.cpus} CPU(s) ${meta.cpuModel}; load average before: ${meta.loadAverage.join(' ')}, after: ${meta.loadAverageAfter.join(' ')}`,
  );
  out.push(
    `${meta.settings.clients} concurrent clients split evenly over the processes (each client on one process for HTTP and socket), ` +
      `${meta.settings.warmupSeconds} s warm-up then ${meta.settings.seconds} s measured; ${meta.settings.scaleRounds} round(s), order alternating; ` +
      `every process with REDIS_URL=${meta.settings.redisUrl}, a fresh database per measurement; app in bench mode as the single-process run`,
  );
  out.push(
    meta.settings.poolTotal > 0
      ? `Database connections: ${meta.settings.poolTotal} query connections in all, split evenly (DATABASE_POOL_SIZE = ${meta.settings.poolTotal} / processes)`
      : 'Database connections: every process with the default pool (20), N processes hold N times the connections',
  );
  out.push(
    meta.pinning.enabled
      ? `CPU pinning: every app process on core ${meta.pinning.server}, generators on core ${meta.pinning.loader} (taskset); PostgreSQL and Redis not pinned`
      : `CPU pinning: none (${meta.pinning.reason})`,
  );
  out.push(`Database server: ${meta.databaseServer ?? '-'}`);
  if (meta.settings.appNodeOptions.length || Object.keys(meta.settings.appEnv).length)
    out.push(
      `NOTE: the app ran with diagnostics (${[...meta.settings.appNodeOptions, ...Object.entries(meta.settings.appEnv).map(([k, v]) => `${k}=${v}`)].join(' ')})`,
    );
  out.push('');
  const rows = measurements.map((m) =>
    m.error
      ? [m.round, m.processes, 'FAILED', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-']
      : [
          m.round,
          m.processes,
          fmt.int(m.viewsPerSecond),
          m.perProcess.map((p) => fmt.int(p.viewsPerSecond)).join(' + '),
          fmt.ms(m.claimMs.p50),
          fmt.ms(m.claimMs.p99),
          fmt.int(Object.values(m.errors).reduce((a, b) => a + b, 0)),
          `${fmt.pct(m.cpuPercent.server)}${m.processes > 1 ? ` (${m.perProcess.map((p) => fmt.pct(p.cpuPercent)).join(' + ')})` : ''}`,
          fmt.pct(m.cpuPercent.postgres),
          fmt.pct(m.cpuPercent.redis),
          fmt.pct(m.cpuPercent.loader),
          fmt.pct(m.cpuPercent.other),
          `${m.perView.postgresConnections ?? '-'} / ${m.perView.redisConnections ?? '-'}`,
        ],
  );
  out.push(
    table(
      [
        'round',
        'processes',
        'views/s',
        'per process',
        'claim p50',
        'claim p99',
        'errors',
        'app CPU',
        'PostgreSQL CPU',
        'Redis CPU',
        'generator CPU',
        'other CPU',
        'PG/Redis conns',
      ],
      rows,
      [true, true, true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const m of measurements) {
    if (m.error) out.push(`  round ${m.round}, ${m.processes} process(es): ${m.error}`);
    else if (m.cpuPercent.other >= 15)
      out.push(
        `  WARNING: round ${m.round}, ${m.processes} process(es): other processes used ${Math.round(m.cpuPercent.other)}% of a core; run again on a quiet machine`,
      );
    for (const [message, count] of Object.entries(m.errors ?? {}))
      out.push(`  round ${m.round}, ${m.processes} process(es): error ×${count}: ${message}`);
  }
  out.push('');
  out.push('Per confirmed view (medians over the rounds)');
  const ms = (v) => (v === null || v === undefined ? '-' : `${v.toFixed(3)} ms`);
  const bytes = (inBytes, outBytes) =>
    inBytes === null || inBytes === undefined ? '-' : `${fmt.int(inBytes)} / ${fmt.int(outBytes)}`;
  out.push(
    table(
      [
        'processes',
        'views/s',
        'claim p99',
        'app CPU',
        'PostgreSQL CPU',
        'Redis CPU',
        'generator CPU',
        'PG transactions',
        'B clients in/out',
        'B PostgreSQL in/out',
        'B Redis in/out',
      ],
      [1, n].map((count) => {
        const s = summary[count];
        const v = s.perView;
        return [
          count,
          fmt.int(s.viewsPerSecond),
          fmt.ms(s.claimP99Ms),
          ms(v.appCpuMs),
          ms(v.postgresCpuMs),
          ms(v.redisCpuMs),
          ms(v.generatorCpuMs),
          v.transactions === null || v.transactions === undefined ? '-' : v.transactions.toFixed(2),
          bytes(v.clientBytesIn, v.clientBytesOut),
          bytes(v.postgresBytesIn, v.postgresBytesOut),
          bytes(v.redisBytesIn, v.redisBytesOut),
        ];
      }),
      [true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  out.push(
    '  (app CPU = all app processes together; 100% = one core, over the measured window. Bytes as the app processes sent and received them',
  );
  out.push(
    '   on their TCP connections (kernel counters, `ss`), per confirmed view: in = received by the app. Redis is shared with other work on this machine.',
  );
  out.push(
    "   PG transactions = the bench database's commits and rollbacks (pg_stat_database) per confirmed view: 1 is the claim itself, the rest the app's other work)",
  );
  out.push('');
  out.push(...targetsSection(targets));
  process.stdout.write(out.join('\n') + '\n');
}

export async function runScaleOut({ cleanups, cleanUp, log }) {
  const startedAt = new Date();
  const meta = {
    timestamp: startedAt.toISOString(),
    ...machineMeta(),
    scenario: 'scale-out',
    settings: SETTINGS,
    pinning,
    targetRatio: TARGET_RATIO,
  };
  log(
    pinning.enabled
      ? `scale-out: every app process on core ${pinning.server}, generators on core ${pinning.loader}`
      : `scale-out: not pinning: ${pinning.reason}`,
  );
  await waitQuietIfAsked('bench:surf');
  // The holder keeps the database server up for the whole run (it starts the embedded PostgreSQL
  // when DATABASE_URL is unset); each measurement's own database then reuses that server.
  const holder = await createBenchDatabase();
  cleanups.push(() => holder.drop());
  meta.databaseServer = holder.server;
  const measurements = [];
  for (const { round, processes } of plan()) {
    const label = `round ${round}, ${processes} process(es)`;
    try {
      const database = await createBenchDatabase();
      cleanups.push(() => database.drop());
      log(`${label}: database ${database.name}`);
      const { result } = await measureApp(database, {
        processes,
        env: { REDIS_URL: SETTINGS.redisUrl, ...poolOf(processes) },
        nodeOptions: SETTINGS.appNodeOptions,
        cleanups,
        log: (message) => log(`${label}: ${message}`),
      });
      measurements.push({ round, ...result, perView: perView(result) });
    } catch (error) {
      log(`${label} failed: ${error.stack ?? error}`);
      measurements.push({ round, processes, error: error.message });
    }
    // Everything but the holder: this measurement's generators, processes and database.
    await cleanUp(1);
  }
  await cleanUp();
  meta.durationSeconds = (Date.now() - startedAt.getTime()) / 1000;
  meta.loadAverageAfter = machineMeta().loadAverage;
  const byProcesses = summarizeByProcesses(measurements);
  const ratios = roundRatios(measurements);
  const targets = evaluate(measurements, byProcesses, ratios);
  const report = {
    meta,
    measurements,
    byProcesses,
    roundRatios: ratios,
    targets,
    summary: { missed: targets.filter((t) => t.status === 'MISSED').map((t) => t.label) },
  };
  print(report);
  const file = writeResultFiles('surf-scale', report);
  log(`results written to ${file}`);
}
