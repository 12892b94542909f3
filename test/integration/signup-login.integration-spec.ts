import { createHash } from 'node:crypto';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { latestMail, linkIn, logIn, setWebsiteSettings, signUp, startStatusWithSid } from '../support/accounts.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useTestApp();
const { db } = testApp;

const browser = () => new TestBrowser(testApp.baseUrl);
const userCount = async () => (await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;
const validSignup = (name: string) => ({
  username: name,
  first_name: 'Val',
  email: `${name}@example.test`,
  password: 'long enough password',
});

describe('signing up', () => {
  it('creates the account, signs the browser in with an httpOnly SameSite=Lax cookie, and /data/start returns the user', async () => {
    const visitor = browser();
    const signup = await visitor.post(ACCOUNT_ENDPOINTS.signup, {
      username: 'Alice_1',
      first_name: 'Alice',
      email: 'alice1@example.test',
      password: 'correct horse battery',
    });
    expect(signup.status).toBe(200);
    expect(signup.body).toEqual({ data: null, errors: [], maintenance: false });

    const sessionCookie = signup.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).toMatch(/;\s*Path=\//i);
    expect(sessionCookie).not.toMatch(/;\s*Secure/i); // plain http here; Secure behind https is in rate-limits.integration-spec
    expect(visitor.sid).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const { body } = await visitor.get<StartAnswer>('/data/start');
    const user = body.data!.user!;
    expect(user).toMatchObject({
      username: 'Alice_1',
      first_name: 'Alice',
      email: 'alice1@example.test',
      image: null,
      finishedGetStarted: false,
      emailConfirmed: false,
      needsSetup: false,
      isAdmin: false,
      announcements: [],
      currentTeam: null,
      multiAccounts: {},
    });
    expect(user.socketId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.data?.users).toEqual({ [user.id]: { u: 'Alice_1' } });
  });

  it('mails a confirmation link to /setup and the link to the email settings', async () => {
    const mail = await latestMail(db, 'alice1@example.test');
    expect(mail?.subject).toBe('Confirm your email address');
    expect(linkIn(mail!.text_body, '/setup/')).toMatch(/^\/setup\/\d+\/[A-Za-z0-9_-]{20,}$/);
    expect(linkIn(mail!.text_body, '/settings/emailSettings')).toMatch(/^\/settings\/emailSettings\?u=\d+&sig=[A-Za-z0-9_-]+$/);
    // The HTML part carries the same links.
    expect(mail!.html_body).toMatch(/href="http[^"]+\/setup\/\d+\/[A-Za-z0-9_-]+"/);
    expect(mail!.html_body).toMatch(/href="http[^"]+\/settings\/emailSettings\?u=\d+&amp;sig=/);
  });

  it('keeps the password only as an argon2id hash with at least OWASP’s parameters', async () => {
    const { rows } = await db.query(`SELECT password_hash FROM users WHERE username = 'Alice_1'`);
    const [, parameters] = /^\$argon2id\$v=19\$([^$]+)\$/.exec(rows[0].password_hash) ?? [];
    const { m, t, p } = Object.fromEntries(parameters.split(',').map((pair: string) => pair.split('=')));
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(rows[0].password_hash).not.toContain('correct horse battery');
  });

  it('names every invalid field in its own 400 error', async () => {
    const before = await userCount();
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {
      username: 'a!',
      first_name: '   ',
      email: 'not-an-email',
      password: 'short',
    });
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.errors.map((error) => error.heading).sort()).toEqual([
      'Invalid email',
      'Invalid first_name',
      'Invalid password',
      'Invalid username',
    ]);
    for (const error of body.errors) expect(error.message.length).toBeGreaterThan(5);
    expect(await userCount()).toBe(before);
  });

  it('refuses the reserved profile codes u and g as a username, saying so on the username field', async () => {
    const before = await userCount();
    for (const username of ['u', 'G']) {
      const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {
        username,
        first_name: 'Reserved',
        email: `reserved_${username}@example.test`,
        password: 'long enough password',
      });
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        expect.objectContaining({
          code: 'validation',
          field: 'username',
          message: 'This name is reserved. Please choose another one.',
        }),
      ]);
    }
    expect(await userCount()).toBe(before);
  });

  it('names every missing field when the form is sent empty', async () => {
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {});
    expect(status).toBe(400);
    expect(body.errors.map((error) => error.heading).sort()).toEqual([
      'Invalid email',
      'Invalid first_name',
      'Invalid password',
      'Invalid username',
    ]);
  });

  it('refuses fields of the wrong type with 400, not a server error', async () => {
    for (const payload of [
      { username: ['Alice_1'], first_name: { $ne: '' }, email: 42, password: true },
      [],
      'username=x',
      null,
    ]) {
      const { status } = await browser().post(ACCOUNT_ENDPOINTS.signup, payload);
      expect(status).toBe(400);
    }
  });

  it('refuses a username taken in another case with 409 naming the username', async () => {
    const before = await userCount();
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {
      ...validSignup('alice_1'),
      email: 'someone-else@example.test',
    });
    expect(status).toBe(409);
    expect(body.errors).toEqual([
      { code: 'conflict', field: 'username', heading: 'Invalid username', message: expect.stringContaining('taken') },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses an email address already in use, in any case, with 409 naming the email', async () => {
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {
      ...validSignup('Other_Name'),
      email: 'ALICE1@Example.TEST',
    });
    expect(status).toBe(409);
    expect(body.errors).toEqual([
      expect.objectContaining({ code: 'conflict', field: 'email', heading: 'Invalid email', link: '/password/reset' }),
    ]);
  });

  it('names both fields when the username and the email are both taken', async () => {
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {
      ...validSignup('ALICE_1'),
      email: 'alice1@example.test',
    });
    expect(status).toBe(409);
    expect(body.errors.map((error) => error.heading).sort()).toEqual(['Invalid email', 'Invalid username']);
  });

  it('refuses every signup with 403 while signups are closed, and creates no user', async () => {
    await setWebsiteSettings(db, testApp.baseUrl, { signups: false });
    try {
      const visitor = browser();
      const { status, body } = await visitor.post(ACCOUNT_ENDPOINTS.signup, validSignup('closed_door'));
      expect(status).toBe(403);
      expect(body.errors[0].heading).toBe('Signups are closed');
      expect(visitor.sid).toBeUndefined();
      const { rows } = await db.query(`SELECT id FROM users WHERE lower(username) = 'closed_door'`);
      expect(rows).toEqual([]);
      expect(await latestMail(db, 'closed_door@example.test')).toBeUndefined();
    } finally {
      await setWebsiteSettings(db, testApp.baseUrl, { signups: true });
    }
    // Open again: the same signup goes through.
    expect((await browser().post(ACCOUNT_ENDPOINTS.signup, validSignup('closed_door'))).status).toBe(200);
  });
});

