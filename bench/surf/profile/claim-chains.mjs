// Diagnostic: what one surf view costs PostgreSQL, without the app. On a new database (migrated
// from dist/, seeded like bench/surf/run.mjs: viewers, owners, campaigns whose credits came through
// ledger rows), C viewers run chains of `SELECT surf_claim($1::jsonb)` with next over a pool of 20,
// as the app sends them in bench mode, and `VACUUM (SKIP_LOCKED) campaigns` runs every 0.5 s as
// RotationVacuum does under this load. Measures, over the window:
//
//   - claims/s and their latency;
//   - the CPU of the pool's 20 backends per claim (from /proc: run on the database's machine);
//   - each function's own and total time per claim (track_functions = 'pl' on the pool);
//   - inserts, updates and HOT updates of the tables the claim writes, per claim;
//   - the server's WAL bytes per claim (all databases: other work on the server counts too);
//
// and ends with the ledger check (every balance equals its ledger sum).
//
//   npm run build && node bench/surf/profile/claim-chains.mjs
//
// Settings: BENCH_CHAINS_ROUNDS (1), BENCH_CHAINS_SECONDS (10), BENCH_CHAINS_WARMUP (3), BENCH_CHAINS_POOL (20),
// BENCH_SURF_CLIENTS (200), BENCH_SURF_CAMPAIGNS (2000), BENCH_CHAINS_APPLY (SQL files, comma
// separated, run after the migrations: to compare a function's variant with the built one),
// BENCH_CHAINS_PGOPTIONS (more options for the pool's connections, e.g. auto_explain's),
// BENCH_KEEP_DATABASE (1: keep the database for inspection), BENCH_CHAINS_VACUUM_MS (500; 0: none),
// DATABASE_URL.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { humanTelemetry } from './human-telemetry.mjs';
import { SURF_CLAIM, SURF_NEXT, migrate, offerParams, seed } from './chains-database.mjs';
import { createBenchDatabase, envNumber, log as logAs, sharedNow, summarize } from '../../fanout/lib/common.mjs';

const log = (message) => logAs('bench:surf:chains', message);

const SETTINGS = {
  rounds: envNumber('BENCH_CHAINS_ROUNDS', 1, { min: 1 }),
  seconds: envNumber('BENCH_CHAINS_SECONDS', 10, { min: 1 }),
  warmupSeconds: envNumber('BENCH_CHAINS_WARMUP', 3),
  clients: envNumber('BENCH_SURF_CLIENTS', 200, { min: 1 }),
  campaigns: envNumber('BENCH_SURF_CAMPAIGNS', 2000, { min: 1 }),
  apply: (process.env.BENCH_CHAINS_APPLY ?? '').split(',').filter(Boolean),
  pgOptions: process.env.BENCH_CHAINS_PGOPTIONS ?? '',
  vacuumMs: envNumber('BENCH_CHAINS_VACUUM_MS', 500),
  owners: 50,
  creditsPerCampaign: 1000,
  poolSize: envNumber('BENCH_CHAINS_POOL', 20, { min: 1 }),
};

const TABLES = ['campaigns', 'users', 'view_tickets', 'credit_ledger'];

