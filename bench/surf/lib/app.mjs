// The surf benchmark's measurement of the app: start one or more app processes in bench mode on a
// bench database, seed viewers, owners, posts and campaigns (credits through ledger rows), drive
// the viewers from the generator processes (bench/surf/worker.mjs) for a warm-up and a measured
// window, and check the ledger afterwards. Used by bench/surf/run.mjs (one process) and by the
// scale-out scenario (bench/surf/scale-out.mjs: one process against several sharing Redis).
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  benchAppEnv,
  cpuOverWindow,
  cpuSecondsOf,
  fmt,
  insertMembersWithSessions,
  pidsNamed,
  sharedNow,
  startPinnedServer,
  startWorker,
  summarize,
  tcpTrafficBetween,
  tcpTrafficOf,
  withClient,
} from '../../fanout/lib/common.mjs';
import { loaderCore, serverCore, SETTINGS } from './settings.mjs';

const WORKER = fileURLToPath(new URL('../worker.mjs', import.meta.url));
const LEDGER_MODULE = 'dist/server/src/credits/credits.repository.js';

/** The app in bench mode: no countdown, no challenges, no caps or rate limits in the way. */
const BENCH_MODE_ENV = {
  SURF_TIMER_SECONDS: '0',
  SURF_CHALLENGES: 'off',
  DAILY_EARNING_CAP: '1000000000',
  NEWCOMER_DAILY_CAP: '1000000000',
  SOCKET_EVENTS_PER_WINDOW: '1000000',
  RATE_LIMIT_FACTOR: '1000',
};

/** The measured window's clock: start in 300 ms, warm up, then measure. */
export function windowFromNow() {
  const startAt = sharedNow() + 300;
  const measureFrom = startAt + SETTINGS.warmupSeconds * 1000;
  return { startAt, measureFrom, endAt: measureFrom + SETTINGS.seconds * 1000 };
}

export function merge(into, from) {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
  return into;
}

export async function seedApp(database, log) {
  return withClient(database.url, async (client) => {
    log(`seeding ${SETTINGS.clients} viewers, ${SETTINGS.owners} owners and ${SETTINGS.campaigns} campaigns`);
    const viewers = await insertMembersWithSessions(client, { count: SETTINGS.clients, prefix: 'viewer' });
    const owners = await insertMembersWithSessions(client, { count: SETTINGS.owners, prefix: 'owner' });
    const credits = SETTINGS.creditsPerCampaign;
    await client.query('BEGIN');
    const posts = await client.query(
      `INSERT INTO posts (user_id, text, link, language, tags)
       SELECT ($1::int[])[1 + i % cardinality($1::int[])],
              'Bench post ' || i || ': a short text with a link, as members promote them.',
              'https://example.com/bench/' || i, 'en', ARRAY['bench']
         FROM generate_series(1, $2) i
       RETURNING id, user_id`,
      [owners.map((o) => o.userId), SETTINGS.campaigns],
    );
    await client.query(`INSERT INTO campaigns (post_id, user_id) SELECT id, user_id FROM posts`);
    // Each owner is granted the credits (admin adjustment) and assigns them to the campaign: the
    // ledger rows of both movements, and the balances they add up to (owners end at 0).
    await client.query(
      `INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
       SELECT 'user', p.user_id, NULL, 'admin_adjustment', $1::bigint, 'bench:grant:' || p.id FROM posts p
       UNION ALL
       SELECT 'user', p.user_id, p.id, 'campaign_assign', -$1::bigint, 'assign:' || p.user_id || ':' || p.id || ':bench' FROM posts p
       UNION ALL
       SELECT 'campaign', NULL, p.id, 'campaign_assign', $1::bigint, 'assign:' || p.user_id || ':' || p.id || ':bench' FROM posts p`,
      [credits],
    );
    await client.query(`UPDATE campaigns SET credits = $1`, [credits]);
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return { viewers, owners, campaigns: posts.rowCount };
  });
}

