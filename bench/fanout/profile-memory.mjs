// Diagnostic (not part of the benchmark): where a connected socket's memory goes. Starts the app
// (or the bare baseline with BENCH_PROFILE_TARGET=baseline) with --heapsnapshot-signal, takes a
// heap snapshot, connects BENCH_SOCKETS (default 1000) sockets the way bench/fanout/run.mjs does,
// takes another, and prints the heap growth per socket by object kind (constructor / closure
// name), largest first, next to the RSS growth. BENCH_PROFILE_IMPORT=<file> preloads a variant
// into the server (a preload that patches a library, say) to measure what it saves.
// BENCH_PROFILE_KEEP=1 keeps the two snapshots (their folder is printed) for a closer look.
//
//   node bench/fanout/profile-memory.mjs        (after npm run build)
import { readFileSync, readdirSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  benchAppEnv,
  createBenchDatabase,
  envNumber,
  fmt,
  insertMembersWithSessions,
  planPinning,
  rssBytes,
  startPinnedServer,
  startWorker,
  table,
} from './lib/common.mjs';

const SOCKETS = envNumber('BENCH_SOCKETS', 1000, { min: 1 });
const TARGET = process.env.BENCH_PROFILE_TARGET || 'app';
const TOP = envNumber('BENCH_PROFILE_TOP', 40, { min: 1 });
const pinning = planPinning(process.env.BENCH_PIN !== '0');
const snapshotDir = mkdtempSync(join(tmpdir(), 'fanout-heap-'));
const log = (m) => process.stderr.write(`profile-memory: ${m}\n`);

async function snapshot(pid, label) {
  const before = new Set(readdirSync(snapshotDir));
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 120_000; waited += 250) {
    await sleep(250);
    const added = readdirSync(snapshotDir).filter((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    if (added.length) {
      // Wait until the file stops growing.
      const file = join(snapshotDir, added[0]);
      let size = -1;
      for (;;) {
        await sleep(500);
        const text = readFileSync(file, 'utf8');
        if (text.length === size && text.endsWith('}')) break;
        size = text.length;
      }
      log(`${label}: ${file}`);
      return file;
    }
  }
  throw new Error('no heap snapshot appeared');
}

/** Self size and count per "type:name" of a .heapsnapshot file. */
function aggregate(file) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]];
    let name = data.strings[data.nodes[i + nameAt]];
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') name = '(string)';
    else if (type === 'number') name = '(number)';
    else if (type === 'code') name = '(code)';
    else if (name.length > 60) name = `${name.slice(0, 57)}...`;
    const key = `${type}:${name}`;
    const size = data.nodes[i + sizeAt];
    total += size;
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count++;
    group.size += size;
    groups.set(key, group);
  }
  return { groups, total };
}

const database = TARGET === 'app' ? await createBenchDatabase() : null;
let server;
let worker;
try {
  const nodeOptions = [`--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${snapshotDir}`];
  // BENCH_PROFILE_IMPORT=<file>: a preload into the server.
  if (process.env.BENCH_PROFILE_IMPORT)
    nodeOptions.push(`--import=${new URL(process.env.BENCH_PROFILE_IMPORT, `file://${process.cwd()}/`).href}`);
  server =
    TARGET === 'app'
      ? await startPinnedServer({
          name: 'app',
          args: ['dist/server/src/main.js'],
          env: benchAppEnv(database, 'warn'),
          core: pinning.enabled ? pinning.server : undefined,
          nodeOptions,
        })
      : await startPinnedServer({
          name: 'bare',
          args: [fileURLToPath(new URL('./bare-server.mjs', import.meta.url))],
          env: { PORT: '0', HOST: '127.0.0.1' },
          core: pinning.enabled ? pinning.server : undefined,
          nodeOptions,
        });
  let clients = Array.from({ length: SOCKETS }, () => null);
  if (TARGET === 'app') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const members = await insertMembersWithSessions(client, { count: SOCKETS, prefix: 'mem' });
    await client.end();
    clients = members.map((m) => ({ cookie: m.cookie, socketId: m.socketId }));
  }
  worker = startWorker({
    name: 'generator',
    script: fileURLToPath(new URL('./worker.mjs', import.meta.url)),
    core: pinning.enabled ? pinning.loader : undefined,
  });
  await sleep(2000);
  const fileA = await snapshot(server.pid, 'before');
  const rssA = rssBytes(server.pid);
  const connect = await worker.request({ type: 'connect', url: server.url, clients, concurrency: 50 });
  log(`connected ${connect.connected}/${SOCKETS}`);
  await sleep(2000);
  const fileB = await snapshot(server.pid, 'after');
  const rssB = rssBytes(server.pid);
  const a = aggregate(fileA);
  const b = aggregate(fileB);
  const n = connect.connected;
  const rows = [];
  for (const [key, group] of b.groups) {
    const old = a.groups.get(key) ?? { count: 0, size: 0 };
    rows.push({ key, count: (group.count - old.count) / n, size: (group.size - old.size) / n });
  }
  rows.sort((x, y) => y.size - x.size);
  process.stdout.write(
    `\n${TARGET}: ${n} sockets. RSS growth ${fmt.kb((rssB - rssA) / n)} per socket; heap (self sizes, after the snapshot's GC) ${fmt.kb((b.total - a.total) / n)} per socket\n\n`,
  );
  process.stdout.write(
    table(
      ['kind (type:name)', 'objects/socket', 'bytes/socket'],
      rows.slice(0, TOP).map((r) => [r.key, r.count.toFixed(2), Math.round(r.size)]),
      [false, true, true],
    ) + '\n',
  );
} finally {
  await worker?.stop();
  await server?.stop();
  await database?.drop();
  if (!process.env.BENCH_PROFILE_KEEP) rmSync(snapshotDir, { recursive: true, force: true });
  else log(`snapshots kept in ${snapshotDir}`);
}
