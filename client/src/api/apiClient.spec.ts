import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOTH_BODIES_ERROR, createApiClient, type ApiClientEnvironment, type Notice } from './apiClient.js';

/** A real HTTP server plays the /data server: each test sets what it answers and reads what it got. */
interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let baseUrl: string;
let answer: { status: number; body: string };
/** Answers to give before falling back to `answer`, one per request. */
let nextAnswers: { status: number; body: string }[] = [];
let received: Received;
let requestCount = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received = { method: request.method, url: request.url, headers: request.headers, body };
      requestCount++;
      const { status, body: text } = nextAnswers.shift() ?? answer;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function envelope(data: unknown, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ data, errors: [], maintenance: false, ...extra });
}

function client(overrides: Partial<ApiClientEnvironment> & { pathname?: string; search?: string } = {}) {
  const navigations: string[] = [];
  const notices: Notice[] = [];
  const waits: number[] = [];
  const reconnecting: boolean[] = [];
  const refusedTeams: number[] = [];
  const api = createApiClient({
    fetch: (input, init) => fetch(input, init),
    dataDomain: baseUrl,
    location: () => ({ pathname: overrides.pathname ?? '/home/yourPosts', search: overrides.search ?? '' }),
    navigate: (path) => navigations.push(path),
    notify: (notice) => notices.push(notice),
    currentTeamId: () => 7,
    teamRefused: (teamId) => refusedTeams.push(teamId),
    socketId: () => 'sock_123',
    setReconnecting: (value) => reconnecting.push(value),
    wait: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { api, navigations, notices, waits, reconnecting, refusedTeams };
}

describe('the /data API client', () => {
  it('sends the XHR marker, JSON accept, team and socket headers, and a JSON body', async () => {
    answer = { status: 200, body: envelope({ ok: 1 }) };
    const { api } = client();
    const result = await api.post<{ ok: number }>('/data/thing', { a: 1 });
    expect(result.data).toEqual({ ok: 1 });
    expect(received.method).toBe('POST');
    expect(received.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(received.headers['accept']).toBe('application/json');
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['x-current-team']).toBe('7');
    expect(received.headers['x-socket-id']).toBe('sock_123');
    expect(JSON.parse(received.body)).toEqual({ a: 1 });
  });

  it('sends form data as multipart without a JSON content type', async () => {
    answer = { status: 200, body: envelope(null) };
    const form = new FormData();
    form.append('first_name', 'Ada');
    await client().api.request({ method: 'PUT', path: '/data/form', formData: form });
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body).toContain('Ada');
  });

  it('refuses a request with both a JSON body and form data, with the spec message', async () => {
    await expect(client().api.request({ method: 'POST', path: '/data/x', json: {}, formData: new FormData() })).rejects.toThrow(
      BOTH_BODIES_ERROR,
    );
    expect(BOTH_BODIES_ERROR).toBe('Can not have both json and formdata in a request');
  });

  it('carries noLogin=1 from the page address onto the call', async () => {
    answer = { status: 200, body: envelope(null) };
    await client({ search: '?noLogin=1' }).api.get('/data/start?x=1');
    expect(received.url).toBe('/data/start?x=1&noLogin=1');
    await client({ search: '?noLogin=0' }).api.get('/data/start');
    expect(received.url).toBe('/data/start');
  });

  it('sends a 401 to login with the current path and query minus noLogin as redi', async () => {
    answer = { status: 401, body: envelope(null) };
    const { api, navigations, notices } = client({ pathname: '/home/earnCredits', search: '?a=1&noLogin=1&b=2' });
    expect(await api.get('/data/x')).toBeNull();
    expect(navigations).toEqual([`/login?redi=${encodeURIComponent('/home/earnCredits?a=1&b=2')}`]);
    expect(notices).toEqual([]);
  });

  it('sends a 406 to /logout', async () => {
    answer = { status: 406, body: envelope(null) };
    const { api, navigations } = client();
    expect(await api.get('/data/x')).toBeNull();
    expect(navigations).toEqual(['/logout']);
  });

  it('answers other 4xx and 5xx with an empty result and no notification, keeping the errors for a form', async () => {
    for (const status of [400, 404, 429, 500, 503]) {
      answer = {
        status,
        body: JSON.stringify({
          data: { leaked: true },
          errors: [{ heading: 'Invalid name', message: 'Too short' }],
          maintenance: false,
        }),
      };
      const { api, navigations, notices } = client();
      const result = await api.request({ path: '/data/x' });
      expect(result).toEqual({ data: null, errors: [{ heading: 'Invalid name', message: 'Too short' }], status });
      expect(navigations).toEqual([]);
      expect(notices).toEqual([]);
    }
  });

  it('reports a team_forbidden refusal with the team the call named, and no other refusal', async () => {
    const refusal = (code: string) =>
      JSON.stringify({ data: null, errors: [{ code, heading: 'Not allowed', message: 'No.' }], maintenance: false });
    answer = { status: 403, body: refusal('team_forbidden') };
    const stale = client();
    const result = await stale.api.request({ path: '/data/campaigns' });
    expect(result.status).toBe(403);
    expect(stale.refusedTeams).toEqual([7]);
    expect(stale.notices).toEqual([]);

    answer = { status: 403, body: refusal('team_role_forbidden') };
    const role = client();
    await role.api.request({ path: '/data/campaigns' });
    expect(role.refusedTeams).toEqual([]);

    answer = { status: 403, body: refusal('team_forbidden') };
    const personal = client({ currentTeamId: () => null });
    await personal.api.request({ path: '/data/campaigns' });
    expect(received.headers['x-current-team']).toBeUndefined();
    expect(personal.refusedTeams).toEqual([]);
  });

  it('shows each error of a successful answer as a notification, defaulting the header and offering the link', async () => {
    answer = {
      status: 200,
      body: envelope(
        { saved: true },
        {
          errors: [
            { heading: '', message: 'Partly saved' },
            { heading: 'Heads up', message: 'Confirm your email', link: '/settings' },
          ],
        },
      ),
    };
    const { api, notices } = client();
    expect(await api.get('/data/x')).toEqual({ saved: true });
    expect(notices).toEqual([
      { header: 'Error', body: 'Partly saved', link: undefined },
      { header: 'Heads up', body: 'Confirm your email', link: '/settings' },
    ]);
  });

  it('goes to /maintenance when the answer flags it, unless already there', async () => {
    answer = { status: 200, body: envelope({}, { maintenance: true }) };
    const away = client({ pathname: '/terms' });
    await away.api.get('/data/start');
    expect(away.navigations).toEqual(['/maintenance']);
    const there = client({ pathname: '/maintenance' });
    await there.api.get('/data/start');
    expect(there.navigations).toEqual([]);
  });

  it('keeps an admin in the admin area during maintenance, so it can be switched off', async () => {
    answer = { status: 200, body: envelope({}, { maintenance: true }) };
    const admin = client({ pathname: '/admin/settings' });
    await admin.api.put('/data/admin/settings', {});
    expect(admin.navigations).toEqual([]);
  });

  it('treats an unparsable body as empty data', async () => {
    answer = { status: 200, body: '<html>proxy error</html>' };
    const { api, notices } = client();
    expect(await api.request({ path: '/data/x' })).toEqual({ data: null, errors: [], status: 200 });
    expect(notices).toEqual([]);
  });

  it('answers a network failure with an empty result', async () => {
    const { api } = client({ dataDomain: 'http://127.0.0.1:1' });
    expect(await api.request({ method: 'POST', path: '/data/x' })).toEqual({ data: null, errors: [], status: 0 });
  });
});

describe('retrying a server that is unavailable or unreachable', () => {
  const unavailable = (retryAfter?: number) => ({
    status: 503,
    body: JSON.stringify({
      data: null,
      errors: [{ code: 'unavailable', heading: 'Reconnecting', message: 'Database down', ...(retryAfter ? { retryAfter } : {}) }],
      maintenance: false,
    }),
  });

  beforeEach(() => {
    nextAnswers = [];
    requestCount = 0;
  });

  it('retries a 503 with growing waits, at least the retryAfter asked for, and answers the first success', async () => {
    nextAnswers = [unavailable(), unavailable(), unavailable(), unavailable(2)];
    answer = { status: 200, body: envelope({ ok: true }) };
    const { api, waits, reconnecting, notices } = client();
    expect(await api.request({ method: 'POST', path: '/data/surf/next', json: {} })).toEqual({
      data: { ok: true },
      errors: [],
      status: 200,
      maintenance: false,
    });
    expect(requestCount).toBe(5);
    expect(waits).toEqual([500, 1000, 2000, 4000]);
    expect(reconnecting).toEqual([true, false]);
    expect(notices).toEqual([]);
  });

  it('waits what retryAfter asks when that is longer than the backoff', async () => {
    nextAnswers = [unavailable(3)];
    answer = { status: 200, body: envelope(null) };
    const { api, waits } = client();
    await api.request({ path: '/data/start' });
    expect(waits).toEqual([3000]);
  });

  it('gives up once 30 s of waiting are spent, answering the last 503 with its errors', async () => {
    answer = unavailable(2);
    const { api, waits, reconnecting } = client();
    const result = await api.request({ path: '/data/start' });
    expect(result).toEqual({
      data: null,
      errors: [expect.objectContaining({ code: 'unavailable', retryAfter: 2 })],
      status: 503,
    });
    expect(waits).toEqual([2000, 2000, 2000, 4000, 8000, 8000]);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(30_000);
    expect(requestCount).toBe(waits.length + 1);
    expect(reconnecting).toEqual([true, false]);
  });

  it('retries a GET that got no answer at all, and answers once the server is back', async () => {
    answer = { status: 200, body: envelope({ back: true }) };
    let failures = 2;
    const { api, waits, reconnecting } = client({
      fetch: (input, init) => (failures-- > 0 ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)),
    });
    expect(await api.get('/data/start')).toEqual({ back: true });
    expect(waits).toEqual([500, 1000]);
    expect(reconnecting).toEqual([true, false]);
  });

  it('never retries a POST that got no answer: it may have been carried out', async () => {
    let attempts = 0;
    const { api, waits, reconnecting } = client({
      fetch: () => {
        attempts++;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    expect(await api.post('/data/posts', { text: 'hi' })).toEqual({ data: null, errors: [], status: 0 });
    expect(attempts).toBe(1);
    expect(waits).toEqual([]);
    expect(reconnecting).toEqual([]);
  });

  it('does not retry other failures', async () => {
    for (const status of [400, 429, 500, 502]) {
      answer = { status, body: envelope(null) };
      requestCount = 0;
      const { api, waits } = client();
      await api.request({ path: '/data/x' });
      expect({ status, requests: requestCount, waits }).toEqual({ status, requests: 1, waits: [] });
    }
  });

  it('says "reconnecting" once while several calls retry, and stops when the last one is done', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const waits: number[] = [];
    const reconnecting: boolean[] = [];
    nextAnswers = [unavailable(), unavailable()];
    answer = { status: 200, body: envelope(null) };
    const { api } = client({
      setReconnecting: (value) => reconnecting.push(value),
      wait: async (ms) => {
        waits.push(ms);
        await released;
      },
    });
    const both = Promise.all([api.get('/data/a'), api.get('/data/b')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reconnecting).toEqual([true]);
    release();
    await both;
    expect(reconnecting).toEqual([true, false]);
  });
});
