// Benchmark settings, from the environment with defaults that match the documented method (bench/README.md).
import os from 'node:os';

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function loadBenchConfig() {
  return {
    /** Seconds measured per scenario (BENCH_DURATION shortens a quick run). */
    duration: positiveNumber('BENCH_DURATION', 10),
    /** Seconds of load before each measurement, thrown away (JIT, pools, caches). */
    warmup: positiveNumber('BENCH_WARMUP', 3),
    connections: positiveNumber('BENCH_CONNECTIONS', 50),
    /** Times the whole scenario list is measured, interleaved, each time on newly started servers; each scenario reports its median round. */
    rounds: Math.round(positiveNumber('BENCH_ROUNDS', 5)),
    /** Comma-separated scenario ids to run (default: all). Targets whose scenarios did not run are skipped. */
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    /** BENCH_PIN=0 turns CPU pinning off. */
    pin: process.env.BENCH_PIN !== '0',
    /** The app's log level; the benchmark measures at warn. BENCH_APP_LOG_LEVEL=silent helps profiling. */
    appLogLevel: process.env.BENCH_APP_LOG_LEVEL || 'warn',
    /** Where the results go; BENCH_RESULTS_DIR lets a profiling run keep its files apart. */
    resultsDir: process.env.BENCH_RESULTS_DIR || 'bench/results',
    /** Before each scenario, wait up to this many seconds for other processes to go quiet (0 = don't). */
    waitQuiet: process.env.BENCH_WAIT_QUIET ? positiveNumber('BENCH_WAIT_QUIET', 0) : 0,
    cpus: os.availableParallelism(),
  };
}
