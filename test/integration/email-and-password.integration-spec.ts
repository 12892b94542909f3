import type { TokenLinkAnswer } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { StartAnswer } from '../../shared/start/start.js';
import {
  latestMail,
  logIn,
  mailCount,
  resetTokenIn,
  setupLinkIn,
  signUp,
  startStatusWithSid,
  type TestMember,
} from '../support/accounts.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useTestApp();
const { db } = testApp;

const browser = () => new TestBrowser(testApp.baseUrl);
const startUser = async (b: TestBrowser) => (await b.get<StartAnswer>('/data/start')).body.data?.user;
/** Makes the account's mails look older, as if the user waited before asking again. */
const ageTokens = (userId: number, minutes: number) =>
  db.query(`UPDATE account_tokens SET created_at = created_at - make_interval(mins => $2) WHERE user_id = $1`, [userId, minutes]);

describe('confirming the email address', () => {
  let member: TestMember;
  let link: { id: string; code: string };

  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'confirm_me' });
    link = setupLinkIn((await latestMail(db, member.email))!.text_body);
  });

  it('refuses a wrong code with 404 "Link not valid", and the right code still works afterwards', async () => {
    for (const code of [`${link.code.slice(0, -1)}${link.code.endsWith('A') ? 'B' : 'A'}`, 'x'.repeat(43), "' OR '1'='1' --"]) {
      const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.confirmEmail, { id: link.id, code });
      expect(status).toBe(404);
      expect(body.errors[0].heading).toBe('Link not valid');
    }
    const unknownId = await browser().post(ACCOUNT_ENDPOINTS.confirmEmail, { id: 999_999, code: link.code });
    expect(unknownId.status).toBe(404);
    expect((await startUser(member.browser))?.emailConfirmed).toBe(false);
  });

  it('answers a malformed link with 400, never 500', async () => {
    for (const payload of [
      {},
      { id: 'abc', code: link.code },
      { id: -1, code: link.code },
      { id: link.id, code: 'short' },
      { id: link.id, code: 'c'.repeat(10_000) },
      { id: 1e20, code: link.code },
    ]) {
      const { status } = await browser().post(ACCOUNT_ENDPOINTS.confirmEmail, payload);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it('confirms the address with the id and code from the mail, even opened in another browser', async () => {
    const { status, body } = await browser().post<TokenLinkAnswer>(ACCOUNT_ENDPOINTS.confirmEmail, link);
    expect(status).toBe(200);
    expect(body.data).toEqual({ outcome: 'email_confirmed', message: expect.any(String), redirectTo: '/home' });
    expect((await startUser(member.browser))?.emailConfirmed).toBe(true);
  });

  it('refuses the same link a second time with 404 "Link not valid"', async () => {
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.confirmEmail, link);
    expect(status).toBe(404);
    expect(body.errors[0]).toEqual({
      code: 'link_invalid',
      heading: 'Link not valid',
      message: expect.stringMatching(/expired|used/),
    });
  });

  it('refuses an expired confirmation link with 404', async () => {
    const late = await signUp(testApp.baseUrl, { username: 'confirm_late' });
    const lateLink = setupLinkIn((await latestMail(db, late.email))!.text_body);
    await db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1`, [lateLink.id]);
    expect((await late.browser.post(ACCOUNT_ENDPOINTS.confirmEmail, lateLink)).status).toBe(404);
    expect((await startUser(late.browser))?.emailConfirmed).toBe(false);
  });
});

describe('resending the confirmation mail', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'resend_me' });
  });

  it('asks to wait a little right after the signup mail: 429 "try again in N seconds"', async () => {
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.resendConfirmation);
    expect(status).toBe(429);
    expect(body.errors[0].message).toMatch(/try again in \d+ seconds?/);
    expect(await mailCount(db, member.email)).toBe(1);
  });

  it('sends a new mail once a minute has passed, then asks to wait again', async () => {
    await ageTokens(member.id, 2);
    const first = await member.browser.post(ACCOUNT_ENDPOINTS.resendConfirmation);
    expect(first.status).toBe(200);
    expect(first.body.data).toBeNull();
    expect(await mailCount(db, member.email)).toBe(2);
    const mail = await latestMail(db, member.email);
    expect(mail?.subject).toBe('Confirm your email address');

    const second = await member.browser.post(ACCOUNT_ENDPOINTS.resendConfirmation);
    expect(second.status).toBe(429);
    expect(second.body.errors[0].message).toMatch(/try again in ([1-5]?\d|60) seconds?/);
    expect(await mailCount(db, member.email)).toBe(2);

    // The resent link confirms the address.
    expect((await browser().post(ACCOUNT_ENDPOINTS.confirmEmail, setupLinkIn(mail!.text_body))).status).toBe(200);
  });

  it('refuses once the address is confirmed with 409', async () => {
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.resendConfirmation);
    expect(status).toBe(409);
    expect(body.errors[0].heading).toBe('Already confirmed');
  });

  it('stops after five mails an hour even when spaced a minute apart', async () => {
    const spammer = await signUp(testApp.baseUrl, { username: 'resend_spam' });
    for (let mail = 2; mail <= 5; mail++) {
      await ageTokens(spammer.id, 2);
      expect((await spammer.browser.post(ACCOUNT_ENDPOINTS.resendConfirmation)).status).toBe(200);
    }
    await ageTokens(spammer.id, 2);
    const sixth = await spammer.browser.post(ACCOUNT_ENDPOINTS.resendConfirmation);
    expect(sixth.status).toBe(429);
    expect(sixth.body.errors[0].message).toMatch(/try again in \d+ minutes?/);
    expect(await mailCount(db, spammer.email)).toBe(5);
  });
});

describe('resetting a forgotten password', () => {
  let member: TestMember;
  let token: string;

  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'forgetful', password: 'old password here' });
  });

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const mailsBefore = await mailCount(db, member.email);
    const known = await browser().post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: member.email.toUpperCase() });
    const unknown = await browser().post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: 'nobody-at-all@example.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.body).toEqual({ data: null, errors: [], maintenance: false });
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.getSetCookie()).toEqual(known.headers.getSetCookie());

    expect(await mailCount(db, member.email)).toBe(mailsBefore + 1);
    expect(await mailCount(db, 'nobody-at-all@example.test')).toBe(0);
    const mail = (await latestMail(db, member.email))!;
    expect(mail.subject).toBe('Reset your password');
    token = resetTokenIn(mail.text_body);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{20,}$/);
    // Only the hash of the secret is stored.
    const { rows } = await db.query(`SELECT token_hash FROM account_tokens WHERE id = $1`, [token.split('.')[0]]);
    expect(rows[0].token_hash).toHaveLength(32);
    expect(rows[0].token_hash.toString('latin1')).not.toContain(token.split('.')[1]);
  });

  it('refuses an invalid new password with 400 and leaves the link usable', async () => {
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.passwordReset, { token, password: 'short' });
    expect(status).toBe(400);
    expect(body.errors.map((error) => error.heading)).toEqual(['Invalid password']);
    const { rows } = await db.query(`SELECT used_at FROM account_tokens WHERE id = $1`, [token.split('.')[0]]);
    expect(rows[0].used_at).toBeNull();
  });

  it('sets the new password, signs this browser in, and ends every other session of the account', async () => {
    const oldSid = member.browser.sid!;
    const reader = browser();
    const { status, body } = await reader.post(ACCOUNT_ENDPOINTS.passwordReset, { token, password: 'brand new password' });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect((await startUser(reader))?.id).toBe(member.id);
    // Opening the mailed link also proves the address.
    expect((await startUser(reader))?.emailConfirmed).toBe(true);

    expect((await member.browser.get('/data/start')).status).toBe(406);
    expect(await startStatusWithSid(testApp.baseUrl, oldSid)).toBe(406);

    expect((await logIn(browser(), member.username, 'old password here')).status).toBe(400);
    expect((await logIn(browser(), member.username, 'brand new password')).status).toBe(200);
  });

  it('refuses the same link a second time with 404, and the password stays as set', async () => {
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.passwordReset, { token, password: 'attacker password' });
    expect(status).toBe(404);
    expect(body.errors[0].heading).toBe('Link not valid');
    expect((await logIn(browser(), member.username, 'attacker password')).status).toBe(400);
  });

  it('refuses a link older than an hour with 404', async () => {
    await ageTokens(member.id, 61); // the per-account mail limit counts the last hour
    await browser().post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: member.email });
    const expired = resetTokenIn((await latestMail(db, member.email))!.text_body);
    expect(expired).not.toBe(token);
    await db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.split('.')[0]]);
    const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.passwordReset, {
      token: expired,
      password: 'too late password',
    });
    expect(status).toBe(404);
    expect(body.errors[0].heading).toBe('Link not valid');
    expect((await logIn(browser(), member.username, 'too late password')).status).toBe(400);
  });

  it('refuses forged and mismatched tokens with 404 (or 400 when malformed), never 500', async () => {
    const [id, secret] = token.split('.');
    const confirmLink = setupLinkIn(
      (
        await db.query(
          `SELECT text_body FROM mail_outbox WHERE subject = 'Confirm your email address' AND lower(to_address) = lower($1)`,
          [member.email],
        )
      ).rows[0].text_body,
    );
    const cases: { token: string; status: number }[] = [
      { token: `${id}.${secret.slice(0, -2)}xx`, status: 404 },
      { token: `${Number(id) + 1000}.${secret}`, status: 404 },
      { token: `${id}${secret}`, status: 404 },
      { token: `abc.${secret}`, status: 404 },
      { token: `${id}.' OR '1'='1`, status: 404 },
      // A confirmation token is not a password-reset token.
      { token: `${confirmLink.id}.${confirmLink.code}`, status: 404 },
      { token: 'short', status: 400 },
      { token: 't'.repeat(10_000), status: 400 },
    ];
    for (const { token: forged, status } of cases) {
      const answer = await browser().post(ACCOUNT_ENDPOINTS.passwordReset, { token: forged, password: 'forged password' });
      expect({ forged: forged.slice(0, 40), status: answer.status }).toEqual({ forged: forged.slice(0, 40), status });
    }
  });

  it('sends at most three reset mails an hour per account, answering the same each time', async () => {
    const target = await signUp(testApp.baseUrl, { username: 'reset_spam' });
    for (let request = 1; request <= 5; request++) {
      const { status, body } = await browser().post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: target.email });
      expect(status).toBe(200);
      expect(body.errors).toEqual([]);
    }
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1 AND subject = 'Reset your password'`, [
          target.email,
        ])
      ).rows[0].n,
    ).toBe(3);
  });

  it('unlocks an account that was locked by wrong passwords', async () => {
    await db.query(`UPDATE users SET locked_until = now() + interval '15 minutes' WHERE id = $1`, [member.id]);
    expect((await logIn(browser(), member.username, 'brand new password')).status).toBe(429);
    await ageTokens(member.id, 61);
    await browser().post(ACCOUNT_ENDPOINTS.passwordResetRequest, { email: member.email });
    const fresh = resetTokenIn((await latestMail(db, member.email))!.text_body);
    expect((await browser().post(ACCOUNT_ENDPOINTS.passwordReset, { token: fresh, password: 'third password' })).status).toBe(
      200,
    );
    expect((await logIn(browser(), member.username, 'third password')).status).toBe(200);
  });
});