export async function ledgerCheck(database) {
  const { findLedgerMismatches } = await import(pathToFileURL(resolve(LEDGER_MODULE)).href);
  return withClient(database.url, async (client) => {
    const query = async (sql) => (await client.query(sql)).rows;
    const mismatches = await findLedgerMismatches(query);
    // Fresh statistics, else the planner still sees the tables empty and joins tickets with ledger
    // keys ('view:' || id) in a nested loop, quadratic in the views (minutes at 30,000 views).
    await client.query('ANALYZE credit_ledger, view_tickets');
    const [counts] = await query(`
      SELECT (SELECT count(*)::int FROM credit_ledger WHERE kind = 'view_earned') AS view_earned,
             (SELECT count(*)::int FROM credit_ledger WHERE kind = 'view_paid') AS view_paid,
             (SELECT count(*)::int FROM view_tickets WHERE status = 'claimed') AS claimed_tickets,
             (SELECT count(*)::int FROM view_tickets) AS tickets,
             (SELECT count(*)::int FROM (SELECT idempotency_key FROM credit_ledger WHERE kind = 'view_earned'
                                           GROUP BY 1 HAVING count(*) > 1) d) AS tickets_credited_twice,
             (SELECT count(*)::int FROM credit_ledger l WHERE l.kind = 'view_earned' AND NOT EXISTS
                (SELECT 1 FROM view_tickets t WHERE l.idempotency_key = 'view:' || t.id AND t.status = 'claimed')) AS earned_without_claimed_ticket,
             (SELECT count(*)::int FROM view_tickets t WHERE t.status = 'claimed' AND NOT EXISTS
                (SELECT 1 FROM credit_ledger l WHERE l.idempotency_key = 'view:' || t.id AND l.kind = 'view_earned')) AS claimed_without_credit,
             (SELECT count(*)::int FROM (SELECT viewer_id, post_id FROM view_tickets WHERE status = 'claimed'
                                           GROUP BY 1, 2 HAVING count(*) > 1) d) AS same_post_twice,
             (SELECT coalesce(max(risk_score), 0)::int FROM users) AS max_risk_score,
             (SELECT count(*)::int FROM users WHERE earning_blocked) AS blocked_users`);
    return {
      userMismatches: mismatches.users.length,
      campaignMismatches: mismatches.campaigns.length,
      mismatchSamples: { users: mismatches.users.slice(0, 5), campaigns: mismatches.campaigns.slice(0, 5) },
      ledgerRows: mismatches.ledgerRows,
      duplicateKeys: mismatches.duplicateKeys,
      viewEarned: counts.view_earned,
      viewPaid: counts.view_paid,
      claimedTickets: counts.claimed_tickets,
      tickets: counts.tickets,
      ticketsCreditedTwice: counts.tickets_credited_twice,
      earnedWithoutClaimedTicket: counts.earned_without_claimed_ticket,
      claimedWithoutCredit: counts.claimed_without_credit,
      samePostTwice: counts.same_post_twice,
      maxRiskScore: counts.max_risk_score,
      blockedUsers: counts.blocked_users,
    };
  });
}

/**
 * Transactions committed or rolled back in the bench database so far (PostgreSQL's statistics, which
 * a busy backend reports at most once a second: about right over a window of many seconds). A new
 * connection per reading, as a transaction caches what it has read of the statistics.
 */
