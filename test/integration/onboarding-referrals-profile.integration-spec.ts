import { createHash, randomBytes } from 'node:crypto';
import type { Paged, ProfileAnswer, ReferralRow, TokenLinkAnswer } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { OnboardingPreferencesPayload } from '../../shared/accounts/account.schemas.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { latestMail, logIn, mailCount, signUp, type TestMember } from '../support/accounts.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useTestApp();
const { db } = testApp;
let alice: TestMember;

beforeAll(async () => {
  alice = await signUp(testApp.baseUrl, { username: 'alice', first_name: 'Alice' });
});

const visitor = () => new TestBrowser(testApp.baseUrl);
const startUser = async (b: TestBrowser) => (await b.get<StartAnswer>('/data/start')).body.data?.user;

/** The referral cookie exactly as the client's ReferralCaptureEffect writes it. */
function referralCookie(
  from: string,
  referwebsite: Partial<{ HTTP_REFERER: string; REQUEST_URI: string; href: string; docref: string }> = {},
): string {
  return encodeURIComponent(
    JSON.stringify({
      from,
      referwebsite: {
        HTTP_REFERER: 'https://blog.example/post',
        REQUEST_URI: '/x',
        href: `http://site/?dem_rf0=${from}`,
        docref: '',
        ...referwebsite,
      },
    }),
  );
}

async function signUpReferred(username: string, cookie: string) {
  const browser = TestBrowser.withCookies(testApp.baseUrl, { dem_rf0: cookie });
  const answer = await browser.post(ACCOUNT_ENDPOINTS.signup, {
    username,
    first_name: 'Ref',
    email: `${username}@example.test`,
    password: 'long enough password',
  });
  const { rows } = await db.query('SELECT referrer_id, referral_source FROM users WHERE username = $1', [username]);
  return {
    answer,
    browser,
    row: rows[0] as { referrer_id: number | null; referral_source: Record<string, string> | null } | undefined,
  };
}

describe('onboarding (/getStarted)', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'newcomer' });
  });

  it('starts with empty preferences and saves languages and interests (interests deduplicated, lower case)', async () => {
    expect((await member.browser.get<OnboardingPreferencesPayload>(ACCOUNT_ENDPOINTS.onboardingPreferences)).body.data).toEqual({
      languages: [],
      interests: [],
    });
    const saved = await member.browser.put(ACCOUNT_ENDPOINTS.onboardingPreferences, {
      languages: ['en', 'de', 'en'],
      interests: ['Cooking', 'cooking', ' Travel '],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toBeNull();
    const { body } = await member.browser.get<OnboardingPreferencesPayload>(ACCOUNT_ENDPOINTS.onboardingPreferences);
    expect(body.data).toEqual({ languages: ['en', 'de'], interests: ['cooking', 'travel'] });
  });

  it('refuses an unknown language code with 400 and keeps the saved preferences', async () => {
    for (const languages of [['xx'], ['en', 'zz'], ['english'], ["' OR 1=1"], Array(21).fill('en')]) {
      const { status, body } = await member.browser.put(ACCOUNT_ENDPOINTS.onboardingPreferences, { languages, interests: [] });
      expect({ languages: languages.slice(0, 2), status }).toEqual({ languages: languages.slice(0, 2), status: 400 });
      expect(body.errors[0].heading).toMatch(/^Invalid languages/);
    }
    expect(
      (await member.browser.get<OnboardingPreferencesPayload>(ACCOUNT_ENDPOINTS.onboardingPreferences)).body.data?.languages,
    ).toEqual(['en', 'de']);
  });

  it('refuses over-long or too many interests with 400, and a NUL character too, never 500', async () => {
    for (const interests of [
      ['x'.repeat(31)],
      Array.from({ length: 21 }, (_, i) => `topic${i}`),
      ['a'.repeat(10_000)],
      ['bad\u0000topic'],
    ]) {
      const { status } = await member.browser.put(ACCOUNT_ENDPOINTS.onboardingPreferences, { languages: [], interests });
      expect(status).toBe(400);
    }
  });

  it('marks the onboarding finished', async () => {
    expect((await startUser(member.browser))?.finishedGetStarted).toBe(false);
    const { status } = await member.browser.post(ACCOUNT_ENDPOINTS.onboardingFinish);
    expect(status).toBe(200);
    expect((await startUser(member.browser))?.finishedGetStarted).toBe(true);
  });

  it('refuses /setupExistingUser for an account that signed up normally with 409', async () => {
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.setupExistingUser, {
      username: 'hijacked_name',
      password: 'long enough password',
    });
    expect(status).toBe(409);
    expect(body.errors[0].heading).toBe('Already set up');
    expect((await startUser(member.browser))?.username).toBe('newcomer');
  });
});