describe('hostile input on signup and login', () => {
  const injections = [
    "x'; DROP TABLE users; --",
    "' OR '1'='1",
    "admin'--",
    '"; DELETE FROM sessions; --',
    "1; UPDATE users SET role='admin'",
    '\\x00\\',
  ];

  it('refuses SQL injection as a username or an email address with 400 and leaves the users table intact', async () => {
    const before = await db.query('SELECT id, username, email, role, password_hash FROM users ORDER BY id');
    for (const injection of injections) {
      for (const field of ['username', 'email'] as const) {
        const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, {
          ...validSignup('inj_victim'),
          [field]: injection,
        });
        expect(status).toBe(400);
        expect(body.errors.map((error) => error.heading)).toEqual([`Invalid ${field}`]);
      }
    }
    const after = await db.query('SELECT id, username, email, role, password_hash FROM users ORDER BY id');
    expect(after.rows).toEqual(before.rows);
    const tables = await db.query(`SELECT to_regclass('users') AS users, to_regclass('sessions') AS sessions`);
    expect(tables.rows[0]).toEqual({ users: 'users', sessions: 'sessions' });
  });

  it('stores SQL in a first name, an email address and a password as plain text', async () => {
    const before = await userCount();
    const hostile = { first_name: "x'); DROP TABLE users; --", email: "o'reilly'or'1@example.test", password: "' OR '1'='1' --" };
    const member = await signUp(testApp.baseUrl, { username: 'inj_text', ...hostile });
    const { rows } = await db.query('SELECT first_name, email FROM users WHERE id = $1', [member.id]);
    expect(rows[0]).toEqual({ first_name: hostile.first_name, email: hostile.email });
    expect(await userCount()).toBe(before + 1);
    // The password is only a password: it logs this account in, and nothing else.
    expect((await logIn(browser(), hostile.email, hostile.password)).status).toBe(200);
  });

  it('escapes HTML in a first name in the HTML part of the mail', async () => {
    const member = await signUp(testApp.baseUrl, { username: 'html_name', first_name: '<img src=x onerror=alert(1)>' });
    const mail = (await latestMail(db, member.email))!;
    expect(mail.html_body).not.toContain('<img src=x');
    expect(mail.html_body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers 10 000-character strings in every signup field with 400 and stores nothing', async () => {
    const before = await userCount();
    const long = 'a'.repeat(10_000);
    for (const field of ['username', 'first_name', 'email', 'password'] as const) {
      const value = field === 'email' ? `${long}@example.test` : long;
      const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, { ...validSignup('long_one'), [field]: value });
      expect(status).toBe(400);
      expect(body.errors.map((error) => error.heading)).toEqual([`Invalid ${field}`]);
    }
    expect(await userCount()).toBe(before);
  });

  it('answers a NUL character in any signup field with 400 (PostgreSQL text cannot hold it), never 500', async () => {
    const before = await userCount();
    for (const field of ['username', 'first_name', 'email', 'password'] as const) {
      const payload = validSignup('nul_name');
      const value = field === 'email' ? 'nul\u0000name@example.test' : `${payload[field]}\u0000x`;
      const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.signup, { ...payload, [field]: value });
      expect({ field, status }).toEqual({ field, status: 400 });
      expect(body.errors.map((error) => error.heading)).toEqual([`Invalid ${field}`]);
    }
    expect(await userCount()).toBe(before);
  });

  it('logs nobody in with SQL injection as the login, and answers like any wrong login', async () => {
    for (const injection of injections.slice(0, 3)) {
      const visitor = browser();
      const { status, body } = await logIn(visitor, injection, injection);
      expect(status).toBe(400);
      expect(body.errors[0].heading).toBe('Login failed');
      expect(visitor.sid).toBeUndefined();
    }
  });

  it('answers 10 000-character logins and passwords with 400 naming the field', async () => {
    const long = 'b'.repeat(10_000);
    const tooLongLogin = await logIn(browser(), long, 'whatever password');
    expect(tooLongLogin.status).toBe(400);
    expect(tooLongLogin.body.errors.map((error) => error.heading)).toEqual(['Invalid login']);
    const tooLongPassword = await logIn(browser(), 'alice_1', long);
    expect(tooLongPassword.status).toBe(400);
    expect(tooLongPassword.body.errors.map((error) => error.heading)).toEqual(['Invalid password']);
  });

  it('answers a login or password containing a NUL character with 400, never 500', async () => {
    const visitor = browser();
    expect((await logIn(visitor, 'Alice_1\u0000', 'correct horse battery')).status).toBe(400);
    expect((await logIn(visitor, 'Alice_1', 'correct horse battery\u0000')).status).toBe(400);
    expect(visitor.sid).toBeUndefined();
  });
});

