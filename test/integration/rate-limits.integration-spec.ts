import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import { logIn, signUp } from '../support/accounts.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * The per-address limits at their real size (factor 1), on an app behind a proxy (TRUST_PROXY),
 * so each test can come from an address of its own through X-Forwarded-For.
 */
const testApp = useTestApp({ rateLimitFactor: 1, trustProxy: ['127.0.0.1'] });
const { db } = testApp;

const from = (ip: string, headers: Record<string, string> = {}) =>
  new TestBrowser(testApp.baseUrl, { 'x-forwarded-for': ip, ...headers });
const userCount = async () => (await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;

describe('per-address limits', () => {
  it('throttles password guessing from one address on /data/auth/login with 429, Retry-After and "try again in N minutes"', async () => {
    const member = await signUp(testApp.baseUrl, { username: 'guessed_at' }, from('198.51.100.1'));
    const attacker = from('203.0.113.7');
    const statuses: number[] = [];
    let last;
    // Many accounts, one guess each: the per-account lock never triggers, the per-address limit does.
    for (let guess = 0; guess < 25 && last?.status !== 429; guess++) {
      last = await logIn(attacker, `someone_${guess}`, 'password123');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(last!.status).toBe(429);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(last!.body.errors[0].message).toMatch(/try again in \d+ minutes?/);

    // From that address even the right password is refused until the window ends.
    const refused = await logIn(attacker, member.username, member.password);
    expect(refused.status).toBe(429);
    expect(attacker.sid).toBeUndefined();

    // Another address is not affected.
    expect((await logIn(from('198.51.100.2'), member.username, member.password)).status).toBe(200);
  });

  it('throttles signups from one address, and the refused signup creates no user', async () => {
    const spammer = from('203.0.113.8');
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await spammer.post(ACCOUNT_ENDPOINTS.signup, { username: 'x' })).status).toBe(400);
    }
    const before = await userCount();
    const refused = await spammer.post(ACCOUNT_ENDPOINTS.signup, {
      username: 'spam_bot',
      first_name: 'S',
      email: 'spam@example.test',
      password: 'long enough password',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.errors[0].message).toMatch(/try again in \d+ minutes?/);
    expect(await userCount()).toBe(before);
  });

  it('throttles password-reset requests from one address', async () => {
    const client = from('203.0.113.9');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: `nobody${attempt}@example.test` })).status).toBe(
        200,
      );
    }
    const refused = await client.post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: 'nobody@example.test' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].message).toMatch(/try again in \d+ minutes?/);
    // Guessing reset tokens counts against the same kind of limit.
    const guesser = from('203.0.113.10');
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess++) {
      statuses.push(
        (
          await guesser.post(ACCOUNT_ENDPOINTS.passwordReset, {
            token: `${guess + 1}.abcdefghijklmnopqrstuvwxyz`,
            password: 'new password here',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
});

describe('cookies behind an https proxy', () => {
  it('marks the session cookie Secure when the site is served over https', async () => {
    const secure = from('198.51.100.3', { 'x-forwarded-proto': 'https' });
    const { status, headers } = await secure.post(ACCOUNT_ENDPOINTS.signup, {
      username: 'https_user',
      first_name: 'H',
      email: 'https@example.test',
      password: 'long enough password',
    });
    expect(status).toBe(200);
    const cookie = headers.getSetCookie().find((header) => header.startsWith('sid='));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });
});
