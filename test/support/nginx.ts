import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The deployment's documentation, whose nginx block the tests run. */
const SCALING_DOC = fileURLToPath(new URL('../../docs/scaling.md', import.meta.url));

/**
 * The nginx configuration of docs/scaling.md, the one block there that defines `upstream surfex`,
 * run as documented with this machine's ports: its `server` lines name `upstreamPorts` on
 * 127.0.0.1 (with the documented parameters) and it listens on `listenPort` over plain HTTP (the
 * TLS lines dropped). Throws when the block no longer has those lines, so the document and the
 * tests cannot drift apart unnoticed.
 */
function documentedNginxBlock(listenPort: number, upstreamPorts: number[]): string {
  const blocks = [...readFileSync(SCALING_DOC, 'utf8').matchAll(/```nginx\n([\s\S]*?)```/g)]
    .map((match) => match[1])
    .filter((block) => block.includes('upstream surfex {'));
  if (blocks.length !== 1)
    throw new Error(`docs/scaling.md must hold one nginx block with "upstream surfex", not ${blocks.length}`);
  const lines = blocks[0].split('\n');
  const upstreamServer = /^(\s*)server \d+\.\d+\.\d+\.\d+:\d+(.*);$/;
  const servers = lines.filter((line) => upstreamServer.test(line));
  const listen = lines.filter((line) => /^\s*listen 443 ssl;$/.test(line));
  if (servers.length === 0 || listen.length !== 1)
    throw new Error("docs/scaling.md's nginx block lost its upstream servers or its `listen 443 ssl;`");
  const [, indent, parameters] = upstreamServer.exec(servers[0])!;
  const ours = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters};`);
  return lines
    .flatMap((line) => {
      if (line === servers[0]) return ours;
      if (upstreamServer.test(line) || /^\s*ssl_certificate/.test(line)) return [];
      if (line === listen[0]) return [line.replace('listen 443 ssl;', `listen 127.0.0.1:${listenPort};`)];
      return [line];
    })
    .join('\n');
}

/**
 * The load balancer of the multi-node tests: the documented block inside a foreground nginx of
 * its own, with its pid, logs and temporary folders in `dir`.
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
${documentedNginxBlock(listenPort, upstreamPorts)}
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
