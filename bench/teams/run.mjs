// The teams benchmark: GET /data/start for a member whose current team (X-Current-Team) has 20
// active members and a few invited ones, against /data/health on the same app process in the same
// run (target: ≥ 0.40× its requests/s, p99 < 30 ms). The same member's /data/start without a
// current team is measured too, so the team's share of the answer's cost shows. The team is
// seeded with SQL; before the load one answer is checked: the current team and the multiAccounts
// map with its 20 active and its invited members.
//
//   node bench/teams/run.mjs          (after npm run build)
//
// Processes: the app on core 0, the generator (load-worker.mjs, autocannon) on core 1 (taskset).
// PostgreSQL is not pinned. The scenarios are measured in rounds, interleaved; each reports its
// median round (by requests/s). Writes bench/results/teams-<timestamp>.json and teams-latest.json;
// exits 0 even when a target is missed: it is a measurement. Settings: bench/teams/README.md.
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
  startPinnedServer,
  startWorker,
  table,
  target,
  targetTable,
  waitQuietIfAsked,
  withClient,
  writeResultFiles,
} from '../fanout/lib/common.mjs';

const log = (message) => logAs('bench:teams', message);

const SETTINGS = {
  connections: envNumber('BENCH_TEAMS_CONNECTIONS', 50, { min: 1 }),
  seconds: envNumber('BENCH_TEAMS_SECONDS', 10, { min: 1 }),
  warmupSeconds: envNumber('BENCH_TEAMS_WARMUP', 3),
  rounds: envNumber('BENCH_TEAMS_ROUNDS', 3, { min: 1 }),
  /** The current team's active members (the measured member and the owner among them). */
  activeMembers: envNumber('BENCH_TEAMS_ACTIVE', 20, { min: 2 }),
  /** Its members invited and not yet answered (the invitations still running). */
  invitedMembers: envNumber('BENCH_TEAMS_INVITED', 3),
  pin: process.env.BENCH_PIN !== '0',
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
};
const TARGETS = { ratio: 0.4, p99Ms: 30 };
const XHR = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

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
    }),
    core: serverCore,
  });
  cleanups.push(() => server.stop());
  return server;
}

/**
 * One team as the teams server stores it: an owner, managers and analysts (all active, joined
 * over the last weeks), and members invited by the owner whose invitations still run. The
 * measured member is the first manager.
 */
async function seedTeam(url) {
  return withClient(url, async (client) => {
    const people = await insertMembersWithSessions(client, {
      count: SETTINGS.activeMembers + SETTINGS.invitedMembers,
      prefix: 'teammate',
    });
    const [owner, measured] = people;
    const {
      rows: [team],
    } = await client.query(
      `INSERT INTO teams (name, created_by, created_at) VALUES ('Bench Team', $1, now() - interval '30 days') RETURNING id`,
      [owner.userId],
    );
    const active = people.slice(0, SETTINGS.activeMembers);
    const invited = people.slice(SETTINGS.activeMembers);
    await client.query(
      `INSERT INTO team_members (team_id, user_id, role, status, invited_by, invited_at, joined_at)
       SELECT $1, m.user_id, CASE WHEN m.n = 1 THEN 'owner' WHEN m.n % 2 = 0 THEN 'manager' ELSE 'analyst' END, 'active',
              CASE WHEN m.n = 1 THEN NULL ELSE $3::int END, now() - (30 - m.n) * interval '1 day', now() - (29 - m.n) * interval '1 day'
         FROM unnest($2::int[]) WITH ORDINALITY AS m (user_id, n)`,
      [team.id, active.map((person) => person.userId), owner.userId],
    );
    await client.query(
      `INSERT INTO team_members (team_id, user_id, role, status, invited_by, invited_at, invite_expires_at)
       SELECT $1, user_id, 'analyst', 'invited', $3, now() - interval '1 hour', now() + interval '7 days'
         FROM unnest($2::int[]) AS user_id`,
      [team.id, invited.map((person) => person.userId), owner.userId],
    );
    return { teamId: team.id, measured };
  });
}

/** The measured member's start answer with the team current: that team, and its members as the spec's map shows them. */
async function checkStart(app, seeded) {
  const response = await fetch(new URL('/data/start', app.url), {
    headers: { ...XHR, cookie: seeded.measured.cookie, 'x-current-team': String(seeded.teamId) },
  });
  const text = await response.text();
  const user = JSON.parse(text).data?.user;
  const team = user?.multiAccounts?.[seeded.teamId];
  const check = {
    status: response.status,
    bytes: Buffer.byteLength(text),
    currentTeam: user?.currentTeam?.id ?? null,
    role: user?.currentTeam?.role ?? null,
    active: Object.keys(team?.members?.active ?? {}).length,
    invited: Object.keys(team?.members?.invited ?? {}).length,
  };
  check.ok =
    check.status === 200 &&
    check.currentTeam === seeded.teamId &&
    check.active === SETTINGS.activeMembers &&
    check.invited === SETTINGS.invitedMembers;
  return check;
}

/** One scenario's load, with the CPU each side used over the measured seconds (after the warm-up). */
async function measure(worker, app, scenario) {
  const load = worker.request({
    type: 'run',
    url: app.url,
    path: scenario.path,
    headers: scenario.headers,
    connections: SETTINGS.connections,
    warmupSeconds: SETTINGS.warmupSeconds,
    seconds: SETTINGS.seconds,
  });
  await sleep(SETTINGS.warmupSeconds * 1000);
  const meter = cpuMeter({ server: app.pid, loader: worker.pid });
  const result = await load;
  return { ...result, cpu: meter.stop() };
}