function transactionsSoFar(database) {
  return withClient(database.url, async (client) => {
    const { rows } = await client.query(
      'SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].n);
  });
}

/** The TCP port of a `postgres://` or `redis://` address (its protocol's default when it names none). */
function portOf(url, fallback) {
  return Number(new URL(url).port || fallback);
}

/** The port of an `address:port` as ss prints it (IPv6 in brackets). */
const portIn = (address) => Number(address.slice(address.lastIndexOf(':') + 1));

/**
 * Measures the app: `processes` app processes (all on the server core; the first one runs the
 * migrations, the others start after it), each client talking to one of them for its HTTP calls
 * and its socket (client i to process ⌊i / generators⌋ mod processes, so every generator drives
 * every process alike). `env` adds to the app's environment (e.g. REDIS_URL); `hooks.onStart` /
 * `hooks.onEnd` run at the measured window's edges, `hooks.afterWindow()` before the processes
 * stop (its answer is merged into the result). Answers `{ result, viewers }`.
 */
export async function measureApp(database, { processes = 1, env = {}, nodeOptions = [], hooks = {}, cleanups, log }) {
  const servers = [];
  for (let i = 0; i < processes; i++) {
    const server = await startPinnedServer({
      name: processes > 1 ? `app-${i + 1}` : 'app',
      args: ['dist/server/src/main.js'],
      env: benchAppEnv(database, SETTINGS.appLogLevel, {
        ...BENCH_MODE_ENV,
        ...env,
        ...SETTINGS.appEnv,
      }),
      core: serverCore,
      nodeOptions,
    });
    servers.push(server);
    cleanups.push(() => server.stop());
  }
  const seeded = await seedApp(database, log);
  const ledgerBefore = await ledgerCheck(database);
  if (ledgerBefore.userMismatches || ledgerBefore.campaignMismatches || ledgerBefore.duplicateKeys) {
    throw new Error(`the seeded ledger does not add up: ${JSON.stringify(ledgerBefore)}`);
  }

  const workers = [];
  for (let i = 0; i < Math.min(SETTINGS.workers, SETTINGS.clients); i++) {
    const worker = startWorker({ name: `generator-${i + 1}`, script: WORKER, core: loaderCore });
    workers.push(worker);
    cleanups.push(() => worker.stop());
  }
  const shares = workers.map(() => []);
  seeded.viewers.forEach((viewer, i) =>
    shares[i % workers.length].push({ ...viewer, url: servers[Math.floor(i / workers.length) % servers.length].url }),
  );
  await Promise.all(workers.map((worker, i) => worker.request({ type: 'connect', url: servers[0].url, members: shares[i] })));
  log(
    `${SETTINGS.clients} viewers connected to ${processes} process(es); ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
  );

  // Redis' CPU counts apart (not as "other") when the processes use the local one.
  const redisPids =
    env.REDIS_URL && /^redis:\/\/(127\.0\.0\.1|localhost)[:/]/.test(env.REDIS_URL) ? pidsNamed('redis-server') : [];
  const pids = servers.map((s) => s.pid);
  const appPorts = new Set(servers.map((s) => Number(new URL(s.url).port)));
  const postgresPort = portOf(database.url, 5432);
  const redisPort = env.REDIS_URL ? portOf(env.REDIS_URL, 6379) : null;
  const classify = ({ local, peer }) =>
    appPorts.has(portIn(local))
      ? 'clients'
      : portIn(peer) === postgresPort
        ? 'postgres'
        : redisPort && portIn(peer) === redisPort
          ? 'redis'
          : null;
  let trafficBefore = null;
  let trafficAfter = null;
  let cpuBefore = null;
  let cpuAfter = null;
  let transactionsBefore = null;
  let transactionsAfter = null;
  const window = windowFromNow();
  const [runs, cpu] = await Promise.all([
    Promise.all(workers.map((worker) => worker.request({ type: 'run', ...window }))),
    cpuOverWindow(
      window,
      { server: pids, loader: workers.map((w) => w.pid), ...(redisPids.length ? { redis: redisPids } : {}) },
      {
        onStart: () => {
          trafficBefore = tcpTrafficOf(pids);
          cpuBefore = pids.map((pid) => cpuSecondsOf(pid));
          transactionsBefore = transactionsSoFar(database);
          hooks.onStart?.(servers);
        },
        onEnd: () => {
          hooks.onEnd?.(servers);
          cpuAfter = pids.map((pid) => cpuSecondsOf(pid));
          trafficAfter = tcpTrafficOf(pids);
          transactionsAfter = transactionsSoFar(database);
        },
      },
    ),
  ]);
  const extra = (await hooks.afterWindow?.(servers)) ?? {};
  // One less: the reading's own transaction.
  const transactions = (await transactionsAfter) - (await transactionsBefore) - 1;
  for (const worker of workers) await worker.request({ type: 'close' }).catch(() => undefined);
  for (const worker of workers) await worker.stop();
  for (const server of servers) await server.stop();

  const perSecondSeries = [];
  for (const run of runs) run.perSecond.forEach((n, i) => (perSecondSeries[i] = (perSecondSeries[i] ?? 0) + n));
  const credited = runs.reduce((n, r) => n + r.credited, 0);
  const creditedByServer = runs.reduce((all, r) => merge(all, r.creditedByServer), {});
  const result = {
    title: 'the app: surf:claim with the next post in its ack (credited views)',
    processes,
    views: credited,
    viewsPerSecond: credited / SETTINGS.seconds,
    perSecondSeries: Array.from(perSecondSeries, (n) => n ?? 0),
    claimMs: summarize(runs.flatMap((r) => r.claimMs)),
    nextMs: summarize(runs.flatMap((r) => r.nextMs)),
    viewMs: summarize(runs.flatMap((r) => r.viewMs)),
    creditedTotal: runs.reduce((n, r) => n + r.creditedTotal, 0),
    claimsTotal: runs.reduce((n, r) => n + r.claimsTotal, 0),
    challenges: runs.reduce((n, r) => n + r.challenges, 0),
    noTicket: runs.reduce((n, r) => n + r.noTicket, 0),
    nextInAck: runs.reduce((n, r) => n + r.nextInAck, 0),
    replaced: runs.reduce((n, r) => n + r.replaced, 0),
    uncredited: runs.reduce((all, r) => merge(all, r.uncredited), {}),
    errors: runs.reduce((all, r) => merge(all, r.errors), {}),
    cpuPercent: cpu,
    /** Each process: its confirmed views/s and CPU (100% = one core) over the measured window. */
    perProcess: servers.map((server, i) => ({
      url: server.url,
      viewsPerSecond: (creditedByServer[server.url] ?? 0) / SETTINGS.seconds,
      cpuPercent: (100 * ((cpuAfter?.[i] ?? 0) - (cpuBefore?.[i] ?? 0))) / SETTINGS.seconds,
    })),
    /** Bytes over the measured window, as the app processes sent and received them, per kind of peer. */
    traffic: trafficBefore && trafficAfter ? tcpTrafficBetween(trafficBefore, trafficAfter, classify) : null,
    /** PostgreSQL transactions in the bench database over the measured window (every client's, the app's above all). */
    transactions,
    seeded: {
      viewers: seeded.viewers.length,
      owners: seeded.owners.length,
      campaigns: seeded.campaigns,
      creditsPerCampaign: SETTINGS.creditsPerCampaign,
    },
    ...extra,
  };
  log(`${Math.round(result.viewsPerSecond)} confirmed views/s, claim p99 ${fmt.ms(result.claimMs.p99)}`);
  log('checking the ledger');
  result.ledger = await ledgerCheck(database);
  return { result, viewers: seeded.viewers };
}
