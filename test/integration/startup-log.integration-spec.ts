import { existsSync } from 'node:fs';
import { adminDatabaseUrl } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-postgres.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * The built server (`npm run build:server` first) started as `npm start` starts it, its stdout a
 * pipe as under a log collector or CI: what it logs at start-up and per request.
 */
let database: TestDatabase | undefined;
/** The database's address with a password in it: the server must not repeat it. */
let databaseUrl: string;
let password: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (!existsSync('dist/server/src/main.js'))
    throw new Error('dist/server/src/main.js is missing: run `npm run build:server` first');
  database = await createTestDatabase(adminDatabaseUrl(), 'log', 'empty');
  const withPassword = new URL(database.url);
  // A server that trusts local connections takes any password; the embedded one has its own.
  if (!withPassword.password) withPassword.password = 'never-logged-secret';
  password = decodeURIComponent(withPassword.password);
  databaseUrl = withPassword.toString();
}, 60_000);

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

afterAll(async () => {
  await database?.drop();
});

function start(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({ DATABASE_URL: databaseUrl, CLIENT_DIST_DIR: 'dist/does-not-exist', ...env });
}

/** Stops the server and answers everything it wrote, up to its last line. */
async function stopAndRead(running: ServerProcess): Promise<string> {
  const closed = new Promise((resolve) => running.child.once('close', resolve));
  await running.stop();
  await closed;
  return running.output;
}

it('at info, a start logs only its address and its database, as JSON lines, and requests add nothing', async () => {
  // LOG_FORMAT empty: the format follows stdout, a pipe here.
  server = await start({ LOG_LEVEL: 'info', LOG_FORMAT: '' });
  const port = new URL(server.url).port;
  expect((await fetch(`${server.url}/data/start`)).status).toBe(200);
  expect((await fetch(`${server.url}/data/no-such-route`)).status).toBe(404);

  const output = await stopAndRead(server);
  const { hostname, port: databasePort, pathname } = new URL(databaseUrl);
  const records = output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(records.map(({ level, msg }) => ({ level, msg }))).toEqual([
    { level: 30, msg: `Surfex is running at http://localhost:${port}` },
    { level: 30, msg: `Database: PostgreSQL at ${hostname}:${databasePort || 5432}, database ${pathname.slice(1)}` },
  ]);
  // Neither the credentials as the address holds them nor (when distinctive, as ours) the password alone.
  expect(output).not.toContain(`:${password}@`);
  if (password === 'never-logged-secret') expect(output).not.toContain(password);
});

it('LOG_LEVEL=debug adds Nest’s start-up details and one line per request with its request id; LOG_FORMAT=pretty makes them readable', async () => {
  server = await start({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' });
  expect((await fetch(`${server.url}/data/start`)).status).toBe(200);

  const lines = (await stopAndRead(server)).trimEnd().split('\n');
  const time = String.raw`\[\d\d:\d\d:\d\d\.\d{3}\]`;
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(String.raw`^${time} DEBUG: \[RouterExplorer\] Mapped \{/data/start, GET\} route$`)),
      expect.stringMatching(new RegExp(String.raw`^${time} INFO: Surfex is running at http://localhost:\d+$`)),
      expect.stringMatching(new RegExp(String.raw`^${time} INFO: Database: PostgreSQL at `)),
      expect.stringMatching(new RegExp(String.raw`^${time} DEBUG: GET /data/start 200 \{"reqId":"[\w-]+","ms":[\d.]+\}$`)),
    ]),
  );
  expect(lines.filter((line) => / INFO: /.test(line))).toHaveLength(2);
  expect(lines.join('\n')).not.toMatch(/^\{/m);
});
