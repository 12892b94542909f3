import { ErrorCode } from '../../shared/api/error-codes.js';
import { EMAILED_CODES_PER_DAY, type SurfChallengeEmailAnswer } from '../../shared/surf/challenge-email.js';
import { challengeEmailPath, challengeImagePath } from '../../shared/surf/surf.js';
import { CHALLENGE_AT } from '../../server/src/surf/risk-thresholds.js';
import { latestMail, mailCount, signUp, type TestMember } from '../support/accounts.js';
import type { TestSocket } from '../support/socket-client.js';
import {
  challengeCodeOf,
  claim,
  creditedClaim,
  humanClick,
  nextTicket,
  ofStanding,
  promotedPost,
  surfer,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { fetchRaw } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/**
 * The accessible alternative to the challenge picture: the view's code by email. Only for the
 * member's own open challenged ticket, once per ticket and three a day; the mailed code then
 * answers the view exactly as the picture's did, and the picture's no longer does.
 */
const testApp = useSurfTestApp({ surf: { challenges: true } });
const { db } = testApp;

type Surfer = TestMember & { tab: TestSocket };

async function postsToView(count: number): Promise<void> {
  const poster = await signUp(testApp.baseUrl);
  for (let i = 0; i < count; i++) await promotedPost(poster, 2);
}

/** The member's next ticket, asking for a code (their score calls for one). */
async function challengedTicket(viewer: Surfer): Promise<{ ticketId: string; pictureCode: string }> {
  await db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [viewer.id, CHALLENGE_AT + 60]);
  const { ticketId, answer } = await nextTicket(viewer.browser, viewer.tab);
  const pictureCode = await challengeCodeOf(db, ticketId);
  if (pictureCode === null || answer.data.codes === null) throw new Error('expected a challenged ticket');
  return { ticketId, pictureCode };
}

function askForEmail(viewer: Surfer, ticketId: string) {
  return viewer.browser.post<SurfChallengeEmailAnswer>(challengeEmailPath(ticketId));
}

/** Asks for the ticket's code by email; answers the code the mail carries. */
async function emailedCode(viewer: Surfer, ticketId: string): Promise<string> {
  const before = await mailCount(db, viewer.email);
  const { status, body } = await askForEmail(viewer, ticketId);
  expect(status).toBe(200);
  const [local, domain] = viewer.email.split('@');
  expect(body.data).toEqual({ sentTo: `${local[0]}***@${domain}` });
  expect(await mailCount(db, viewer.email)).toBe(before + 1);
  const mail = (await latestMail(db, viewer.email))!;
  const [, code] = /verification is (\d+)\./.exec(mail.text_body) ?? [];
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.subject).toContain(code);
  expect(mail.text_body).toContain("surf bar's verification");
  return code;
}

async function ticketChallenge(ticketId: string): Promise<{ code: string; mode: string | null }> {
  const { rows } = await db.query(`SELECT challenge_code AS code, challenge_mode AS mode FROM view_tickets WHERE id = $1`, [
    ticketId,
  ]);
  return rows[0];
}

async function pictureStatus(viewer: Surfer, ticketId: string): Promise<number> {
  const cookie = [...viewer.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return (await fetchRaw(testApp.baseUrl, challengeImagePath(ticketId), { headers: { cookie } })).status;
}

describe('the challenge code by email', () => {
  it("mails a 6-digit code that credits the view; the picture's code no longer answers, and the picture is gone", async () => {
    await postsToView(3);
    const bob = await surfer(testApp.baseUrl);
    await ofStanding(db, bob.id);

    const first = await challengedTicket(bob);
    const code = await emailedCode(bob, first.ticketId);
    expect(await ticketChallenge(first.ticketId)).toEqual({ code, mode: 'email' });
    expect(code).not.toBe(first.pictureCode);
    expect(await pictureStatus(bob, first.ticketId)).toBe(404);
    expect((await creditedClaim(bob.tab, first.ticketId, humanClick(), code)).outcome).toBe('credited');

    const second = await challengedTicket(bob);
    await emailedCode(bob, second.ticketId);
    const wrong = await claim(bob.tab, second.ticketId, humanClick(), second.pictureCode);
    expect(wrong).toMatchObject({ data: { outcome: 'wrong_code', credited: 0 } });
  });

  it('refuses a second code for the same view and a fourth in a day with challenge_email_limit, changing nothing', async () => {
    await postsToView(EMAILED_CODES_PER_DAY + 1);
    const bob = await surfer(testApp.baseUrl);
    await ofStanding(db, bob.id);

    const tickets: string[] = [];
    for (let i = 0; i < EMAILED_CODES_PER_DAY; i++) {
      const { ticketId } = await challengedTicket(bob);
      const code = await emailedCode(bob, ticketId);
      tickets.push(ticketId);
      if (i === 0) {
        const again = await askForEmail(bob, ticketId);
        expect(again.status).toBe(429);
        expect(again.body.errors.map((error) => error.code)).toEqual([ErrorCode.ChallengeEmailLimit]);
        expect(await ticketChallenge(ticketId)).toEqual({ code, mode: 'email' });
      }
      await claim(bob.tab, ticketId, humanClick(), code);
    }
    const mailsBefore = await mailCount(db, bob.email);

    const fourth = await challengedTicket(bob);
    const refused = await askForEmail(bob, fourth.ticketId);
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toMatchObject([
      {
        code: ErrorCode.ChallengeEmailLimit,
        message: `You can get ${EMAILED_CODES_PER_DAY} codes by email a day; pick the code in the picture.`,
      },
    ]);
    expect(await mailCount(db, bob.email)).toBe(mailsBefore);
    // The view still asks for its picture's code, and the picture is there.
    expect(await ticketChallenge(fourth.ticketId)).toEqual({ code: fourth.pictureCode, mode: null });
    expect(await pictureStatus(bob, fourth.ticketId)).toBe(200);
  });

  it("answers 404 for another member's ticket and for a ticket without a challenge, and 401 to a visitor", async () => {
    await postsToView(2);
    const bob = await surfer(testApp.baseUrl);
    const carol = await surfer(testApp.baseUrl);
    const bobs = await challengedTicket(bob);

    const stolen = await askForEmail(carol, bobs.ticketId);
    expect(stolen.status).toBe(404);
    expect(stolen.body.errors.map((error) => error.code)).toEqual([ErrorCode.NotFound]);
    expect(await ticketChallenge(bobs.ticketId)).toEqual({ code: bobs.pictureCode, mode: null });
    expect(await mailCount(db, bob.email)).toBe(1);
    expect(await mailCount(db, carol.email)).toBe(1);

    const visitor = await new TestBrowser(testApp.baseUrl).post(challengeEmailPath(bobs.ticketId));
    expect(visitor.status).toBe(401);

    // Answered, the view is settled: no code by email for it any more.
    await creditedClaim(bob.tab, bobs.ticketId, humanClick(), bobs.pictureCode);
    expect((await askForEmail(bob, bobs.ticketId)).status).toBe(404);
    expect((await askForEmail(bob, crypto.randomUUID())).status).toBe(404);
  });
});