describe('an account created for someone else (/setupExistingUser)', () => {
  let invited: TestBrowser;
  let invitedId: number;

  it('logs the invited person in through the invite link and asks them to set up the account', async () => {
    const { rows } = await db.query(
      `INSERT INTO users (username, first_name, email, password_hash, needs_setup) VALUES ('imported_7', 'Ivy', 'ivy@example.test', NULL, true) RETURNING id`,
    );
    invitedId = rows[0].id;
    const secret = randomBytes(32).toString('base64url');
    const token = await db.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, 'invite', $2, now() + interval '7 days') RETURNING id`,
      [invitedId, createHash('sha256').update(secret).digest()],
    );
    invited = visitor();
    const { status, body } = await invited.post<TokenLinkAnswer>(ACCOUNT_ENDPOINTS.confirmEmail, {
      id: token.rows[0].id,
      code: secret,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ outcome: 'invite_accepted', redirectTo: '/setupExistingUser' });
    expect(await startUser(invited)).toMatchObject({ id: invitedId, needsSetup: true, emailConfirmed: true });
  });

  it('keeps the account off public profiles and out of onboarding until it is set up', async () => {
    expect((await visitor().get(`${ACCOUNT_ENDPOINTS.publicProfile}/imported_7`)).status).toBe(404);
    const finish = await invited.post(ACCOUNT_ENDPOINTS.onboardingFinish);
    expect(finish.status).toBe(409);
    expect(finish.body.errors[0].link).toBe('/setupExistingUser');
  });

  it('cannot be logged into before a password is set', async () => {
    expect((await logIn(visitor(), 'imported_7', '')).status).toBe(400);
    expect((await logIn(visitor(), 'ivy@example.test', 'any password at all')).status).toBe(400);
  });

  it('refuses a taken username with 409 and an invalid one with 400', async () => {
    const taken = await invited.post(ACCOUNT_ENDPOINTS.setupExistingUser, {
      username: 'ALICE',
      password: 'long enough password',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].heading).toBe('Invalid username');
    const invalid = await invited.post(ACCOUNT_ENDPOINTS.setupExistingUser, { username: 'no spaces allowed', password: 'short' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error) => error.heading).sort()).toEqual(['Invalid password', 'Invalid username']);
  });

  it('sets the username and password, after which the person logs in with them', async () => {
    const { status } = await invited.post(ACCOUNT_ENDPOINTS.setupExistingUser, {
      username: 'ivy_green',
      password: 'ivy chose this',
    });
    expect(status).toBe(200);
    expect(await startUser(invited)).toMatchObject({ username: 'ivy_green', needsSetup: false });
    expect((await logIn(visitor(), 'ivy_green', 'ivy chose this')).status).toBe(200);
    expect(
      (await invited.post(ACCOUNT_ENDPOINTS.setupExistingUser, { username: 'ivy_again', password: 'ivy chose this' })).status,
    ).toBe(409);
  });
});

describe('referrals', () => {
  it('links a visitor who arrived through alice’s link to alice, and tells alice by mail', async () => {
    const mailsBefore = await mailCount(db, alice.email);
    const { answer, row } = await signUpReferred('bob_referred', referralCookie('alice'));
    expect(answer.status).toBe(200);
    // The cookie has done its work: the signup answer removes it.
    expect(
      answer.headers
        .getSetCookie()
        .some((cookie) => /^dem_rf0=;/.test(cookie) || /^dem_rf0=.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie)),
    ).toBe(true);
    expect(row?.referrer_id).toBe(alice.id);
    expect(row?.referral_source).toEqual({
      HTTP_REFERER: 'https://blog.example/post',
      REQUEST_URI: '/x',
      href: 'http://site/?dem_rf0=alice',
      docref: '',
    });

    expect(await mailCount(db, alice.email)).toBe(mailsBefore + 1);
    const mail = await latestMail(db, alice.email);
    expect(mail?.subject).toBe('bob_referred joined through your link');
  });

  it('lists alice’s referrals with the joined date and the website they came from', async () => {
    const { status, body } = await alice.browser.get<Paged<ReferralRow>>(ACCOUNT_ENDPOINTS.referrals);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      items: [{ username: 'bob_referred', joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), website: 'blog.example' }],
      page: 1,
      pages: 1,
      total: 1,
    });
  });

  it('pages the list: page 2 is empty while there are fewer than 20, page 0 or text is refused with 400', async () => {
    const second = await alice.browser.get<Paged<ReferralRow>>(`${ACCOUNT_ENDPOINTS.referrals}?page=2`);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ items: [], page: 2, pages: 1, total: 1 });
    for (const page of ['0', '-1', 'abc', '1.5', "1' OR '1'='1", '9999999999']) {
      const { status } = await alice.browser.get(`${ACCOUNT_ENDPOINTS.referrals}?page=${encodeURIComponent(page)}`);
      expect({ page, status }).toEqual({ page, status: 400 });
    }
  });

  it('pages a long list 20 at a time, newest first', async () => {
    const referrer = await signUp(testApp.baseUrl, { username: 'popular' });
    await db.query(
      `INSERT INTO users (username, first_name, email, referrer_id, referral_source, created_at)
       SELECT 'fan_' || n, 'Fan', 'fan_' || n || '@example.test', $1, '{"HTTP_REFERER":"https://forum.example/t/1","REQUEST_URI":"","href":"","docref":""}', now() - make_interval(mins => n)
         FROM generate_series(1, 23) AS n`,
      [referrer.id],
    );
    const first = await referrer.browser.get<Paged<ReferralRow>>(ACCOUNT_ENDPOINTS.referrals);
    expect(first.body.data).toMatchObject({ page: 1, pages: 2, total: 23 });
    expect(first.body.data?.items).toHaveLength(20);
    expect(first.body.data?.items[0]).toEqual({ username: 'fan_1', joinedAt: expect.any(String), website: 'forum.example' });
    const second = await referrer.browser.get<Paged<ReferralRow>>(`${ACCOUNT_ENDPOINTS.referrals}?page=2`);
    expect(second.body.data).toMatchObject({ page: 2, pages: 2, total: 23 });
    expect(second.body.data?.items.map((item) => item.username)).toEqual(['fan_21', 'fan_22', 'fan_23']);
    const third = await referrer.browser.get<Paged<ReferralRow>>(`${ACCOUNT_ENDPOINTS.referrals}?page=3`);
    expect(third.body.data).toEqual({ items: [], page: 3, pages: 2, total: 23 });
  });

  it('shows each member only their own referrals', async () => {
    const { body } = await (
      await signUp(testApp.baseUrl, { username: 'no_referrals' })
    ).browser.get<Paged<ReferralRow>>(ACCOUNT_ENDPOINTS.referrals);
    expect(body.data).toEqual({ items: [], page: 1, pages: 1, total: 0 });
  });

  it('falls back to the document referrer for the website, and matches the referrer name in any case', async () => {
    const { answer, row } = await signUpReferred(
      'carol_referred',
      referralCookie('ALICE', { HTTP_REFERER: '', docref: 'https://news.example/story' }),
    );
    expect(answer.status).toBe(200);
    expect(row?.referrer_id).toBe(alice.id);
    const { body } = await alice.browser.get<Paged<ReferralRow>>(ACCOUNT_ENDPOINTS.referrals);
    expect(body.data?.items[0]).toMatchObject({ username: 'carol_referred', website: 'news.example' });
    expect(body.data?.total).toBe(2);
  });

  it('ignores a malformed referral cookie: the signup works, with no referrer', async () => {
    const cookies = [
      'not-json',
      encodeURIComponent('{"from":'),
      encodeURIComponent(JSON.stringify({ from: 'alice' })),
      encodeURIComponent(
        JSON.stringify({ from: 'alice', referwebsite: { HTTP_REFERER: 'x'.repeat(501), REQUEST_URI: '', href: '', docref: '' } }),
      ),
      encodeURIComponent(JSON.stringify([1, 2, 3])),
      '%E0%A4%A',
    ];
    for (const [index, cookie] of cookies.entries()) {
      const { answer, row } = await signUpReferred(`malformed_${index}`, cookie);
      expect({ index, status: answer.status }).toEqual({ index, status: 200 });
      expect(row?.referrer_id).toBeNull();
    }
  });

  it('ignores a referral cookie naming nobody, or naming someone with SQL', async () => {
    for (const [index, from] of ['no_such_member', "alice' OR '1'='1"].entries()) {
      const { answer, row } = await signUpReferred(`nobody_ref_${index}`, referralCookie(from));
      expect(answer.status).toBe(200);
      expect(row?.referrer_id).toBeNull();
    }
  });

  it('ignores a referral cookie with a NUL character in the referrer name, never 500', async () => {
    const { answer, row } = await signUpReferred('nul_referral', referralCookie('alice\u0000'));
    expect(answer.status).toBe(200);
    expect(row?.referrer_id ?? null).toBeNull();
  });

  it('keeps a referral whose landing address contains a lone % sign (the cookie is decoded once, not twice)', async () => {
    const { answer, row } = await signUpReferred(
      'percent_ref',
      referralCookie('alice', { href: 'http://site/?dem_rf0=alice&promo=100%' }),
    );
    expect(answer.status).toBe(200);
    expect(row?.referrer_id).toBe(alice.id);
    expect(row?.referral_source?.href).toBe('http://site/?dem_rf0=alice&promo=100%');
  });

  it('keeps encoded characters in the captured addresses as they were', async () => {
    const { row } = await signUpReferred(
      'encoded_ref',
      referralCookie('alice', { HTTP_REFERER: 'https://blog.example/search?q=a%26b' }),
    );
    expect(row?.referrer_id).toBe(alice.id);
    expect(row?.referral_source?.HTTP_REFERER).toBe('https://blog.example/search?q=a%26b');
  });

  it('sends no "joined" mail to a referrer who turned referral mails off, but still links the referral', async () => {
    await alice.browser.put(ACCOUNT_ENDPOINTS.emailSettings, {
      account: true,
      notifications: true,
      campaigns: true,
      referrals: false,
      announcements: true,
      newsletter: false,
    });
    const before = await mailCount(db, alice.email);
    const { row } = await signUpReferred('quiet_referral', referralCookie('alice'));
    expect(row?.referrer_id).toBe(alice.id);
    expect(await mailCount(db, alice.email)).toBe(before);
  });
});

describe('public profiles', () => {
  it('shows a member’s public profile to a visitor, without the email address', async () => {
    const { status, body } = await visitor().get<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/alice`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: alice.id,
      username: 'alice',
      first_name: 'Alice',
      image: null,
      joinedAt: expect.stringMatching(/^\d{4}-/),
      isOwn: false,
      followerCount: 0,
      followingCount: 0,
      viewerFollows: false,
      viewerBlocked: false,
    });
    expect(JSON.stringify(body)).not.toContain(alice.email);
    expect(JSON.stringify(body)).not.toMatch(/password|email|role|referr/i);
  });

  it('finds the profile in any case and marks the own one', async () => {
    const { body } = await alice.browser.get<ProfileAnswer>(`${ACCOUNT_ENDPOINTS.publicProfile}/ALICE`);
    expect(body.data).toMatchObject({ username: 'alice', isOwn: true });
  });

  it('answers 404 for an unknown member, SQL or an over-long name, never 500', async () => {
    for (const name of ['nobody_here', "alice' OR '1'='1", "alice'--", 'a'.repeat(65), 'a'.repeat(5000), '%25', 'alice%00']) {
      const { status, body } = await visitor().get(`${ACCOUNT_ENDPOINTS.publicProfile}/${encodeURIComponent(name)}`);
      expect({ name: name.slice(0, 20), status }).toEqual({ name: name.slice(0, 20), status: 404 });
      expect(body.data).toBeNull();
    }
  });

  it('answers 404 for a name with an encoded NUL character, never 500', async () => {
    const { status } = await visitor().get(`${ACCOUNT_ENDPOINTS.publicProfile}/ali%00ce`);
    expect(status).toBe(404);
  });
});
