// Runs one scenario's load in a separate process (bench/lib/load-worker.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeCommand } from './processes.mjs';

const WORKER = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

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

/** `request` is `{ url, method, headers, body }`; answers the worker's summary. */
export function runLoad({ request, server, connections, duration, warmup, cores }) {
  const job = { ...request, connections, duration, warmup, serverPid: server.pid, clockTicks: clockTicksPerSecond() };
  const [command, args] = nodeCommand([WORKER, JSON.stringify(job)], cores);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('BENCH_RESULT '.length)));
      else reject(new Error(`load generator exited with code ${code}:\n${output}`));
    });
  });
}

/** Above this much CPU used by other processes (100% = one core), a measurement is not trusted. */
export const BUSY_OTHER_CPU_PERCENT = 15;

/**
 * runLoad, but on a shared machine: with `waitQuiet` > 0 it waits for a quiet moment first and
 * measures again (up to `attempts` times) when other processes were busy meanwhile, keeping
 * the quietest attempt. With `waitQuiet` 0 it is runLoad.
 */
export async function runLoadQuietly(options, { waitQuiet, cpus, log, attempts = 3 }) {
  if (!(waitQuiet > 0)) return runLoad(options);
  const { waitForQuiet } = await import('./machine.mjs');
  let best = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await waitForQuiet({ maxWaitSeconds: waitQuiet, cores: cpus, log });
    const load = { ...(await runLoad(options)), attempt };
    if (!best || (load.otherCpuPercent ?? 0) < (best.otherCpuPercent ?? 0)) best = load;
    if ((load.otherCpuPercent ?? 0) < BUSY_OTHER_CPU_PERCENT) break;
    if (attempt < attempts)
      log?.(`other processes used ${Math.round(load.otherCpuPercent)}% of a core during the measurement; measuring again`);
  }
  return best;
}
