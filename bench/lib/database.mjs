// A throw-away database for the app under load: bench_<timestamp> on DATABASE_URL's server,
// or, when DATABASE_URL is unset, on an embedded PostgreSQL of its own (.data/bench-postgres).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const EMBEDDED_DIR = '.data/bench-postgres';
const EMBEDDED_PORT = 54331;
const EMBEDDED_MODULE = 'dist/server/src/database/embedded-postgres.js';
/** The superuser dist/server/src/database/embedded-postgres.js creates. */
const EMBEDDED_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;

/** The pid of the PostgreSQL already running on the embedded data folder (another bench run), or null. */
function runningEmbeddedPid() {
  const pidFile = join(resolve(EMBEDDED_DIR), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === 'EPERM' ? pid : null;
  }
}

/** Answers `{ url, name, server, drop() }`; drop() removes the database and stops what it started. */
export async function createBenchDatabase() {
  let serverUrl = process.env.DATABASE_URL;
  let embedded = null;
  let description = serverUrl ? `DATABASE_URL's server (${redact(serverUrl)})` : null;
  const otherRunPid = serverUrl ? null : runningEmbeddedPid();
  if (otherRunPid) {
    // Another bench run started it: use it (own database, dropped after) and leave it running.
    serverUrl = EMBEDDED_ADMIN_URL;
    description = `embedded PostgreSQL already running (${EMBEDDED_DIR}, port ${EMBEDDED_PORT}, pid ${otherRunPid}; not stopped by this run)`;
  } else if (!serverUrl) {
    const modulePath = resolve(EMBEDDED_MODULE);
    if (!existsSync(modulePath)) throw new Error(`${EMBEDDED_MODULE} is missing: run npm run build first`);
    const { startEmbeddedPostgres } = await import(pathToFileURL(modulePath).href);
    try {
      embedded = await startEmbeddedPostgres(EMBEDDED_DIR, EMBEDDED_PORT);
    } catch (error) {
      throw new Error(
        `the embedded PostgreSQL (${EMBEDDED_DIR}, port ${EMBEDDED_PORT}) did not start: ${error?.message ?? error}. ` +
          'Is the port taken? Set DATABASE_URL to use another PostgreSQL.',
        { cause: error },
      );
    }
    serverUrl = embedded.url;
    description = `embedded PostgreSQL (${EMBEDDED_DIR}, port ${EMBEDDED_PORT})`;
  }

  const name = `bench_${Date.now()}_${process.pid}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  return {
    url: url.toString(),
    name,
    server: description,
    async drop() {
      try {
        await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      } finally {
        await embedded?.stop();
      }
    },
  };
}

async function withClient(connectionString, work) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function redact(connectionString) {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.toString();
}
