import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { XHR_HEADER, XHR_HEADER_VALUE, CURRENT_TEAM_HEADER, SOCKET_ID_HEADER } from '../../shared/api/headers.js';
import { logIn, signUp, type TestMember } from '../support/accounts.js';
import { captureErrorLog } from '../support/error-log.js';
import {
  bodyKinds,
  headerValue,
  hostileCookies,
  pathParameter,
  queryString,
  sharedObjectSchemas,
  type NamedSchema,
  type BodyKind,
  type GeneratedBody,
  type GeneratedSegment,
} from '../support/malformed-input.js';
import { dataCallRoutes, type RegisteredRoute } from '../support/route-table.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * Every /data route the app registers, driven with generated malformed input (bodies of every
 * shape and content type, hostile strings, unroutable and odd path parameters, query strings,
 * headers and cookies), as a visitor, a member and an admin, with and without the XHR marker.
 * Every answer must be a 4xx or a success, never a 5xx; always the envelope, every error with a
 * code of ErrorCode; and the app must log no error line.
 *
 * The seed is fixed so a run in CI is reproducible; FUZZ_SEED=<n> and FUZZ_RUNS=<n> explore
 * further (a failure prints the seed and the shrunk request that reproduces it).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/** Runs per route and kind of body; a route without a body (GET) gets this many times the number of body kinds. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const ADMIN_EMAIL = 'fuzz-admin@example.test';
const ERROR_CODES = new Set<string>(Object.values(ErrorCode).filter((code) => code !== ErrorCode.Unreachable));
const REQUEST_TIMEOUT_MS = 10_000;

let routes: RegisteredRoute[];
let schemas: NamedSchema[];
const errorLog = captureErrorLog();
const accounts: Record<'member' | 'admin', { member: TestMember; sid: string } | null> = { member: null, admin: null };

const testApp = useTestApp({ rateLimitFactor: 10_000, adminEmail: ADMIN_EMAIL });

beforeAll(async () => {
  const fastify = testApp.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  routes = dataCallRoutes(fastify);
  schemas = await sharedObjectSchemas(fileURLToPath(new URL('../../shared', import.meta.url)));
  for (const identity of ['member', 'admin'] as const) {
    const member = await signUp(testApp.baseUrl, identity === 'admin' ? { email: ADMIN_EMAIL } : {});
    accounts[identity] = { member, sid: member.browser.sid! };
  }
});

afterAll(() => errorLog.stop());

type Identity = 'visitor' | 'member' | 'admin';

interface FuzzRequest {
  identity: Identity;
  xhr: boolean;
  params: GeneratedSegment[];
  query: string;
  body: GeneratedBody;
  headers: Record<string, string>;
  cookies: string | undefined;
}

function requestFor(route: RegisteredRoute, body: fc.Arbitrary<GeneratedBody>): fc.Arbitrary<FuzzRequest> {
  const paramCount = (route.url.match(/:[^/]+/g) ?? []).length;
  return fc.record({
    // Mostly as the app calls: signed in, with the marker, so bad input gets past the first checks.
    identity: fc.oneof(
      { weight: 1, arbitrary: fc.constant<Identity>('visitor') },
      { weight: 2, arbitrary: fc.constant<Identity>('member') },
      { weight: 1, arbitrary: fc.constant<Identity>('admin') },
    ),
    xhr: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    params: fc.array(pathParameter, { minLength: paramCount, maxLength: paramCount }),
    query: queryString,
    body,
    headers: fc
      .record(
        { [CURRENT_TEAM_HEADER]: headerValue, [SOCKET_ID_HEADER]: headerValue, 'idempotency-key': headerValue },
        { requiredKeys: [] },
      )
      .map((headers) => headers as Record<string, string>),
    cookies: hostileCookies([accounts.member!.member.username, accounts.admin!.member.username]),
  });
}

function addressOf(route: RegisteredRoute, request: FuzzRequest): string {
  let index = 0;
  const path = route.url.replace(/:[^/]+/g, () => request.params[index++].raw);
  return request.query ? `${path}?${request.query}` : path;
}

/** A signed-in session of this identity, signing in again when a request of the fuzz ended it. */
async function sessionCookie(identity: Identity): Promise<string | undefined> {
  if (identity === 'visitor') return undefined;
  return `sid=${accounts[identity]!.sid}`;
}

async function renewSession(identity: Identity): Promise<void> {
  if (identity === 'visitor') return;
  const account = accounts[identity]!;
  account.member.browser.cookies.clear();
  const { status } = await logIn(account.member.browser, account.member.username, account.member.password);
  if (status !== 200) throw new Error(`could not sign the ${identity} in again: ${status}`);
  account.sid = account.member.browser.sid!;
}

