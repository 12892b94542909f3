import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { SessionInfo, SignedInAccount } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import {
  accountTablesSnapshot,
  latestMail,
  logIn,
  setupLinkIn,
  signUp,
  startStatusWithSid,
  type TestMember,
} from '../support/accounts.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const testApp = useTestApp();
const { db } = testApp;

const browser = (headers: Record<string, string> = {}) => new TestBrowser(testApp.baseUrl, headers);
const withSid = (sid: string) => TestBrowser.withCookies(testApp.baseUrl, { sid });
const forgedToken = () => randomBytes(32).toString('base64url');

/** Every call that needs a signed-in member, with a payload that would be valid. */
const MEMBER_CALLS: { method: string; path: string; json?: unknown }[] = [
  { method: 'POST', path: ACCOUNT_ENDPOINTS.resendConfirmation, json: {} },
  { method: 'GET', path: ACCOUNT_ENDPOINTS.profile },
  { method: 'PUT', path: ACCOUNT_ENDPOINTS.profile, json: { first_name: 'Mallory' } },
  { method: 'POST', path: ACCOUNT_ENDPOINTS.picture, json: {} },
  { method: 'PUT', path: ACCOUNT_ENDPOINTS.password, json: { currentPassword: 'whatever1', newPassword: 'whatever2' } },
  { method: 'GET', path: ACCOUNT_ENDPOINTS.sessions },
  { method: 'DELETE', path: `${ACCOUNT_ENDPOINTS.sessions}/1` },
  { method: 'POST', path: ACCOUNT_ENDPOINTS.email, json: { newEmail: 'x@example.test', password: 'whatever1' } },
  { method: 'GET', path: ACCOUNT_ENDPOINTS.emailSettings },
  {
    method: 'PUT',
    path: ACCOUNT_ENDPOINTS.emailSettings,
    json: { account: true, notifications: false, campaigns: false, referrals: false, announcements: false, newsletter: false },
  },
  { method: 'GET', path: ACCOUNT_ENDPOINTS.onboardingPreferences },
  { method: 'PUT', path: ACCOUNT_ENDPOINTS.onboardingPreferences, json: { languages: ['en'], interests: [] } },
  { method: 'POST', path: ACCOUNT_ENDPOINTS.onboardingFinish, json: {} },
  {
    method: 'POST',
    path: ACCOUNT_ENDPOINTS.setupExistingUser,
    json: { username: 'taken_over', password: 'long enough password' },
  },
  { method: 'GET', path: ACCOUNT_ENDPOINTS.referrals },
];

