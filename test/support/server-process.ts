import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  readonly output: string;
  stop(): Promise<void>;
}

/** The start-up line, as a JSON log line (stdout is a pipe here) or a readable one (LOG_FORMAT=pretty). */
const READY_PATTERN = /running at (http:\/\/[^\s"]+)/;

/**
 * Starts the built server (`dist/server/src/main.js`) as its own process on a free port and
 * answers once it logs its URL. Used by the e2e tests and the benchmark.
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/server/src/main.js'], {
      // The earnings review voids views at moments of its own: off, as in the in-process test app, unless `env` turns it on.
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        EARNINGS_REVIEW_INTERVAL_SECONDS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready) return;
      const match = READY_PATTERN.exec(output);
      if (!match) return;
      ready = true;
      clearTimeout(timer);
      resolve({
        url: match[1].replace('localhost', '127.0.0.1'),
        child,
        get output() {
          return output;
        },
        stop: () => stopChild(child),
      });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
