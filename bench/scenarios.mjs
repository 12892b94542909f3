// The benchmark's registry: the servers it can start, and the scenarios it measures in order.
// To add a scenario (a later issue: say, /data/start for a logged-in user), append an entry to
// `scenarios`; to hold it to a number, add a target in bench/targets.mjs. See bench/README.md.
import { benchAppEnv } from './fanout/lib/common.mjs';

/** Headers a browser's fetch() from the app sends on a /data call. */
export const XHR_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-US,en;q=0.9',
  'x-requested-with': 'XMLHttpRequest',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
};

/** Headers a browser sends when it navigates to a page. */
export const NAVIGATION_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-US,en;q=0.9',
  'upgrade-insecure-requests': '1',
  'user-agent': XHR_HEADERS['user-agent'],
};

/**
 * Servers, each started in its own process (pinned to the server core) when a selected
 * scenario needs it, and stopped after its last scenario. `start(ctx)` answers the env and
 * node arguments; ctx has `database` (created on first need) when `needsDatabase` is set.
 */
export const servers = {
  peer: {
    title: 'bare Fastify 5 hello-world (no Nest, no plugins)',
    start: () => ({ args: ['bench/servers/fastify-peer.mjs'], env: { PORT: '0', HOST: '127.0.0.1' } }),
  },
  app: {
    title: 'the app (dist/server/src/main.js)',
    needsDatabase: true,
    start: ({ database, config }) => ({
      args: ['dist/server/src/main.js'],
      env: benchAppEnv(database, config.appLogLevel, {
        // The login scenario measures argon2, not the per-address login limit.
        RATE_LIMIT_FACTOR: '100000',
      }),
    }),
  },
};

const isEnvelope = (body) =>
  body !== null &&
  typeof body === 'object' &&
  'data' in body &&
  Array.isArray(body.errors) &&
  typeof body.maintenance === 'boolean';

/**
 * A scenario: `id` (stable, used by targets and BENCH_ONLY), `title`, `server` (a key of
 * `servers`), `request` `{ method, path, headers, body }`, optionally `prepare(ctx)` (async,
 * runs once before the load: log in, create rows…; answers request fields to merge, e.g.
 * `{ headers: { cookie } }`), and `check(response)` answering an error text or null; it runs on
 * one request before the load so a broken route is never measured as a fast one.
 * `response` is `{ status, headers, text, json }`.
 */
export const scenarios = [
  {
    id: 'fastify-peer',
    title: 'bare Fastify peer',
    server: 'peer',
    request: { method: 'GET', path: '/data/health', headers: XHR_HEADERS },
    check: ({ status, json }) =>
      status === 200 && json?.data?.ok === true ? null : `expected 200 {data:{ok:true}}, got ${status}`,
  },
  {
    id: 'data-health',
    title: 'GET /data/health',
    server: 'app',
    request: { method: 'GET', path: '/data/health', headers: XHR_HEADERS },
    check: ({ status, json }) =>
      status === 200 && isEnvelope(json) && json.data?.ok === true ? null : `expected 200 and the envelope, got ${status}`,
  },
  {
    id: 'data-start-visitor',
    title: 'GET /data/start (visitor)',
    server: 'app',
    request: { method: 'GET', path: '/data/start', headers: XHR_HEADERS },
    check: ({ status, json }) =>
      status === 200 && isEnvelope(json) && json.data?.rufP !== undefined && json.data?.user === null
        ? null
        : `expected 200 and a visitor's start answer, got ${status}`,
  },
  {
    id: 'static-index',
    title: 'GET / (index.html)',
    server: 'app',
    request: { method: 'GET', path: '/', headers: NAVIGATION_HEADERS },
    check: ({ status, headers, text }) =>
      status === 200 && String(headers['content-type']).startsWith('text/html') && text.includes('id="root"')
        ? null
        : `expected 200 text/html with the app's root element, got ${status} ${headers['content-type']}`,
  },
];

/** A member signed up through the app itself (the bench database is fresh for each run). */
const BENCH_MEMBER = {
  username: 'bench_member',
  first_name: 'Bench',
  email: 'bench_member@example.test',
  password: 'bench password 123',
};

async function signUpBenchMember(url) {
  const response = await fetch(`${url}/data/auth/signup`, {
    method: 'POST',
    headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_MEMBER),
  });
  if (response.status !== 200 && response.status !== 409) throw new Error(`signup answered ${response.status}`);
  const login = await fetch(`${url}/data/auth/login`, {
    method: 'POST',
    headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ login: BENCH_MEMBER.username, password: BENCH_MEMBER.password }),
  });
  const cookie = login.headers.getSetCookie().find((header) => header.startsWith('sid='));
  if (!cookie) throw new Error(`login answered ${login.status} without a session cookie`);
  return cookie.split(';')[0];
}

// /data/start for a member (session lookup, notifications and announcements included),
// and login throughput, which argon2id bounds (no latency target: it is CPU work by design).
scenarios.push(
  {
    id: 'data-start-member',
    title: 'GET /data/start (logged in)',
    server: 'app',
    request: { method: 'GET', path: '/data/start', headers: XHR_HEADERS },
    prepare: async ({ url }) => ({ headers: { ...XHR_HEADERS, cookie: await signUpBenchMember(url) } }),
    check: ({ status, json }) =>
      status === 200 && isEnvelope(json) && json.data?.user?.username === BENCH_MEMBER.username
        ? null
        : `expected 200 and the member's start answer, got ${status}`,
  },
  {
    id: 'login',
    title: 'POST /data/auth/login (argon2id)',
    server: 'app',
    request: {
      method: 'POST',
      path: '/data/auth/login',
      headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ login: BENCH_MEMBER.username, password: BENCH_MEMBER.password }),
    },
    prepare: async ({ url }) => {
      await signUpBenchMember(url);
      return {};
    },
    check: ({ status }) => (status === 200 ? null : `expected 200, got ${status}`),
  },
);
