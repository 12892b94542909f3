// How busy the machine is, from /proc/stat (Linux). Other work on a 2-core machine (a test
// run, a build) skews every figure, so the bench can wait for a quiet moment before each
// scenario (BENCH_WAIT_QUIET=<max seconds>) and reports the other processes' CPU meanwhile.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function busyAndTotalTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  return {
    busy: user + nice + system + irq + softirq + steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** Busy CPU over `ms`, in % of one core (2 cores fully busy = 200%). Null where /proc is missing. */
export async function busyPercent(ms, cores) {
  let before;
  try {
    before = busyAndTotalTicks();
  } catch {
    return null;
  }
  await sleep(ms);
  const after = busyAndTotalTicks();
  const total = after.total - before.total;
  return total > 0 ? (100 * cores * (after.busy - before.busy)) / total : 0;
}

/**
 * Waits until the machine (with the bench's own servers idle) stays under `thresholdPercent`
 * of one core for a 2-second sample, for at most `maxWaitSeconds`. Answers what it saw.
 */
export async function waitForQuiet({ maxWaitSeconds, cores, thresholdPercent = 10, log }) {
  const deadline = Date.now() + maxWaitSeconds * 1000;
  let waited = 0;
  for (;;) {
    const busy = await busyPercent(2000, cores);
    if (busy === null) return { quiet: null, busyPercent: null, waitedSeconds: 0 };
    if (busy < thresholdPercent) return { quiet: true, busyPercent: busy, waitedSeconds: waited };
    if (Date.now() >= deadline) {
      log?.(`machine still busy (${Math.round(busy)}% of a core) after ${waited} s; measuring anyway`);
      return { quiet: false, busyPercent: busy, waitedSeconds: waited };
    }
    if (waited === 0)
      log?.(`machine busy (${Math.round(busy)}% of a core by other processes); waiting up to ${maxWaitSeconds} s`);
    waited += 2;
  }
}
