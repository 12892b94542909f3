// Starting the servers and the load generator as separate processes, pinned to separate
// cores when taskset is there (stack.md: with 2 cores, server and load generator apart).
import { execFileSync, spawn } from 'node:child_process';

// The app logs it as a JSON line (its stdout is a pipe here); the bare servers print it as text.
const READY_PATTERN = /running at (http:\/\/[^\s"]+)/;

/**
 * Decides the CPU pinning: the first allowed core for the servers, the second for the load
 * generator. Answers `{ enabled, server, loader, reason }`; `server`/`loader` are taskset core lists.
 */
export function planPinning(wanted) {
  if (!wanted) return { enabled: false, reason: 'turned off with BENCH_PIN=0' };
  let allowed;
  try {
    const out = execFileSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
    allowed = expandCpuList(out.split(':').pop().trim());
  } catch {
    return { enabled: false, reason: 'taskset is not available (util-linux)' };
  }
  if (allowed.length < 2) return { enabled: false, reason: `only ${allowed.length} core allowed (${allowed.join(',')})` };
  return { enabled: true, server: String(allowed[0]), loader: String(allowed[1]), allowed };
}

function expandCpuList(list) {
  const cores = [];
  for (const part of list.split(',')) {
    const [from, to] = part.split('-').map(Number);
    for (let core = from; core <= (to ?? from); core++) cores.push(core);
  }
  return cores;
}

/** `[command, args]` for running `node <args>`, behind taskset when a core list is given. */
export function nodeCommand(args, cores) {
  return cores ? ['taskset', ['-c', cores, process.execPath, ...args]] : [process.execPath, args];
}

/**
 * Starts `node <args>` and waits for its "running at http://…" line. taskset execs the command,
 * so the child's pid is the server's own pid (its CPU time is read from /proc/<pid>/stat). `command`
 * (`[program, args]`) replaces the plain `node <args>` command, e.g. with a wrapper that execs node.
 */
export function startServer({
  name,
  args,
  env,
  cores,
  command: [command, commandArgs] = nodeCommand(args, cores),
  timeoutMs = 60_000,
}) {
  const childEnv = { ...process.env, ...env };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const child = spawn(command, commandArgs, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const collect = (chunk) => {
      output += chunk.toString();
      if (output.length > 64_000) output = output.slice(-32_000);
      if (ready) {
        // After start-up the server logs at warn or above only; pass that on, it matters.
        process.stderr.write(`[${name}] ${chunk}`);
        return;
      }
      const match = READY_PATTERN.exec(output);
      if (!match) return;
      ready = true;
      clearTimeout(timer);
      resolve({
        name,
        url: match[1].replace('//localhost', '//127.0.0.1'),
        pid: child.pid,
        child,
        stop: () => stopChild(child),
      });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
}

export function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