describe('changing the email address', () => {
  let member: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'mover', email: 'old-home@example.test' });
    other = await signUp(testApp.baseUrl, { username: 'neighbour', email: 'neighbour@example.test' });
  });

  it('refuses a wrong password with 400 naming the password', async () => {
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.email, {
      newEmail: 'new-home@example.test',
      password: 'not my password',
    });
    expect(status).toBe(400);
    expect(body.errors[0].heading).toBe('Invalid password');
    expect(await mailCount(db, 'new-home@example.test')).toBe(0);
  });

  it('refuses an address another account uses, in any case, with 409', async () => {
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.email, {
      newEmail: 'NEIGHBOUR@example.test',
      password: member.password,
    });
    expect(status).toBe(409);
    expect(body.errors[0].heading).toBe('Invalid newEmail');
    expect(await mailCount(db, other.email)).toBe(1); // only the neighbour's own confirmation mail
  });

  it('refuses an invalid address with 400, and the current address with 400', async () => {
    const invalid = await member.browser.post(ACCOUNT_ENDPOINTS.email, { newEmail: 'not an address', password: member.password });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].heading).toBe('Invalid newEmail');
    const same = await member.browser.post(ACCOUNT_ENDPOINTS.email, {
      newEmail: 'OLD-HOME@example.test',
      password: member.password,
    });
    expect(same.status).toBe(400);
  });

  it('mails a link to the new address only, and keeps the old address until the link is opened', async () => {
    const oldMails = await mailCount(db, member.email);
    const { status, body } = await member.browser.post(ACCOUNT_ENDPOINTS.email, {
      newEmail: 'new-home@example.test',
      password: member.password,
    });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(await mailCount(db, member.email)).toBe(oldMails);
    expect(await mailCount(db, 'new-home@example.test')).toBe(1);
    const mail = (await latestMail(db, 'new-home@example.test'))!;
    expect(mail.subject).toBe('Confirm your new email address');

    expect((await startUser(member.browser))?.email).toBe('old-home@example.test');
    // The old address still logs in; the new one does not yet.
    expect((await logIn(browser(), 'new-home@example.test', member.password)).status).toBe(400);

    const opened = await browser().post<TokenLinkAnswer>(ACCOUNT_ENDPOINTS.confirmEmail, setupLinkIn(mail.text_body));
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual({ outcome: 'email_changed', message: expect.any(String), redirectTo: '/settings' });
    expect(await startUser(member.browser)).toMatchObject({ email: 'new-home@example.test', emailConfirmed: true });
    expect((await logIn(browser(), 'new-home@example.test', member.password)).status).toBe(200);
    // The old address is free for someone else now.
    expect((await db.query(`SELECT count(*)::int AS n FROM users WHERE lower(email) = 'old-home@example.test'`)).rows[0].n).toBe(
      0,
    );
  });

  it('allows three change requests an hour per account, then answers 429', async () => {
    const restless = await signUp(testApp.baseUrl, { username: 'restless' });
    for (let change = 1; change <= 3; change++) {
      expect(
        (
          await restless.browser.post(ACCOUNT_ENDPOINTS.email, {
            newEmail: `restless${change}@example.test`,
            password: restless.password,
          })
        ).status,
      ).toBe(200);
    }
    const fourth = await restless.browser.post(ACCOUNT_ENDPOINTS.email, {
      newEmail: 'restless4@example.test',
      password: restless.password,
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.errors[0].message).toMatch(/try again in an hour/);
    expect(await mailCount(db, 'restless4@example.test')).toBe(0);
  });

  it('refuses the link with 409 when the new address was taken in the meantime', async () => {
    await member.browser.post(ACCOUNT_ENDPOINTS.email, { newEmail: 'contested@example.test', password: member.password });
    const link = setupLinkIn((await latestMail(db, 'contested@example.test'))!.text_body);
    await signUp(testApp.baseUrl, { username: 'quick_taker', email: 'contested@example.test' });
    const { status } = await browser().post(ACCOUNT_ENDPOINTS.confirmEmail, link);
    expect(status).toBe(409);
    expect((await startUser(member.browser))?.email).toBe('new-home@example.test');
  });
});