/** utime + stime of a process in ms (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function stats(client) {
  const functions = (await client.query(`SELECT funcname, calls, self_time, total_time FROM pg_stat_user_functions`)).rows;
  const tables = (
    await client.query(`SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = ANY ($1)`, [
      TABLES,
    ])
  ).rows;
  const [{ lsn }] = (await client.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows;
  return { functions, tables, lsn };
}

async function round() {
  const database = await createBenchDatabase();
  try {
    await migrate(database.url);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    for (const file of SETTINGS.apply) await admin.query(readFileSync(file, 'utf8'));
    const viewers = await seed(admin, SETTINGS, { vacuum: true });
    const pool = new pg.Pool({
      connectionString: database.url,
      max: SETTINGS.poolSize,
      options: `-c track_functions=pl ${SETTINGS.pgOptions}`,
    });
    const held = await Promise.all(Array.from({ length: SETTINGS.poolSize }, () => pool.connect()));
    const pids = [];
    for (const client of held) pids.push((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    held.forEach((client) => client.release());

    const startAt = sharedNow();
    const measureFrom = startAt + SETTINGS.warmupSeconds * 1000;
    const endAt = measureFrom + SETTINGS.seconds * 1000;
    const latencies = [];
    const errors = {};
    let credited = 0;
    let before = null;
    const loop = async (viewer) => {
      let ticket = null;
      while (sharedNow() < endAt) {
        try {
          if (!ticket) {
            const { rows } = await pool.query({
              ...SURF_NEXT,
              values: [JSON.stringify({ ...offerParams(viewer), replace: true })],
            });
            ticket = rows[0].answer.ticket ?? null;
            if (!ticket) throw new Error(`nothing to view: ${rows[0].answer.empty}`);
          }
          const t0 = sharedNow();
          const params = { ...offerParams(viewer), ticket, telemetry: humanTelemetry(), code: null, next: true };
          const { rows } = await pool.query({ ...SURF_CLAIM, values: [JSON.stringify(params)] });
          const answer = rows[0].answer;
          if (answer.refusal) throw new Error(`refused: ${answer.refusal}`);
          const t1 = sharedNow();
          ticket = answer.next?.ticket ?? null;
          if (answer.outcome === 'credited' && t1 >= measureFrom && t1 < endAt) {
            credited++;
            latencies.push(t1 - t0);
          }
        } catch (error) {
          errors[error.message] = (errors[error.message] ?? 0) + 1;
          ticket = null;
          await sleep(10);
        }
      }
    };
    // RotationVacuum under this load: a vacuum every 0.5 s (500 serves pass in less).
    let vacuuming = SETTINGS.vacuumMs > 0;
    const vacuum = (async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      while (vacuuming) {
        await sleep(SETTINGS.vacuumMs);
        await client.query('VACUUM (SKIP_LOCKED) campaigns');
      }
      await client.end();
    })();
    const window = (async () => {
      await sleep(measureFrom - sharedNow());
      await sleep(1100); // the backends flush their statistics at most once a second
      before = { cpu: pids.map(cpuMs), at: sharedNow(), ...(await stats(admin)) };
      await sleep(endAt - sharedNow() - 1000);
      return { cpu: pids.map(cpuMs), at: sharedNow() };
    })();
    const load = os.loadavg()[0];
    await Promise.all(viewers.map(loop));
    const end = await window;
    vacuuming = false;
    await vacuum;
    await pool.end();
    await sleep(200);
    const after = await stats(admin);
    // Views in the statistics' window (from its start until the pool closed), counted by the ledger.
    const walBytes = Number(
      (await admin.query('SELECT pg_wal_lsn_diff($1, $2) AS bytes', [after.lsn, before.lsn])).rows[0].bytes,
    );
    const claims =
      after.tables.find((t) => t.relname === 'view_tickets').n_tup_upd -
      before.tables.find((t) => t.relname === 'view_tickets').n_tup_upd;
    const cpuClaims = credited * ((end.at - before.at) / (SETTINGS.seconds * 1000));
    const backendMs = end.cpu.reduce((sum, ms, i) => sum + ms - before.cpu[i], 0);
    const perClaim = {};
    for (const f of after.functions) {
      const b = before.functions.find((x) => x.funcname === f.funcname) ?? { calls: 0, self_time: 0, total_time: 0 };
      perClaim[f.funcname] = {
        callsPerClaim: +((f.calls - b.calls) / claims).toFixed(2),
        selfMs: +((f.self_time - b.self_time) / claims).toFixed(3),
        totalMs: +((f.total_time - b.total_time) / claims).toFixed(3),
      };
    }
    const tables = {};
    for (const t of after.tables) {
      const b = before.tables.find((x) => x.relname === t.relname);
      tables[t.relname] = {
        ins: +((t.n_tup_ins - b.n_tup_ins) / claims).toFixed(2),
        upd: +((t.n_tup_upd - b.n_tup_upd) / claims).toFixed(2),
        hot: +((t.n_tup_hot_upd - b.n_tup_hot_upd) / claims).toFixed(2),
      };
    }
    const [{ mismatches }] = (
      await admin.query(`
        SELECT (SELECT count(*) FROM users u WHERE u.credits <> (SELECT coalesce(sum(amount), 0) FROM credit_ledger l
                                                                  WHERE l.account = 'user' AND l.user_id = u.id))
             + (SELECT count(*) FROM campaigns c WHERE c.credits <> (SELECT coalesce(sum(amount), 0) FROM credit_ledger l
                                                                      WHERE l.account = 'campaign' AND l.campaign_id = c.post_id))
               AS mismatches`)
    ).rows;
    await admin.end();
    const latency = summarize(latencies);
    return {
      claimsPerSecond: Math.round(credited / SETTINGS.seconds),
      p50: latency.p50,
      p99: latency.p99,
      backendCpuMsPerClaim: +(backendMs / cpuClaims).toFixed(3),
      // The server's WAL, every database's: other work on the server counts too.
      walBytesPerClaim: Math.round(walBytes / claims),
      walWindow: [before.lsn, after.lsn],
      functions: perClaim,
      tables,
      loadBefore: load,
      errors,
      ledgerMismatches: Number(mismatches),
    };
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') log(`kept ${database.url}`);
    else await database.drop();
  }
}

const results = [];
for (let i = 0; i < SETTINGS.rounds; i++) {
  log(
    `round ${i + 1}: ${SETTINGS.clients} viewers, pool ${SETTINGS.poolSize}, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
  );
  const result = await round();
  results.push(result);
  log(
    `${result.claimsPerSecond} claims/s, p50 ${result.p50?.toFixed(1)} ms, p99 ${result.p99?.toFixed(1)} ms, ` +
      `backend CPU ${result.backendCpuMsPerClaim} ms/claim, load before ${result.loadBefore.toFixed(2)}, ` +
      `ledger mismatches ${result.ledgerMismatches}, errors ${JSON.stringify(result.errors)}`,
  );
}
console.log(JSON.stringify(results, null, 2));
