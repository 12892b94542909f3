import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { Envelope } from '../../shared/api/envelope.js';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { XHR_HEADER, XHR_HEADER_VALUE } from '../../shared/api/headers.js';
import { REFERRAL_COOKIE } from '../../shared/referrals/referral.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { captureErrorLog } from '../support/error-log.js';
import { humanClick, surfer } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * Input that once reached a 500 or an answer outside the envelope, each refused where it is
 * read: by the shared schemas (NUL, lone surrogates), the signup's reading of the referral
 * cookie, the upload reader, the router and Node's HTTP parser. None of it is logged as an error.
 */
let member: TestMember;
const errorLog = captureErrorLog();
const testApp = useTestApp({}, { afterEach: async () => expect(errorLog.lines.splice(0)).toEqual([]) });
const { db } = testApp;

beforeAll(async () => {
  member = await signUp(testApp.baseUrl);
});

afterAll(() => errorLog.stop());

function refusal(body: Envelope<unknown>) {
  return body.errors.map(({ code, field }) => (field ? { code, field } : { code }));
}

describe('a referral cookie with text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL', 'https://blog.example/\u0000'],
    ['a lone high surrogate', 'https://blog.example/\ud800'],
    ['a lone low surrogate', '\udfff'],
  ])('holding %s is ignored: the signup succeeds without a referrer and the cookie is cleared', async (_name, referer) => {
    const capture = { from: member.username, referwebsite: { HTTP_REFERER: referer, REQUEST_URI: '', href: '', docref: '' } };
    const browser = TestBrowser.withCookies(testApp.baseUrl, { [REFERRAL_COOKIE]: encodeURIComponent(JSON.stringify(capture)) });
    const newcomer = await signUp(testApp.baseUrl, {}, browser);
    const { rows } = await db.query('SELECT referrer_id, referral_source FROM users WHERE id = $1', [newcomer.id]);
    expect(rows[0]).toEqual({ referrer_id: null, referral_source: null });
    expect(browser.cookies.has(REFERRAL_COOKIE)).toBe(false);
  });
});

describe('text fields', () => {
  it('refuse NUL and lone surrogates with a validation error naming the field', async () => {
    for (const first_name of ['Al\u0000ice', 'Alice\ud800']) {
      const { status, body } = await new TestBrowser(testApp.baseUrl).post('/data/auth/signup', {
        username: `nul${Date.now().toString(36)}`,
        first_name,
        email: `nul${Date.now()}@example.test`,
        password: 'correct horse battery',
      });
      expect({ status, errors: refusal(body) }).toEqual({
        status: 400,
        errors: [{ code: ErrorCode.Validation, field: 'first_name' }],
      });
    }
  });

  it('refuse a NUL in the answer of a surf challenge: surf:claim answers validation, nothing is logged', async () => {
    const viewer = await surfer(testApp.baseUrl);
    const answer = await viewer.tab.socket
      .timeout(3000)
      .emitWithAck('surf:claim', { ticketId: randomUUID(), telemetry: humanClick(), code: 'AB\u000012' });
    expect(answer).toEqual({ error: { code: ErrorCode.Validation, message: expect.any(String) } });
  });
});

describe('uploads that cannot be read', () => {
  const BOUNDARY = 'surfexTestBoundary';
  const part = (field: string, content: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  const whole = (field: string) => `${part(field, 'not really a picture')}--${BOUNDARY}--\r\n`;

  const cases = (field: string): [string, string, string, { code: string; field?: string }][] => [
    ['without a boundary', 'multipart/form-data', whole(field), { code: ErrorCode.BadRequest }],
    [
      'that is JSON',
      `multipart/form-data; boundary=${BOUNDARY}`,
      JSON.stringify({ [field]: 'x' }),
      { code: ErrorCode.BadRequest },
    ],
    ['cut short', `multipart/form-data; boundary=${BOUNDARY}`, whole(field).slice(0, 60), { code: ErrorCode.BadRequest }],
    ['with another boundary', 'multipart/form-data; boundary=other', whole(field), { code: ErrorCode.BadRequest }],
    [
      'with the file under another name',
      `multipart/form-data; boundary=${BOUNDARY}`,
      whole('other'),
      { code: ErrorCode.Validation, field },
    ],
  ];

  for (const [path, field] of [
    ['/data/posts/images', 'image'],
    ['/data/settings/picture', 'picture'],
  ]) {
    it.each(cases(field))(`POST ${path}: form data %s is a 400`, async (_name, contentType, payload, expected) => {
      const { status, body } = await member.browser.call(path, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': contentType },
      });
      expect({ status, errors: refusal(body) }).toEqual({ status: 400, errors: [expected] });
    });

    it(`POST ${path}: a file over 5 MB is a 413, and JSON instead of form data a 415`, async () => {
      const tooLarge = await member.browser.upload(path, field, {
        bytes: new Uint8Array(5 * 1024 * 1024 + 1),
        name: 'a.png',
        type: 'image/png',
      });
      expect({ status: tooLarge.status, errors: refusal(tooLarge.body) }).toEqual({
        status: 413,
        errors: [{ code: ErrorCode.PayloadTooLarge }],
      });
      const json = await member.browser.post(path, { [field]: 'x' });
      expect({ status: json.status, errors: refusal(json.body) }).toEqual({
        status: 415,
        errors: [{ code: ErrorCode.UnsupportedMediaType }],
      });
    });
  }
});

describe('addresses the router cannot route', () => {
  it.each([
    ['a path parameter that is not UTF-8 (%ff)', '/data/notifications/%ff/read', 400, ErrorCode.BadRequest],
    ['a path parameter of an encoded lone surrogate', '/data/announcements/%ED%A0%80/dismiss', 400, ErrorCode.BadRequest],
    ['a path parameter longer than 100 characters', `/data/campaigns/${'1'.repeat(101)}/pause`, 414, ErrorCode.UriTooLong],
  ])('%s answers the envelope with its code', async (_name, path, status, code) => {
    const response = await fetch(`${testApp.baseUrl}${path}`, { method: 'POST', headers: { [XHR_HEADER]: XHR_HEADER_VALUE } });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({
      data: null,
      errors: [{ code, heading: expect.any(String), message: expect.any(String) }],
      maintenance: false,
    });
  });
});

describe('requests the HTTP parser refuses', () => {
  it('headers over the limit (a browser with too many cookies) answer 431 headers_too_large in the envelope', async () => {
    const response = await fetch(`${testApp.baseUrl}/data/start`, { headers: { cookie: `big=${'x'.repeat(20_000)}` } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      data: null,
      errors: [{ code: ErrorCode.HeadersTooLarge, heading: expect.any(String), message: expect.any(String) }],
      maintenance: false,
    });
  });

  it('a request that is not HTTP answers 400 bad_request in the envelope', async () => {
    const { port } = new URL(testApp.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(body)).toEqual({
      data: null,
      errors: [{ code: ErrorCode.BadRequest, heading: expect.any(String), message: expect.any(String) }],
      maintenance: false,
    });
  });
});