/**
 * The app's CPU per answer (µs): on a shared machine the app may not get its core, so requests/s
 * fall with the other processes' load while this stays near the answer's own cost.
 */
function serverMicrosPerRequest(run) {
  return run.requestsPerSecond ? (run.cpu.server / 100 / run.requestsPerSecond) * 1e6 : null;
}

/** The round whose requests/s is the median of the scenario's rounds. */
function medianRound(runs) {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main() {
  const startedAt = new Date();
  await waitQuietIfAsked('bench:teams');
  log(
    pinning.enabled ? `server on core ${pinning.server}, generator on core ${pinning.loader}` : `not pinning: ${pinning.reason}`,
  );
  const database = await createBenchDatabase();
  cleanups.push(() => database.drop());
  log(`database: ${database.server}`);
  const app = await startApp(database);
  const seeded = await seedTeam(database.url);
  const check = await checkStart(app, seeded);
  log(
    `check: /data/start ${check.status}, current team ${check.currentTeam} (${check.role}), ${check.active} active and ${check.invited} invited members, ${fmt.kb(check.bytes)}${check.ok ? '' : ' — NOT AS SEEDED'}`,
  );

  const member = { ...XHR, cookie: seeded.measured.cookie };
  const scenarios = [
    { id: 'health', title: 'GET /data/health', path: '/data/health', headers: XHR },
    {
      id: 'start-team',
      title: `GET /data/start (team of ${SETTINGS.activeMembers} current)`,
      path: '/data/start',
      headers: { ...member, 'x-current-team': String(seeded.teamId) },
    },
    { id: 'start-own', title: 'GET /data/start (no team current)', path: '/data/start', headers: member },
  ];
  const worker = startWorker({ name: 'teams-load', script: WORKER, core: loaderCore });
  cleanups.push(() => worker.stop());
  const runs = Object.fromEntries(scenarios.map((scenario) => [scenario.id, []]));
  for (let round = 1; round <= SETTINGS.rounds; round++) {
    for (const scenario of scenarios) {
      log(
        `round ${round}/${SETTINGS.rounds}: ${scenario.title}, ${SETTINGS.connections} connections, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
      );
      const run = await measure(worker, app, scenario);
      log(`  ${fmt.int(run.requestsPerSecond)} req/s, p99 ${run.latencyMs.p99} ms, other CPU ${fmt.pct(run.cpu.other)}`);
      runs[scenario.id].push(run);
    }
  }
  const median = Object.fromEntries(scenarios.map((scenario) => [scenario.id, medianRound(runs[scenario.id])]));
  const ratio = median['start-team'].requestsPerSecond / median.health.requestsPerSecond;

  console.log('');
  console.log(
    table(
      [
        'scenario (median round)',
        'req/s',
        'p50 ms',
        'p99 ms',
        'non-2xx',
        'errors',
        'server CPU',
        'server µs/req',
        'loader CPU',
        'db CPU',
        'other CPU',
      ],
      scenarios.map((scenario) => {
        const run = median[scenario.id];
        return [
          scenario.title,
          fmt.int(run.requestsPerSecond),
          run.latencyMs.p50,
          run.latencyMs.p99,
          run.non2xx,
          run.errors,
          fmt.pct(run.cpu.server),
          fmt.int(serverMicrosPerRequest(run)),
          fmt.pct(run.cpu.loader),
          fmt.pct(run.cpu.postgres),
          fmt.pct(run.cpu.other),
        ];
      }),
      [false, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  console.log('');
  console.log(
    `every round (req/s): ${scenarios.map((scenario) => `${scenario.id} ${runs[scenario.id].map((run) => fmt.int(run.requestsPerSecond)).join(' / ')}`).join('; ')}`,
  );
  for (const scenario of scenarios) {
    const other = median[scenario.id].cpu.other;
    if (other >= 15) console.log(`WARNING: other processes used ${fmt.pct(other)} of a core during ${scenario.title}`);
  }
  console.log('(CPU: 100% = one core, over the measured seconds)');
  console.log('');

  const startTeam = median['start-team'];
  const targets = [
    target({
      label: `/data/start (team of ${SETTINGS.activeMembers}) ≥ ${TARGETS.ratio}× /data/health req/s`,
      value: ratio,
      limit: TARGETS.ratio,
      comparison: '≥',
      format: fmt.ratio,
      detail: `${fmt.int(startTeam.requestsPerSecond)} vs ${fmt.int(median.health.requestsPerSecond)} req/s`,
    }),
    target({
      label: `/data/start (team of ${SETTINGS.activeMembers}) p99 < ${TARGETS.p99Ms} ms`,
      value: startTeam.latencyMs.p99,
      limit: TARGETS.p99Ms,
      comparison: '<',
      format: (value) => `${value} ms`,
      detail: `p50 ${startTeam.latencyMs.p50} ms, ${SETTINGS.connections} connections`,
    }),
    target({
      label: 'answers other than 200, and errors',
      value: Object.values(median).reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
      limit: 0,
      comparison: '=',
    }),
    target({
      label: 'the start answer shows the current team and its members as seeded',
      value: check.ok ? 1 : 0,
      limit: 1,
      comparison: '=',
      format: (value) => (value ? 'yes' : 'no'),
    }),
  ];
  console.log(targetTable(targets));

  const file = writeResultFiles('teams', {
    meta: {
      timestamp: startedAt.toISOString(),
      ...machineMeta(),
      pinning,
      settings: SETTINGS,
      targets: TARGETS,
      durationSeconds: (Date.now() - startedAt.getTime()) / 1000,
    },
    check,
    runs,
    median,
    ratio,
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