describe('changing the password', () => {
  let member: TestMember;
  let otherDevice: TestBrowser;

  beforeAll(async () => {
    member = await signUp(testApp.baseUrl, { username: 'rotator', password: 'first password' });
    otherDevice = browser();
    await logIn(otherDevice, member.username, 'first password');
  });

  it('refuses a wrong current password with 400 naming it, and changes nothing', async () => {
    const { status, body } = await member.browser.put(ACCOUNT_ENDPOINTS.password, {
      currentPassword: 'not the password',
      newPassword: 'second password',
    });
    expect(status).toBe(400);
    expect(body.errors[0].heading).toBe('Invalid currentPassword');
    expect((await otherDevice.get('/data/start')).status).toBe(200);
  });

  it('refuses a too short new password with 400 naming it', async () => {
    const { status, body } = await member.browser.put(ACCOUNT_ENDPOINTS.password, {
      currentPassword: 'first password',
      newPassword: 'short',
    });
    expect(status).toBe(400);
    expect(body.errors.map((error) => error.heading)).toEqual(['Invalid newPassword']);
  });

  it('changes it, ends the other sessions, and keeps this one', async () => {
    const otherSid = otherDevice.sid!;
    const { status } = await member.browser.put(ACCOUNT_ENDPOINTS.password, {
      currentPassword: 'first password',
      newPassword: 'second password',
    });
    expect(status).toBe(200);
    expect((await startUser(member.browser))?.id).toBe(member.id);
    expect((await member.browser.get(ACCOUNT_ENDPOINTS.sessions)).status).toBe(200);
    expect((await otherDevice.get('/data/start')).status).toBe(406);
    expect(await startStatusWithSid(testApp.baseUrl, otherSid)).toBe(406);
    expect((await logIn(browser(), member.username, 'first password')).status).toBe(400);
    expect((await logIn(browser(), member.username, 'second password')).status).toBe(200);
  });
});
