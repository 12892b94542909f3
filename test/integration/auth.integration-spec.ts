import pg from 'pg';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { latestMail, signUp } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

let testApp: TestApp;
let db: pg.Client;

beforeAll(async () => {
  testApp = await startTestApp({ rateLimitFactor: 50 });
  db = new pg.Client({ connectionString: testApp.database.url });
  await db.connect();
});

afterAll(async () => {
  await db.end();
  await testApp.close();
});

describe('signup and the session', () => {
  it('signs a member up, logs them in, and /data/start returns them', async () => {
    const member = await signUp(testApp.baseUrl, { username: 'Alice_1', first_name: 'Alice' });
    const { body } = await member.browser.get<StartAnswer>('/data/start');
    expect(body.data?.user).toMatchObject({
      id: member.id,
      username: 'Alice_1',
      first_name: 'Alice',
      email: member.email,
      finishedGetStarted: false,
      emailConfirmed: false,
      isAdmin: false,
      announcements: [],
      currentTeam: null,
      multiAccounts: {},
    });
    expect(body.data?.user?.socketId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.data?.users).toEqual({ [member.id]: { u: 'Alice_1' } });
    const mail = await latestMail(db, member.email);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.text_body).toMatch(/\/setup\/\d+\/[A-Za-z0-9_-]+/);
    expect(mail?.text_body).toMatch(/\/settings\/emailSettings\?u=\d+&sig=/);
  });

  it('keeps the password only as an argon2id hash', async () => {
    const member = await signUp(testApp.baseUrl);
    const { rows } = await db.query('SELECT password_hash FROM users WHERE id = $1', [member.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(rows[0].password_hash).not.toContain(member.password);
  });

  it('refuses a username taken in another case, naming the field', async () => {
    await signUp(testApp.baseUrl, { username: 'CaseName' });
    const { status, body } = await new TestBrowser(testApp.baseUrl).post(ACCOUNT_ENDPOINTS.signup, {
      username: 'casename',
      first_name: 'X',
      email: 'other-casename@example.test',
      password: 'long enough password',
    });
    expect(status).toBe(409);
    expect(body.errors).toEqual([{ heading: 'Invalid username', message: expect.stringContaining('taken') }]);
  });

  it('logs out: the session is revoked on the server, and its cookie answers 406 afterwards', async () => {
    const member = await signUp(testApp.baseUrl);
    const stolen = new TestBrowser(testApp.baseUrl);
    stolen.cookies.set('sid', member.browser.cookies.get('sid')!);
    expect((await member.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
    expect(member.browser.cookies.has('sid')).toBe(false);
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user).toBeNull();
    const replay = await stolen.get<StartAnswer>('/data/start');
    expect(replay.status).toBe(406);
    expect(replay.body.data).toBeNull();
    // The dead cookie is dropped, so the next call is a visitor's rather than another 406.
    expect(stolen.cookies.has('sid')).toBe(false);
    expect((await stolen.get<StartAnswer>('/data/start')).status).toBe(200);
  });

  it('logs in with username or email, case-insensitively', async () => {
    const member = await signUp(testApp.baseUrl);
    for (const login of [member.username.toUpperCase(), member.email]) {
      const browser = new TestBrowser(testApp.baseUrl);
      expect((await browser.post(ACCOUNT_ENDPOINTS.login, { login, password: member.password })).status).toBe(200);
      expect((await browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(member.id);
    }
  });
});
