// The surf benchmark's settings (environment), shared by its runner (bench/surf/run.mjs), the app
// measurement (lib/app.mjs) and the scale-out scenario (scale-out.mjs). See bench/surf/README.md.
import { envNumber, planPinning } from '../../fanout/lib/common.mjs';

export const SETTINGS = {
  clients: envNumber('BENCH_SURF_CLIENTS', 200, { min: 1 }),
  seconds: envNumber('BENCH_SURF_SECONDS', 30, { min: 1 }),
  /** Seconds of load before the measured window (not counted; JIT, pools, caches). */
  warmupSeconds: envNumber('BENCH_SURF_WARMUP', 3),
  workers: envNumber('BENCH_SURF_WORKERS', 2, { min: 1 }),
  /** A viewer never sees a post twice in 24 h: enough campaigns for every view of every viewer. */
  campaigns: envNumber('BENCH_SURF_CAMPAIGNS', 2000, { min: 1 }),
  owners: envNumber('BENCH_SURF_OWNERS', 50, { min: 1 }),
  creditsPerCampaign: envNumber('BENCH_SURF_CAMPAIGN_CREDITS', 1000, { min: 1 }),
  /** The baseline's pool; the app's TypeORM pool has 20 connections by default (DATABASE_POOL_SIZE). */
  baselinePool: envNumber('BENCH_BASELINE_POOL', 20, { min: 1 }),
  /**
   * 2 or more: the scale-out scenario (scale-out.mjs) instead of the baseline and the app: one app
   * process against this many, all sharing Redis and PostgreSQL, the clients split evenly.
   */
  processes: envNumber('BENCH_SURF_PROCESSES', 1, { min: 1 }),
  /**
   * Scale-out: the database connections all processes share, split evenly (DATABASE_POOL_SIZE =
   * this / N each), as a deployment on one PostgreSQL splits them. 0: every process keeps the
   * app's default pool (20), so N processes hold N times the connections.
   */
  poolTotal: envNumber('BENCH_SURF_POOL_TOTAL', 20),
  /** Scale-out rounds, each measuring 1 process and N processes (in alternating order) on fresh databases. */
  scaleRounds: envNumber('BENCH_SURF_SCALE_ROUNDS', 2, { min: 1 }),
  /** The Redis the scale-out scenario's processes share (the app derives its channel from its database). */
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  pin: process.env.BENCH_PIN !== '0',
  only: (process.env.BENCH_SURF_ONLY ?? 'baseline,app')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
  /** Diagnostics: extra node options for the app (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). */
  appNodeOptions: (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
  /** Diagnostics: extra environment for the app, "KEY=value KEY2=value" (e.g. REDIS_URL=redis://127.0.0.1:6379). */
  appEnv: Object.fromEntries(
    (process.env.BENCH_APP_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ),
  /** Diagnostics: 1 = count the app's SQL statements per view (bench/surf/profile/count-queries.mjs). */
  countQueries: process.env.BENCH_SURF_COUNT_QUERIES === '1',
  /** Diagnostics: 1 = after the app, replay its SQL per view without the app (bench/surf/profile/replay.mjs). */
  replay: process.env.BENCH_SURF_REPLAY === '1',
};

export const pinning = planPinning(SETTINGS.pin);
export const serverCore = pinning.enabled ? pinning.server : undefined;
export const loaderCore = pinning.enabled ? pinning.loader : undefined;