describe('session fixation', () => {
  it('never adopts a session token the browser arrives with', async () => {
    const victim = await signUp(testApp.baseUrl, { username: 'fixation_victim' });
    const planted = forgedToken();

    // The victim's browser carries a token the attacker chose: it is no session, so the app says "session ended".
    const victimBrowser = withSid(planted);
    expect((await victimBrowser.get('/data/start')).status).toBe(406);

    victimBrowser.cookies.set('sid', planted);
    expect((await logIn(victimBrowser, victim.username, victim.password)).status).toBe(200);
    expect(victimBrowser.sid).toBeDefined();
    expect(victimBrowser.sid).not.toBe(planted);
    expect((await victimBrowser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(victim.id);

    // The attacker's copy of the planted value still leads nowhere.
    expect(await startStatusWithSid(testApp.baseUrl, planted)).toBe(406);
    expect((await withSid(planted).get(ACCOUNT_ENDPOINTS.sessions)).status).toBe(406);

    // Only hashes are stored: 32 bytes each, none equal to a cookie value.
    const { rows } = await db.query('SELECT token_hash FROM sessions WHERE user_id = $1', [victim.id]);
    for (const row of rows as { token_hash: Buffer }[]) {
      expect(row.token_hash).toHaveLength(32);
      expect(row.token_hash.equals(Buffer.from(victimBrowser.sid!))).toBe(false);
      expect(row.token_hash.equals(Buffer.from(planted))).toBe(false);
      expect(row.token_hash.toString('latin1')).not.toContain(victimBrowser.sid!);
    }
    const planted_hash = createHash('sha256').update(planted).digest();
    expect((await db.query('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1', [planted_hash])).rows[0].n).toBe(0);
    const text = JSON.stringify((await db.query('SELECT * FROM sessions')).rows);
    expect(text).not.toContain(victimBrowser.sid!);
  });

  it('also refuses a malformed session cookie with 406 rather than an error', async () => {
    for (const value of ['x', '%00%00', "' OR 1=1 --", 'a'.repeat(5000)]) {
      expect(await startStatusWithSid(testApp.baseUrl, value)).toBe(406);
    }
  });
});

describe('logging out and ending sessions', () => {
  let member: TestMember;
  let stolenSid: string;

  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'logout_user' });
  });

  it('revokes the session on the server: a copy of the cookie answers 406 everywhere afterwards', async () => {
    stolenSid = member.browser.sid!;
    expect((await member.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
    expect(member.browser.sid).toBeUndefined();
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user).toBeNull();

    const replay = await withSid(stolenSid).get<StartAnswer>('/data/start');
    expect(replay.status).toBe(406);
    expect(replay.body.data).toBeNull();
    expect(replay.body.errors[0].heading).toBe('Session ended');
    expect((await withSid(stolenSid).get(ACCOUNT_ENDPOINTS.sessions)).status).toBe(406);
    const { rows } = await db.query('SELECT revoked_at FROM sessions WHERE token_hash = $1', [
      createHash('sha256').update(stolenSid).digest(),
    ]);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
  });

  it('drops the dead cookie with the 406, so the next call is a visitor’s', async () => {
    const stolen = withSid(stolenSid);
    expect((await stolen.get('/data/start')).status).toBe(406);
    expect(stolen.sid).toBeUndefined();
    expect((await stolen.get('/data/start')).status).toBe(200);
  });

  it('answers every member call with 406 for a logged-out cookie, and changes nothing', async () => {
    const before = await accountTablesSnapshot(db);
    for (const { method, path, json } of MEMBER_CALLS) {
      const { status, body } = await withSid(stolenSid).call(path, { method, json });
      expect({ method, path, status }).toEqual({ method, path, status: 406 });
      expect(body.errors[0].heading).toBe('Session ended');
    }
    expect(await accountTablesSnapshot(db)).toEqual(before);
  });

  it('answers 406 for an expired session', async () => {
    const visitor = browser();
    await logIn(visitor, member.username, member.password);
    await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      createHash('sha256').update(visitor.sid!).digest(),
    ]);
    expect((await visitor.get('/data/start')).status).toBe(406);
  });

  it('slides the 30-day expiry forward when the session is used', async () => {
    const visitor = browser();
    await logIn(visitor, member.username, member.password);
    const hash = createHash('sha256').update(visitor.sid!).digest();
    await db.query(
      `UPDATE sessions SET expires_at = now() + interval '1 day', last_seen_at = now() - interval '1 hour' WHERE token_hash = $1`,
      [hash],
    );
    expect((await visitor.get('/data/start')).status).toBe(200);
    const { rows } = await db.query(
      `SELECT expires_at > now() + interval '29 days' AS slid, last_seen_at > now() - interval '1 minute' AS seen FROM sessions WHERE token_hash = $1`,
      [hash],
    );
    expect(rows[0]).toEqual({ slid: true, seen: true });
  });
});

describe('the sessions list', () => {
  let member: TestMember;
  let laptop: TestBrowser;
  let phone: TestBrowser;
  let other: TestMember;

  beforeAll(async () => {
    laptop = browser({ 'user-agent': CHROME_ON_LINUX });
    member = await signUp(testApp.baseUrl, { username: 'many_devices' }, laptop);
    phone = browser({ 'user-agent': FIREFOX_ON_WINDOWS });
    await logIn(phone, member.username, member.password);
    other = await signUp(testApp.baseUrl, { username: 'someone_else' });
  });

  it('lists the active sessions with their device, address and times, the current one flagged', async () => {
    const { status, body } = await laptop.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions);
    expect(status).toBe(200);
    const sessions = body.data!;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.device).sort()).toEqual(['Chrome on Linux', 'Firefox on Windows']);
    expect(sessions.filter((session) => session.current).map((session) => session.device)).toEqual(['Chrome on Linux']);
    for (const session of sessions) {
      expect(session.ip).toBe('127.0.0.1');
      expect(new Date(session.createdAt).toISOString()).toBe(session.createdAt);
      expect(new Date(session.lastSeenAt).toISOString()).toBe(session.lastSeenAt);
      expect(session).not.toHaveProperty('token_hash');
    }
    // Each session has its own random socket id.
    const laptopSocket = (await laptop.get<StartAnswer>('/data/start')).body.data?.user?.socketId;
    const phoneSocket = (await phone.get<StartAnswer>('/data/start')).body.data?.user?.socketId;
    expect(laptopSocket).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(phoneSocket).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(laptopSocket).not.toBe(phoneSocket);
    const fromPhone = await phone.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions);
    expect(fromPhone.body.data!.filter((session) => session.current).map((session) => session.device)).toEqual([
      'Firefox on Windows',
    ]);
  });

  it('refuses to end another user’s session with 404, and that session keeps working', async () => {
    const theirs = (await other.browser.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions)).body.data!;
    const { status, body } = await laptop.delete(`${ACCOUNT_ENDPOINTS.sessions}/${theirs[0].id}`);
    expect(status).toBe(404);
    expect(body.errors[0].heading).toBe('Not found');
    expect((await other.browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(other.id);
  });

  it('answers 404 for session ids that are not numbers or do not exist', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '1 OR 1=1', '%27%20OR%201%3D1']) {
      const { status } = await laptop.delete(`${ACCOUNT_ENDPOINTS.sessions}/${id}`);
      expect({ id, status }).toEqual({ id, status: 404 });
    }
  });

  it('ends another session of the same user: that browser then gets 406 on every call', async () => {
    const sessions = (await laptop.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions)).body.data!;
    const phoneSession = sessions.find((session) => !session.current)!;
    const phoneSid = phone.sid!;
    expect((await laptop.delete(`${ACCOUNT_ENDPOINTS.sessions}/${phoneSession.id}`)).status).toBe(200);

    expect((await phone.get('/data/start')).status).toBe(406);
    expect((await withSid(phoneSid).get(ACCOUNT_ENDPOINTS.profile)).status).toBe(406);
    const remaining = (await laptop.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions)).body.data!;
    expect(remaining.map((session) => session.current)).toEqual([true]);
    // Ending it twice: it no longer exists.
    expect((await laptop.delete(`${ACCOUNT_ENDPOINTS.sessions}/${phoneSession.id}`)).status).toBe(404);
  });

  it('ends the current session when asked, which logs this browser out', async () => {
    const current = (await laptop.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions)).body.data!.find((session) => session.current)!;
    expect((await laptop.delete(`${ACCOUNT_ENDPOINTS.sessions}/${current.id}`)).status).toBe(200);
    expect((await laptop.get('/data/start')).status).toBe(406);
  });
});

