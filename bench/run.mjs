// `npm run bench`: measures the servers of bench/scenarios.mjs under load, one scenario after
// another, and checks bench/targets.mjs. Each server runs in its own process, the load
// generator (autocannon) in another, pinned to separate cores when taskset is there.
// Writes bench/results/<timestamp>.json and latest.json. Exits 0 even when a target is missed:
// it is a measurement, not a test. Settings: bench/lib/config.mjs; how to extend: bench/README.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { initialJavaScript } from './lib/client-size.mjs';
import { loadBenchConfig } from './lib/config.mjs';
import { createBenchDatabase } from './lib/database.mjs';
import { runLoadQuietly } from './lib/load.mjs';
import { planPinning, startServer } from './lib/processes.mjs';
import { printReport, writeResults } from './lib/report.mjs';
import { scenarios as allScenarios, servers as serverDefinitions } from './scenarios.mjs';
import { targets } from './targets.mjs';

const config = loadBenchConfig();
const pinning = planPinning(config.pin);
const log = (message) => process.stderr.write(`bench: ${message}\n`);

const unknown = config.only.filter((id) => !allScenarios.some((s) => s.id === id));
if (unknown.length) throw new Error(`BENCH_ONLY names unknown scenario(s): ${unknown.join(', ')}`);
const selected = config.only.length ? allScenarios.filter((s) => config.only.includes(s.id)) : allScenarios;

const running = new Map(); // server key → started server
let database = null;
let cleaningUp = null;

/** Stops every server and drops the app's database (the next round starts them anew). */
async function stopServersAndDatabase() {
  for (const [key, server] of running) {
    await server.stop().catch((error) => log(`stopping ${key} failed: ${error.message}`));
    running.delete(key);
  }
  if (database) {
    await database.drop().catch((error) => log(`dropping database ${database.name} failed: ${error.message}`));
    database = null;
  }
}

async function cleanUp() {
  cleaningUp ??= stopServersAndDatabase();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function serverFor(key) {
  if (running.has(key)) return running.get(key);
  const definition = serverDefinitions[key];
  if (!definition) throw new Error(`unknown server "${key}"`);
  if (definition.needsDatabase && !database) {
    log('creating a database for the app');
    database = await createBenchDatabase();
  }
  const { args, env } = definition.start({ database, config });
  log(`starting ${key}: ${definition.title}`);
  const server = await startServer({ name: key, args, env, cores: pinning.enabled ? pinning.server : undefined });
  running.set(key, server);
  return server;
}

async function probe(url, request) {
  const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON; the check decides whether that is right.
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), text, json };
}

function gitInfo() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** Starts the scenario's server, runs its prepare() and checks one answer; throws when it is wrong. */
async function prepareScenario(scenario, entry) {
  const server = await serverFor(scenario.server);
  const extra = scenario.prepare ? await scenario.prepare({ url: server.url, database, config }) : {};
  const request = {
    method: extra.method ?? scenario.request.method ?? 'GET',
    headers: { ...scenario.request.headers, ...extra.headers },
    body: extra.body ?? scenario.request.body,
  };
  const url = new URL(extra.path ?? scenario.request.path, server.url).toString();
  const response = await probe(url, request);
  entry.response = {
    status: response.status,
    contentType: response.headers['content-type'] ?? null,
    contentEncoding: response.headers['content-encoding'] ?? 'identity',
    contentLength: response.headers['content-length'] ? Number(response.headers['content-length']) : null,
  };
  const problem = scenario.check?.(response) ?? null;
  if (problem) throw new Error(`check failed before the load: ${problem}`);
  return { server, url, request };
}

/** The round with the median req/s (the lower middle one for an even count). */
function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main() {
  const startedAt = new Date();
  log(
    pinning.enabled
      ? `pinning servers to core ${pinning.server} and the load generator to core ${pinning.loader} with taskset`
      : `not pinning: ${pinning.reason}`,
  );

  let clientJs = null;
  let clientJsError = null;
  try {
    clientJs = initialJavaScript('dist/client');
  } catch (error) {
    clientJsError = error.message;
  }

  // Rounds (BENCH_ROUNDS) repeat the whole list, interleaved, so a slow spell of the machine
  // hits every scenario alike; each scenario then reports its median round. Every round starts
  // the servers (and the app's database) anew: how fast one Node.js process runs varies by up
  // to ±15% from start to start (JIT decisions), so a figure must not rest on one process.
  const sequence = [];
  for (let round = 1; round <= config.rounds; round++) for (const scenario of selected) sequence.push({ round, scenario });
  const results = {};
  let databaseDescription = null;
  const prepared = new Map(); // scenario id → { server, url, request } of this round
  for (const [index, { round, scenario }] of sequence.entries()) {
    const entry = (results[scenario.id] ??= {
      id: scenario.id,
      title: scenario.title,
      server: scenario.server,
      request: { method: scenario.request.method, path: scenario.request.path },
    });
    if (!entry.error) {
      try {
        if (!prepared.has(scenario.id)) prepared.set(scenario.id, await prepareScenario(scenario, entry));
        const { server, url, request } = prepared.get(scenario.id);
        log(
          `measuring ${scenario.id}${config.rounds > 1 ? ` (round ${round}/${config.rounds})` : ''}: ${config.warmup} s warm-up, ${config.duration} s measured`,
        );
        const load = await runLoadQuietly(
          {
            request: { url, ...request },
            server,
            connections: config.connections,
            duration: config.duration,
            warmup: config.warmup,
            cores: pinning.enabled ? pinning.loader : undefined,
          },
          { waitQuiet: config.waitQuiet, cpus: config.cpus, log },
        );
        (entry.rounds ??= []).push(load);
        entry.load = medianRound(entry.rounds);
      } catch (error) {
        entry.error = error.message;
        delete entry.load;
        log(`${scenario.id} failed: ${error.message}`);
      }
    }
    if (sequence[index + 1]?.round !== round) {
      databaseDescription ??= database?.server ?? null;
      await stopServersAndDatabase();
      prepared.clear();
    }
  }
  await cleanUp();

  const run = { scenarios: results, clientJs, clientJsError };
  const targetRows = targets.flatMap((target) => target.evaluate(run));
  const report = {
    meta: {
      timestamp: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      git: gitInfo(),
      node: process.version,
      cpus: config.cpus,
      cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
      pinning,
      database: databaseDescription,
      settings: {
        connections: config.connections,
        duration: config.duration,
        warmup: config.warmup,
        appLogLevel: config.appLogLevel,
        rounds: config.rounds,
        waitQuiet: config.waitQuiet,
        only: config.only,
        loadGenerator: `autocannon ${JSON.parse(readFileSync('node_modules/autocannon/package.json', 'utf8')).version}`,
      },
      servers: Object.fromEntries(Object.entries(serverDefinitions).map(([key, s]) => [key, s.title])),
    },
    scenarios: results,
    clientJs: clientJs ?? { error: clientJsError },
    targets: targetRows,
    summary: {
      met: targetRows.filter((t) => t.status === 'met').length,
      missed: targetRows.filter((t) => t.status === 'MISSED').map((t) => t.id),
      skipped: targetRows.filter((t) => t.status === 'skipped').map((t) => t.id),
    },
  };
  const file = writeResults(report, config.resultsDir);
  printReport(report);
  process.stdout.write(`Results: ${file} (and ${config.resultsDir}/latest.json)\n`);
}

main()
  .then(() => process.exit(0))
  .catch(async (error) => {
    log(`aborted: ${error.stack ?? error}`);
    await cleanUp();
    process.exit(1);
  });