describe('logging in', () => {
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'LoginCase', email: 'Login.Case@Example.test' });
  });

  it('accepts the username or the email address in any case', async () => {
    for (const login of ['LOGINCASE', '  LOGIN.CASE@EXAMPLE.TEST  ']) {
      const visitor = browser();
      const { status } = await logIn(visitor, login, member.password);
      expect(status).toBe(200);
      expect((await visitor.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(member.id);
    }
  });

  it('gives the same answer for a wrong password and for an unknown user', async () => {
    const wrongPassword = await logIn(browser(), member.username, 'not the password');
    const unknownUser = await logIn(browser(), 'nobody_here_at_all', 'not the password');
    const unknownEmail = await logIn(browser(), 'nobody@example.test', 'not the password');
    expect(wrongPassword.status).toBe(400);
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.headers.getSetCookie().some((cookie) => cookie.startsWith('sid=') && !/sid=;/.test(cookie))).toBe(false);
  });

  it('gives a new session token at every login, never one the browser already had', async () => {
    const visitor = browser();
    await logIn(visitor, member.username, member.password);
    const first = visitor.sid;
    await logIn(visitor, member.username, member.password);
    expect(visitor.sid).not.toBe(first);
    // The replaced session is revoked on the server.
    expect(await startStatusWithSid(testApp.baseUrl, first!)).toBe(406);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const visitor = browser();
    await logIn(visitor, member.username, member.password);
    const { rows } = await db.query('SELECT token_hash FROM sessions WHERE token_hash = $1', [
      createHash('sha256').update(visitor.sid!).digest(),
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('brute force on one account', () => {
  it('locks the account after 5 wrong passwords: even the right one then gets 429 "try again in N minutes"', async () => {
    const victim = await signUp(testApp.baseUrl, { username: 'brute_victim' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { status, body } = await logIn(browser(), victim.username, `guess number ${attempt}`);
      expect(status).toBe(400);
      expect(body.errors[0].heading).toBe('Login failed');
    }
    const attacker = browser();
    const locked = await logIn(attacker, victim.username, victim.password);
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].message).toMatch(/try again in (1[0-5]|[1-9]) minutes?/);
    expect(locked.body.errors[0].link).toBe('/password/reset');
    expect(attacker.sid).toBeUndefined();
    // By email too: the lock is on the account, not on the spelling.
    expect((await logIn(browser(), victim.email, victim.password)).status).toBe(429);

    // The lock is per account: another account logs in from the same address.
    expect((await logIn(browser(), 'Alice_1', 'correct horse battery')).status).toBe(200);
    // The victim's existing session is not affected.
    expect((await victim.browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(victim.id);

    // When the lock has run out, the right password works again and the counter starts over.
    await db.query(`UPDATE users SET locked_until = now() - interval '1 second' WHERE id = $1`, [victim.id]);
    expect((await logIn(browser(), victim.username, victim.password)).status).toBe(200);
    const { rows } = await db.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [victim.id]);
    expect(rows[0]).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('does not lock an account after fewer than 5 wrong passwords, and a success resets the count', async () => {
    const member = await signUp(testApp.baseUrl, { username: 'four_misses' });
    for (let attempt = 0; attempt < 4; attempt++) await logIn(browser(), member.username, 'wrong wrong wrong');
    expect((await db.query('SELECT failed_logins FROM users WHERE id = $1', [member.id])).rows[0].failed_logins).toBe(4);
    expect((await logIn(browser(), member.username, member.password)).status).toBe(200);
    expect((await db.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [member.id])).rows[0]).toEqual({
      failed_logins: 0,
      locked_until: null,
    });
  });
});

describe('the XHR marker on signup and login', () => {
  it('refuses a signup without the marker with 403 and creates no user', async () => {
    const before = await userCount();
    const visitor = browser();
    const { status, body } = await visitor.call(ACCOUNT_ENDPOINTS.signup, {
      method: 'POST',
      json: validSignup('csrf_signup'),
      xhr: false,
    });
    expect(status).toBe(403);
    expect(body.errors[0].heading).toBe('Request refused');
    expect(visitor.sid).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('refuses a login without the marker with 403 and sets no cookie', async () => {
    const visitor = browser();
    const { status, headers } = await visitor.call(ACCOUNT_ENDPOINTS.login, {
      method: 'POST',
      json: { login: 'LoginCase', password: 'correct horse battery' },
      xhr: false,
    });
    expect(status).toBe(403);
    expect(headers.getSetCookie()).toEqual([]);
    expect(visitor.sid).toBeUndefined();
  });

  it('refuses a cross-site form post (urlencoded, no marker) with 403', async () => {
    const { status } = await browser().call(ACCOUNT_ENDPOINTS.login, {
      method: 'POST',
      body: 'login=LoginCase&password=correct+horse+battery',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xhr: false,
    });
    expect(status).toBe(403);
  });
});