describe('the XHR marker (CSRF defence)', () => {
  it('refuses every state-changing account call without the marker with 403, and nothing changes', async () => {
    const member = await signUp(testApp.baseUrl, { username: 'csrf_target' });
    const second = browser();
    await logIn(second, member.username, member.password);
    const otherSession = (await member.browser.get<SessionInfo[]>(ACCOUNT_ENDPOINTS.sessions)).body.data!.find(
      (session) => !session.current,
    )!;
    const confirm = setupLinkIn((await latestMail(db, member.email))!.text_body);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();

    const calls: { method: string; path: string; json?: unknown; form?: boolean }[] = [
      {
        method: 'POST',
        path: ACCOUNT_ENDPOINTS.signup,
        json: { username: 'csrf_new', first_name: 'C', email: 'csrf_new@example.test', password: 'long enough password' },
      },
      { method: 'POST', path: ACCOUNT_ENDPOINTS.login, json: { login: member.username, password: member.password } },
      { method: 'POST', path: ACCOUNT_ENDPOINTS.logout, json: {} },
      { method: 'POST', path: ACCOUNT_ENDPOINTS.switchAccount, json: { userId: member.id } },
      { method: 'POST', path: ACCOUNT_ENDPOINTS.confirmEmail, json: confirm },
      { method: 'POST', path: ACCOUNT_ENDPOINTS.passwordResetRequest, json: { email: member.email } },
      {
        method: 'POST',
        path: ACCOUNT_ENDPOINTS.passwordReset,
        json: { token: '1.abcdefghijklmnopqrstuvwxyz', password: 'hijacked password' },
      },
      { method: 'DELETE', path: `${ACCOUNT_ENDPOINTS.sessions}/${otherSession.id}` },
      { method: 'POST', path: ACCOUNT_ENDPOINTS.picture, form: true },
      ...MEMBER_CALLS.filter(
        (call) => call.method !== 'GET' && !call.path.includes('/sessions/') && call.path !== ACCOUNT_ENDPOINTS.picture,
      ),
    ];
    const before = await accountTablesSnapshot(db);
    for (const { method, path, json, form } of calls) {
      const answer = form
        ? await member.browser.upload(path, 'picture', { bytes: png, name: 'me.png', type: 'image/png' }, { xhr: false })
        : await member.browser.call(path, { method, json, xhr: false });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 403 });
      expect(answer.body.errors[0].heading).toBe('Request refused');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(await accountTablesSnapshot(db)).toEqual(before);
    // Still signed in, in both browsers, with the old password.
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user?.first_name).toBe('Test');
    expect((await second.get<StartAnswer>('/data/start')).status).toBe(200);
  });
});

