import type { Envelope } from '../../shared/api/envelope.js';
import { DEFAULT_CONSENT_COUNTRIES } from '../../shared/consent/consent.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { PROTOCOL_VERSION } from '../../shared/start/start.js';
import { eventually } from '../support/eventually.js';
import { setWebsiteSettings } from '../support/accounts.js';
import { call } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';

// Factor 1: the crash-report limit is tested at its real size.
const testApp = useTestApp({ rateLimitFactor: 1 });
const { db } = testApp;
const setWebsite = (columns: Record<string, unknown>) => setWebsiteSettings(db, testApp.baseUrl, columns);

describe('GET /data/start', () => {
  it('answers a visitor with rufP, the public website settings and no user, inside the envelope', async () => {
    const { status, body } = await call<StartAnswer>(testApp.baseUrl, '/data/start');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        rufP: PROTOCOL_VERSION,
        website: {
          name: 'Surfex',
          signups: true,
          companyRegistration: expect.stringContaining('Surfex Ltd'),
          consentCountries: DEFAULT_CONSENT_COUNTRIES,
          announcements: [],
        },
        user: null,
        users: {},
        uiNotifications: { unread: 0, latest: [], lastId: 0 },
        visitorCountry: null,
      },
      errors: [],
      maintenance: false,
    });
  });

  it('reflects a change of the signups setting made in the database without a restart', async () => {
    await setWebsite({ signups: false });
    const { body } = await call<StartAnswer>(testApp.baseUrl, '/data/start');
    expect(body.data?.website.signups).toBe(false);
    await setWebsite({ signups: true });
  });

  it('flags maintenance on every /data answer, errors included, while it is on', async () => {
    await setWebsite({ maintenance: true });
    expect((await call(testApp.baseUrl, '/data/start')).body.maintenance).toBe(true);
    expect((await call(testApp.baseUrl, '/data/health')).body.maintenance).toBe(true);
    const missing = await call(testApp.baseUrl, '/data/no-such-call');
    expect(missing.status).toBe(404);
    expect(missing.body.maintenance).toBe(true);
    await setWebsite({ maintenance: false });
    expect((await call(testApp.baseUrl, '/data/start')).body.maintenance).toBe(false);
  });
});

describe('request rules', () => {
  it('refuses a state-changing call without the XHR marker with 403 and stores nothing', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      xhr: false,
      json: { stacktrace: 'csrf', url: '/x', type: 'client' },
    });
    expect(status).toBe(403);
    expect(body.data).toBeNull();
    expect(body.errors[0].heading).toBe('Request refused');
    const stored = await db.query(`SELECT count(*)::int AS n FROM client_errors WHERE stacktrace = 'csrf'`);
    expect(stored.rows[0].n).toBe(0);
  });

  it('answers an unknown /data call with 404 in the envelope', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({
      data: null,
      errors: [{ code: 'not_found', heading: 'Not found', message: expect.any(String) }],
      maintenance: false,
    });
  });

  it('answers a body over the size limit with 413', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      json: { stacktrace: 'x'.repeat(200 * 1024), url: '/', type: 'client' },
    });
    expect(status).toBe(413);
    expect(body.errors[0].heading).toBe('Too large');
  });

  it('answers a body of an unsupported content type with 415', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      body: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(status).toBe(415);
    expect(body.errors).toHaveLength(1);
  });

  it('answers malformed JSON with 400 without echoing the parser message', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      body: '{"stacktrace": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).not.toMatch(/Unexpected|JSON at position|SyntaxError/);
  });

  it('sets the page CSP on pages and a locked-down API policy on /data answers', async () => {
    const page = await fetch(`${testApp.baseUrl}/terms`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const answer = await fetch(`${testApp.baseUrl}/data/start`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    // Refused answers carry the same policy.
    const refused = await fetch(`${testApp.baseUrl}/data/log_error`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses /data answers of 1 KB and more by Accept-Encoding, and leaves small ones alone', async () => {
    const small = await fetch(`${testApp.baseUrl}/data/start`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(((await small.json()) as Envelope<StartAnswer>).data?.rufP).toBe(PROTOCOL_VERSION);

    const content = 'A long announcement. '.repeat(100);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO announcements (heading, content, type, auth) VALUES ('Compression check', $1, 'announcement', 'all') RETURNING id`,
      [content],
    );
    try {
      await eventually(async () => {
        const { body } = await call<StartAnswer>(testApp.baseUrl, '/data/start');
        expect(JSON.stringify(body.data)).toContain('Compression check');
      });
      for (const encoding of ['br', 'gzip']) {
        const large = await fetch(`${testApp.baseUrl}/data/start`, { headers: { 'accept-encoding': encoding } });
        expect(large.headers.get('content-encoding')).toBe(encoding);
        expect(large.headers.get('vary')).toContain('accept-encoding');
        const body = (await large.json()) as Envelope<StartAnswer>; // fetch decodes it
        expect(JSON.stringify(body.data)).toContain(content);
        expect(body.errors).toEqual([]);
      }
      const identity = await fetch(`${testApp.baseUrl}/data/start`, { headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers.get('content-encoding')).toBeNull();
      expect(await identity.text()).toContain(content);
    } finally {
      await db.query(`DELETE FROM announcements WHERE id = $1`, [rows[0].id]);
    }
  });
});

describe('POST /data/log_error', () => {
  it('stores a crash report with the user agent and answers empty data', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      json: { stacktrace: 'TypeError: boom\n  at App', url: 'http://localhost/home', type: 'client' },
      headers: { 'user-agent': 'IntegrationTest/1.0' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ data: null, errors: [], maintenance: false });
    const stored = await db.query(
      `SELECT stacktrace, url, type, user_agent, user_id FROM client_errors WHERE stacktrace LIKE 'TypeError: boom%'`,
    );
    expect(stored.rows).toEqual([
      {
        stacktrace: 'TypeError: boom\n  at App',
        url: 'http://localhost/home',
        type: 'client',
        user_agent: 'IntegrationTest/1.0',
        user_id: null,
      },
    ]);
  });

  it('refuses a report with missing and over-long fields with one error per field', async () => {
    const { status, body } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      json: { stacktrace: 'x', url: 'u'.repeat(3000) },
    });
    expect(status).toBe(400);
    expect(body.errors.map((error) => error.heading).sort()).toEqual(['Invalid type', 'Invalid url']);
  });

  it('treats SQL in a report as text', async () => {
    const injection = "'); DROP TABLE client_errors; --";
    const { status } = await call(testApp.baseUrl, '/data/log_error', {
      method: 'POST',
      json: { stacktrace: injection, url: injection, type: 'client' },
    });
    expect(status).toBe(200);
    const stored = await db.query('SELECT count(*)::int AS n FROM client_errors WHERE url = $1', [injection]);
    expect(stored.rows[0].n).toBe(1);
  });

  it('rate-limits a crash loop with 429 and a retry time', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await call(testApp.baseUrl, '/data/log_error', {
        method: 'POST',
        json: { stacktrace: `loop ${i}`, url: '/', type: 'client' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expect(last!.status).toBe(429);
    expect(last!.body.errors[0].message).toMatch(/try again in \d+ (second|minute)/);
  });
});
