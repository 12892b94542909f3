import sharp from 'sharp';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { CHALLENGE_IMAGE_SIZE, challengeImagePath, type SurfNextAnswer } from '../../shared/surf/surf.js';
import { CHALLENGE_AT } from '../../server/src/surf/risk-thresholds.js';
import { signUp, type TestMember } from '../support/accounts.js';
import type { TestSocket } from '../support/socket-client.js';
import {
  challengeCodeOf,
  claimWithNext,
  creditedClaim,
  humanClick,
  nextTicket,
  ofStanding,
  promotedPost,
  surfer,
  surfNext,
  ticketStatus,
  type ClaimAck,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { fetchRaw } from '../support/test-app.js';
import type { TestBrowser } from '../support/test-browser.js';

/**
 * The challenge picture: the only place the code to pick reaches the member. Only the ticket's
 * viewer gets it, only while the ticket is open, the same one each time; no JSON answer tells the
 * answer apart from the other options.
 */
const testApp = useSurfTestApp({ surf: { challenges: true } });
const { db } = testApp;

type Surfer = TestMember & { tab: TestSocket };

async function postsToView(count: number): Promise<void> {
  const poster = await signUp(testApp.baseUrl);
  for (let i = 0; i < count; i++) await promotedPost(poster, 2);
}

/** Raises the member's score to where their next tickets ask for a code (a clean view or two leaves it there). */
/** A score that still calls for a challenge after a right answer has lowered it. */
async function scoreCallsForChallenge(member: TestMember): Promise<void> {
  await db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [member.id, CHALLENGE_AT + 60]);
}

async function challengedTicket(viewer: Surfer): Promise<{ ticketId: string; answer: SurfNextAnswer; code: string }> {
  await scoreCallsForChallenge(viewer);
  const { ticketId, answer } = await nextTicket(viewer.browser, viewer.tab);
  const code = await challengeCodeOf(db, ticketId);
  if (code === null || answer.data.codes === null) throw new Error('expected a challenged ticket');
  return { ticketId, answer, code };
}

/** GET the picture as the browser (its cookies), as an <img> asks for it. */
function fetchPicture(browser: TestBrowser, path: string): Promise<Response> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return fetchRaw(testApp.baseUrl, path, { headers: { cookie, accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } });
}

async function expectNotFound(response: Response): Promise<void> {
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { data: unknown; errors: { code: string }[] };
  expect(body.data).toBeNull();
  expect(body.errors.map((error) => error.code)).toEqual([ErrorCode.NotFound]);
}

/** How often `code` appears in the JSON: once means only as one of the options, told apart from no other. */
function occurrences(json: unknown, code: string): number {
  return JSON.stringify(json).split(code).length - 1;
}

describe('the challenge picture', () => {
  it("answers the viewer's open challenged ticket with its PNG, the same on every request, never cached", async () => {
    await postsToView(2);
    const bob = await surfer(testApp.baseUrl);
    const { ticketId, answer } = await challengedTicket(bob);
    expect(answer.data.challengeImage).toBe(challengeImagePath(ticketId));

    const first = await fetchPicture(bob.browser, answer.data.challengeImage!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await first.arrayBuffer());
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ ...CHALLENGE_IMAGE_SIZE, format: 'png' });

    // Asked again (another query, as a reload or a script would), the ticket's picture is the same:
    // many requests give a script no new pictures to vote over.
    const again = await fetchPicture(bob.browser, `${answer.data.challengeImage}?v=1`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers 404 for another member's ticket, even one of theirs that is challenged too", async () => {
    await postsToView(2);
    const bob = await surfer(testApp.baseUrl);
    const carol = await surfer(testApp.baseUrl);
    const bobs = await challengedTicket(bob);
    await challengedTicket(carol);
    await expectNotFound(await fetchPicture(carol.browser, challengeImagePath(bobs.ticketId)));
    // A visitor is asked to log in.
    const visitor = await fetchRaw(testApp.baseUrl, challengeImagePath(bobs.ticketId));
    expect(visitor.status).toBe(401);
  });

  it('answers 404 for a ticket that asks for no code', async () => {
    await postsToView(2);
    const bob = await surfer(testApp.baseUrl);
    await ofStanding(db, bob.id);
    // A member of standing, every stretch's challenge answered: the view asks for no code.
    const { ticketId, answer } = await nextTicket(bob.browser, bob.tab);
    expect(await challengeCodeOf(db, ticketId)).toBeNull();
    expect(answer.data).toMatchObject({ codes: null, challengeImage: null });
    await expectNotFound(await fetchPicture(bob.browser, challengeImagePath(ticketId)));
  });

  it('answers 404 once the ticket is settled or replaced', async () => {
    await postsToView(3);
    const bob = await surfer(testApp.baseUrl);
    const credited = await challengedTicket(bob);
    await creditedClaim(bob.tab, credited.ticketId, humanClick(), credited.code);
    await expectNotFound(await fetchPicture(bob.browser, challengeImagePath(credited.ticketId)));

    const replaced = await challengedTicket(bob);
    await surfNext(bob.browser, bob.tab);
    expect(await ticketStatus(db, replaced.ticketId)).toBe('replaced');
    await expectNotFound(await fetchPicture(bob.browser, challengeImagePath(replaced.ticketId)));
  });

  it('answers 404 in the envelope for an id that is not a ticket id', async () => {
    const bob = await surfer(testApp.baseUrl);
    for (const id of ['1', 'not-a-uuid', '00000000-0000-0000-0000-00000000000g', `${crypto.randomUUID()}x`]) {
      await expectNotFound(await fetchPicture(bob.browser, `/data/surf/challenge/${id}`));
    }
    await expectNotFound(await fetchPicture(bob.browser, challengeImagePath(crypto.randomUUID())));
  });
});

describe('the answer in JSON', () => {
  it('appears in no answer except as one option among six: not in POST next, not in the claim acknowledgement', async () => {
    await postsToView(3);
    const bob = await surfer(testApp.baseUrl);
    const first = await challengedTicket(bob);
    expect(first.answer.data.codes).toHaveLength(6);
    expect(occurrences(first.answer, first.code)).toBe(1);

    // The acknowledgement of a right answer, carrying the next (challenged) post.
    const ack: ClaimAck = await claimWithNext(bob.tab, first.ticketId, humanClick(), first.code);
    if (!('data' in ack) || !ack.data.next?.ticket) throw new Error(`expected a next post: ${JSON.stringify(ack)}`);
    expect(ack.data.credited).toBe(1);
    expect(occurrences(ack, first.code)).toBe(0);
    const nextCode = await challengeCodeOf(db, ack.data.next.ticket.id);
    expect(nextCode).not.toBeNull();
    expect(ack.data.next.data.codes).toHaveLength(6);
    expect(occurrences(ack, nextCode!)).toBe(1);

    // A wrong answer's acknowledgement does not reveal the right one either.
    const wrong = ack.data.next.data.codes!.find((code) => code !== nextCode)!;
    const wrongAck = await claimWithNext(bob.tab, ack.data.next.ticket.id, humanClick(), wrong);
    expect(wrongAck).toMatchObject({ data: { outcome: 'wrong_code', credited: 0 } });
    expect(occurrences(wrongAck, nextCode!)).toBe(0);
  });
});