describe('calls for members only', () => {
  it('answers every member call from a visitor with 401 "Please log in"', async () => {
    for (const { method, path, json } of MEMBER_CALLS) {
      const { status, body } = await browser().call(path, { method, json });
      expect({ method, path, status }).toEqual({ method, path, status: 401 });
      expect(body.errors[0].heading).toBe('Please log in');
    }
  });

  it('answers a visitor’s account list with an empty list and a switch with 404', async () => {
    const accounts = await browser().get<SignedInAccount[]>(ACCOUNT_ENDPOINTS.accounts);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toEqual([]);
    expect((await browser().post(ACCOUNT_ENDPOINTS.switchAccount, { userId: 1 })).status).toBe(404);
  });
});

describe('several accounts in one browser (/login/multi)', () => {
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let aliceSid: string;
  let bobSid: string;

  beforeAll(async () => {
    [alice, bob, carol] = [
      await signUp(testApp.baseUrl, { username: 'multi_alice', first_name: 'Alice' }),
      await signUp(testApp.baseUrl, { username: 'multi_bob', first_name: 'Bob' }),
      await signUp(testApp.baseUrl, { username: 'multi_carol' }),
    ];
    aliceSid = alice.browser.sid!;
  });

  it('adds a second account without ending the first, and makes it the active one', async () => {
    const { status, headers } = await logIn(alice.browser, bob.username, bob.password, true);
    expect(status).toBe(200);
    bobSid = alice.browser.sid!;
    expect(bobSid).not.toBe(aliceSid);
    const others = headers.getSetCookie().find((cookie) => cookie.startsWith('sid_more='));
    expect(others).toMatch(/;\s*HttpOnly/i);
    expect(others).toMatch(/;\s*SameSite=Lax/i);
    expect((await alice.browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(bob.id);
    expect(await startStatusWithSid(testApp.baseUrl, aliceSid)).toBe(200);
  });

  it('lists both accounts with the active one marked', async () => {
    const { body } = await alice.browser.get<SignedInAccount[]>(ACCOUNT_ENDPOINTS.accounts);
    expect(body.data).toEqual([
      { id: bob.id, username: 'multi_bob', first_name: 'Bob', image: null, active: true },
      { id: alice.id, username: 'multi_alice', first_name: 'Alice', image: null, active: false },
    ]);
  });

  it('switches to the other account without a password', async () => {
    expect((await alice.browser.post(ACCOUNT_ENDPOINTS.switchAccount, { userId: alice.id })).status).toBe(200);
    expect((await alice.browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(alice.id);
    const { body } = await alice.browser.get<SignedInAccount[]>(ACCOUNT_ENDPOINTS.accounts);
    expect(body.data!.map((account) => [account.username, account.active])).toEqual([
      ['multi_alice', true],
      ['multi_bob', false],
    ]);
    // Member calls now act for Alice.
    expect((await alice.browser.get<{ username: string }>(ACCOUNT_ENDPOINTS.profile)).body.data?.username).toBe('multi_alice');
  });

  it('refuses to switch to an account that is not signed in here with 404, and to a malformed id with 400', async () => {
    const notHere = await alice.browser.post(ACCOUNT_ENDPOINTS.switchAccount, { userId: carol.id });
    expect(notHere.status).toBe(404);
    expect(notHere.body.errors[0].heading).toBe('Account not signed in');
    expect((await alice.browser.post(ACCOUNT_ENDPOINTS.switchAccount, { userId: 999_999 })).status).toBe(404);
    expect((await alice.browser.post(ACCOUNT_ENDPOINTS.switchAccount, { userId: 'multi_carol' })).status).toBe(400);
    expect((await alice.browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(alice.id);
  });

  it('cannot switch into an account by planting its user id: only session tokens this browser holds count', async () => {
    // Carol's own browser holds only her session; a forged sid_more value does not make Bob's account reachable.
    const forged = TestBrowser.withCookies(testApp.baseUrl, { sid: carol.browser.sid!, sid_more: forgedToken() });
    expect((await forged.post(ACCOUNT_ENDPOINTS.switchAccount, { userId: bob.id })).status).toBe(404);
    expect((await forged.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(carol.id);
  });

  it('logs out of every account of the browser at once', async () => {
    expect((await alice.browser.post(ACCOUNT_ENDPOINTS.logout)).status).toBe(200);
    expect(alice.browser.cookies.has('sid')).toBe(false);
    expect(alice.browser.cookies.has('sid_more')).toBe(false);
    expect(await startStatusWithSid(testApp.baseUrl, aliceSid)).toBe(406);
    expect(await startStatusWithSid(testApp.baseUrl, bobSid)).toBe(406);
    // Bob's own browser, signed in separately, is not affected.
    expect((await bob.browser.get<StartAnswer>('/data/start')).body.data?.user?.id).toBe(bob.id);
  });
});
