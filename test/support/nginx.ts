import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * The load balancer of the multi-node test: round robin over the app processes (its clients speak
 * WebSocket only, so no affinity is needed; browsers, which start with long-polling, need the
 * session-cookie hash of docs/scaling.md), WebSocket upgrades passed through, and a request
 * retried on the next process when one cannot be reached or answers 503 (a stopping process has
 * done nothing with it). No process is ever marked down (`max_fails=0`): during a rolling restart
 * that would, for a moment, leave none, and nginx would answer 502 itself.
 */
export function nginxConfig(listenPort: number, upstreamPorts: number[], dir: string): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream surfex {
${upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://surfex;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export interface RunningNginx {
  url: string;
  readonly output: string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground with its own configuration and temporary folders. */
export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'surfex-nginx-'));
  // Started by root, nginx's workers run as nobody: they must reach their temporary folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(port, upstreamPorts, dir));
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/data/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    get output() {
      return output;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