async function send(
  route: RegisteredRoute,
  request: FuzzRequest,
): Promise<{ status: number; contentType: string; text: string }> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.xhr) headers[XHR_HEADER] = XHR_HEADER_VALUE;
  const cookies = [await sessionCookie(request.identity), request.cookies].filter(Boolean).join('; ');
  if (cookies) headers.cookie = cookies;
  if (request.body.contentType) headers['content-type'] = request.body.contentType;
  if (request.body.contentEncoding) headers['content-encoding'] = request.body.contentEncoding;
  const response = await fetch(`${testApp.baseUrl}${addressOf(route, request)}`, {
    method: route.method,
    headers,
    body: request.body.payload,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** What is wrong with one answer, or null when it keeps every rule. */
function problemsOf(answer: { status: number; contentType: string; text: string }, malformed: boolean): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (malformed && (answer.status < 400 || answer.status >= 500)) return `malformed input answered ${answer.status}, not a 4xx`;
  if (!answer.contentType.startsWith('application/json')) return `answered ${answer.contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'answered a body that is not JSON';
  }
  if (!body || typeof body !== 'object' || Object.keys(body).sort().join() !== 'data,errors,maintenance') {
    return 'answered something else than the envelope {data, errors, maintenance}';
  }
  const { data, errors, maintenance } = body as { data: unknown; errors: unknown; maintenance: unknown };
  if (typeof maintenance !== 'boolean' || !Array.isArray(errors)) return 'answered an envelope of the wrong types';
  for (const error of errors as Record<string, unknown>[]) {
    if (!ERROR_CODES.has(String(error?.code))) return `answered an error without a known code: ${JSON.stringify(error)}`;
    if (typeof error.heading !== 'string' || typeof error.message !== 'string' || !error.message) {
      return `answered an error without words for people: ${JSON.stringify(error)}`;
    }
  }
  if (answer.status >= 400 && (errors.length === 0 || data !== null)) return `answered ${answer.status} without its errors`;
  return null;
}

/**
 * The schemas a route validates its body with, learnt from the route itself: an empty object
 * sent as each identity is refused with one `validation` error per required field, and a
 * schema whose required fields are exactly those is the route's.
 */
async function schemasReadBy(route: RegisteredRoute): Promise<NamedSchema[]> {
  if (route.method === 'GET') return [];
  const refused = new Set<string>();
  for (const identity of ['visitor', 'member', 'admin'] as const) {
    const request: FuzzRequest = {
      identity,
      xhr: true,
      params: (route.url.match(/:[^/]+/g) ?? []).map(() => ({ raw: '1', malformed: false })),
      query: '',
      body: { payload: '{}', contentType: 'application/json', malformed: false, label: 'empty object' },
      headers: {},
      cookies: undefined,
    };
    const answer = await send(route, request);
    if (answer.status !== 400) continue;
    const { errors } = JSON.parse(answer.text) as { errors: { code: string; field?: string }[] };
    for (const error of errors) if (error.code === ErrorCode.Validation && error.field) refused.add(error.field);
  }
  if (refused.size === 0) return [];
  return schemas.filter(({ schema }) => {
    const required = schema.required ?? [];
    return required.length === refused.size && required.every((name) => refused.has(name));
  });
}

function describeRequest(route: RegisteredRoute, request: FuzzRequest): string {
  const clip = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
  const parts = [
    `${request.identity}${request.xhr ? '' : ' without XHR marker'} ${route.method} ${clip(addressOf(route, request))}`,
    request.body.payload === undefined
      ? 'no body'
      : `body (${request.body.contentType ?? 'no content type'}) ${clip(String(request.body.payload))}`,
    Object.keys(request.headers).length ? `headers ${clip(JSON.stringify(request.headers))}` : '',
    request.cookies ? `cookies ${clip(request.cookies)}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

it('answers every /data route, whatever it is sent, with a 4xx or a success in the envelope, and logs no error', async () => {
  const failures: string[] = [];
  expect(routes.length).toBeGreaterThan(40);
  expect(routes).toEqual(
    expect.arrayContaining([
      { method: 'POST', url: '/data/surf/next' },
      { method: 'POST', url: '/data/posts/images' },
      { method: 'POST', url: '/data/settings/picture' },
      { method: 'GET', url: '/data/posts/:pid' },
      { method: 'POST', url: '/data/z5-stats/record' },
      { method: 'PUT', url: '/data/z5-stats/update' },
      { method: 'POST', url: '/data/feed/recordFeedActivity/:eventName' },
    ]),
  );

  let seed = SEED;
  for (const route of routes) {
    const kinds: BodyKind[] = bodyKinds(route.method, schemas, await schemasReadBy(route));
    for (const { kind, body, runsFactor = 1 } of kinds) {
      const runs = (kinds.length === 1 ? 8 : runsFactor) * RUNS;
      const result = await fc.check(
        fc.asyncProperty(requestFor(route, body), async (request) => {
          errorLog.lines.length = 0;
          const answer = await send(route, request);
          if ((answer.status === 401 || answer.status === 406) && request.identity !== 'visitor')
            await renewSession(request.identity);
          const problem = problemsOf(answer, request.params.some((param) => param.malformed) || request.body.malformed);
          const logged = errorLog.lines.splice(0);
          if (problem || logged.length) {
            throw new Error(
              `${problem ?? 'answered'} (${answer.text.slice(0, 300)})${logged.length ? `, logged: ${logged.join(' | ')}` : ''}`,
            );
          }
        }),
        { seed: seed++, numRuns: runs, endOnFailure: false },
      );
      if (result.failed) {
        const [request] = result.counterexample!;
        failures.push(
          `[${kind}] ${describeRequest(route, request)}\n    → ${String((result.errorInstance as Error)?.message ?? result.errorInstance)}`,
        );
      }
    }
  }
  expect(failures).toEqual([]);
}, 300_000);
