import { randomBytes, randomUUID } from 'node:crypto';
import { XHR_HEADER, XHR_HEADER_VALUE } from '../../shared/api/headers.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { HEALTH_ENDPOINTS } from '../../shared/health/health.js';
import { TRACKING_ENDPOINTS } from '../../shared/tracking/tracking.js';
import { loadConfig } from '../../server/src/config/app-config.js';
import { MetricsPort } from '../../server/src/metrics/metrics-port.js';
import { signUp } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { requestCount, seriesValue } from '../support/prometheus-text.js';
import { connectSocket } from '../support/socket-client.js';
import { claim, creditedClaim, nextTicket, promotedPost, refusal, surfer } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { visitRecord } from '../support/tracking-fixtures.js';

/**
 * /metrics in Prometheus's text format: on the app's port only with `Authorization: Bearer
 * <METRICS_TOKEN>`, and on METRICS_PORT (127.0.0.1) without one. What a user of the site does
 * shows in the counters: requests by route pattern, surf claims by outcome, ledger rows by kind,
 * open sockets, the tracking buffer.
 */
const TOKEN = randomBytes(24).toString('base64url');
const testApp = useSurfTestApp({
  metrics: { token: TOKEN, port: 0 },
  // Tracking rows stay in memory for the length of a test, so the buffer's gauge can be seen holding them.
  tracking: { ...loadConfig({}).tracking, flushMs: 60_000 },
});

/** A plain fetch: the 401s of this file are what it tests. */
function scrape(headers: Record<string, string> = {}, path: string = HEALTH_ENDPOINTS.metrics): Promise<Response> {
  return fetch(`${testApp.baseUrl}${path}`, { headers });
}

async function metrics(): Promise<string> {
  const response = await scrape({ authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  return response.text();
}

const counter = (text: string, series: string) => seriesValue(text, series) ?? 0;

describe('who may read /metrics', () => {
  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: `Bearer ${randomBytes(24).toString('base64url')}` }],
    ['the token with one character changed', { authorization: `Bearer ${TOKEN.slice(0, -1)}${TOKEN.endsWith('A') ? 'B' : 'A'}` }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 8)}` }],
    ['the token and more', { authorization: `Bearer ${TOKEN}x` }],
    ['the token under another scheme', { authorization: `Basic ${TOKEN}` }],
    ['the token with nothing before it', { authorization: TOKEN }],
  ])('refuses %s with 401 and shows nothing', async (_case, headers) => {
    const response = await scrape(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const text = await response.text();
    expect(text).not.toContain('surfex_');
    expect(text).not.toContain('process_');
  });

  it('refuses the token in the address instead of the header', async () => {
    const response = await scrape({}, `${HEALTH_ENDPOINTS.metrics}?token=${TOKEN}`);
    expect(response.status).toBe(401);
  });

  it('serves Prometheus text with the token, and on METRICS_PORT at 127.0.0.1 without one', async () => {
    const response = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain('# TYPE surfex_http_request_duration_seconds histogram');
    // Node.js's own: event-loop lag, CPU, memory.
    expect(seriesValue(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    expect(seriesValue(text, 'process_cpu_user_seconds_total')).toEqual(expect.any(Number));
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    const port = testApp.app.get(MetricsPort).port;
    const local = await fetch(`http://127.0.0.1:${port}${HEALTH_ENDPOINTS.metrics}`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('surfex_surf_claims_total{outcome="credited"}');
    expect((await fetch(`http://127.0.0.1:${port}/data/health`)).status).toBe(404);
  });
});

describe('what the counters show', () => {
  it('counts requests by route pattern, method and status, never by the raw address', async () => {
    const before = await metrics();
    for (let i = 0; i < 3; i++) expect((await fetch(`${testApp.baseUrl}${HEALTH_ENDPOINTS.health}`)).status).toBe(200);
    const member = await signUp(testApp.baseUrl);
    const ticketId = randomUUID();
    expect((await member.browser.get(`/data/surf/challenge/${ticketId}`)).status).toBe(404);

    const after = await metrics();
    expect(requestCount(after, 'GET', '/data/health', 200) - requestCount(before, 'GET', '/data/health', 200)).toBe(3);
    expect(requestCount(after, 'POST', '/data/auth/signup', 200) - requestCount(before, 'POST', '/data/auth/signup', 200)).toBe(
      1,
    );
    expect(
      requestCount(after, 'GET', '/data/surf/challenge/:ticketId', 404) -
        requestCount(before, 'GET', '/data/surf/challenge/:ticketId', 404),
    ).toBe(1);
    expect(after).not.toContain(ticketId);
  });

  it('counts a surf claim by its outcome, a refused one by its refusal, and the ledger rows a view writes', async () => {
    const owner = await signUp(testApp.baseUrl);
    await promotedPost(owner, 3);
    const viewer = await surfer(testApp.baseUrl);
    const { ticketId } = await nextTicket(viewer.browser, viewer.tab);
    const before = await metrics();

    await creditedClaim(viewer.tab, ticketId);
    expect(refusal(await claim(viewer.tab, ticketId)).code).toBe('already_counted');

    const after = await metrics();
    const grew = (series: string) => counter(after, series) - counter(before, series);
    expect(grew('surfex_surf_claims_total{outcome="credited"}')).toBe(1);
    expect(grew('surfex_surf_claims_total{outcome="scripted"}')).toBe(0);
    expect(grew('surfex_surf_claim_refusals_total{refusal="already_counted"}')).toBe(1);
    expect(grew('surfex_ledger_rows_total{kind="view_paid"}')).toBe(1);
    expect(grew('surfex_ledger_rows_total{kind="view_earned"}')).toBe(1);
    expect(grew('surfex_ledger_rows_total{kind="level_bonus"}')).toBe(0);
  });

  it('counts the ledger rows of committed transactions: a signup’s bonus, and none for a refused transfer', async () => {
    const before = await metrics();
    const member = await signUp(testApp.baseUrl);
    const pid = await promotedPost(member, 0);
    // One credit more than the member holds: its rows are written, then the balance refuses and the transaction rolls back.
    const refused = await member.browser.post(`/data/campaigns/${pid}/assign`, { amount: SIGNUP_BONUS_CREDITS + 1 });
    expect(refused.status).toBe(409);

    const after = await metrics();
    expect(
      counter(after, 'surfex_ledger_rows_total{kind="signup_bonus"}') -
        counter(before, 'surfex_ledger_rows_total{kind="signup_bonus"}'),
    ).toBe(1);
    expect(
      counter(after, 'surfex_ledger_rows_total{kind="campaign_assign"}') -
        counter(before, 'surfex_ledger_rows_total{kind="campaign_assign"}'),
    ).toBe(0);
  });

  it('shows the sockets open on this process and the tracking rows waiting in memory', async () => {
    const open = async () => counter(await metrics(), 'surfex_socket_connections');
    const before = await open();
    const member = await signUp(testApp.baseUrl);
    const tabs = await Promise.all([connectSocket(testApp.baseUrl, member.browser), connectSocket(testApp.baseUrl)]);
    expect(await open()).toBe(before + 2);
    tabs[0].close();
    await eventually(async () => expect(await open()).toBe(before + 1));

    const buffered = counter(await metrics(), 'surfex_tracking_buffer_rows');
    const response = await fetch(`${testApp.baseUrl}${TRACKING_ENDPOINTS.record}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE },
      body: JSON.stringify(visitRecord()),
    });
    expect(response.status).toBe(200);
    expect(counter(await metrics(), 'surfex_tracking_buffer_rows')).toBe(buffered + 1);
  });
});
