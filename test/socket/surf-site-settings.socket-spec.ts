import {
  ADMIN_SITE_SETTINGS_ENDPOINTS,
  type SiteSettings,
  type SiteSettingsAnswer,
  type SurfSettings,
} from '../../shared/admin/site-settings.js';
import { BLOCK_AT, CHALLENGE_AT, WRONG_CODES_TO_STOP } from '../../server/src/surf/risk-thresholds.js';
import { signUp } from '../support/accounts.js';
import { useAdmin } from '../support/socket-fixtures.js';
import {
  challengeCodeOf,
  claim,
  creditedClaim,
  humanClick,
  nextTicket,
  ofStanding,
  promotedPost,
  riskOf,
  setTestTimeout,
  surfer,
  surfNext,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';

/** The surf bar's site-wide rules, changed by an admin in Settings, hold on the next ticket and claim. */
setTestTimeout(import.meta);

const testApp = useSurfTestApp({ surf: { timerSeconds: 0, dailyEarningCap: 500, challenges: true } });
const { db } = testApp;
const admin = useAdmin(testApp);
let original: SiteSettingsAnswer;

async function settings(): Promise<SiteSettingsAnswer> {
  return (await admin.browser.get<SiteSettingsAnswer>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings)).body.data!;
}

async function setSurf(surf: Partial<SurfSettings>): Promise<void> {
  const { surfDefaults: _defaults, ...current }: SiteSettingsAnswer = await settings();
  const wanted: SiteSettings = { ...current, surf: { ...current.surf, ...surf } };
  const saved = await admin.browser.put<SiteSettingsAnswer>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, wanted);
  expect(saved.status).toBe(200);
}

/** A member past probation whose surf session has begun (its first view, always challenged, answered). */
async function surfingMember(posts: number): Promise<Awaited<ReturnType<typeof surfer>>> {
  const poster = await signUp(testApp.baseUrl);
  for (let i = 0; i < posts; i++) await promotedPost(poster, 3);
  const member = await surfer(testApp.baseUrl);
  await ofStanding(db, member.id);
  const first = await nextTicket(member.browser, member.tab);
  await creditedClaim(member.tab, first.ticketId, humanClick(), (await challengeCodeOf(db, first.ticketId)) ?? undefined);
  return member;
}

beforeAll(async () => {
  original = await settings();
});

afterEach(async () => {
  await setSurf(original.surf);
});

it('a new site starts with the thresholds the surf rules were written for, and the server’s countdown and cap', () => {
  expect(original.surf).toEqual({
    timerSeconds: null,
    dailyEarningCap: null,
    challengeAt: CHALLENGE_AT,
    blockAt: BLOCK_AT,
    wrongCodesToStop: WRONG_CODES_TO_STOP,
    earningsReviewMinutes: null,
    newcomerDailyCap: null,
  });
  expect(original.surfDefaults).toEqual({
    timerSeconds: 0,
    dailyEarningCap: 500,
    earningsReviewMinutes: 1440,
    newcomerDailyCap: 500,
  });
});

it('the countdown set by an admin is the next ticket’s, and clearing it brings back the server’s', async () => {
  const member = await surfingMember(3);
  await setSurf({ timerSeconds: 9 });
  expect((await nextTicket(member.browser, member.tab)).answer.data.timer).toBe(9);
  await setSurf({ timerSeconds: null });
  expect((await nextTicket(member.browser, member.tab)).answer.data.timer).toBe(0);
});

it('the daily cap set by an admin stops earning once reached', async () => {
  const member = await surfingMember(3);
  await setSurf({ dailyEarningCap: 2 });
  const second = await nextTicket(member.browser, member.tab);
  await creditedClaim(member.tab, second.ticketId, humanClick());
  const after = await surfNext(member.browser, member.tab);
  expect(after.body.data).toMatchObject({ ticket: null, emptyReason: 'daily_cap' });
});

it('a lower challenge score makes every view of a member above it ask for a code', async () => {
  const member = await surfingMember(3);
  // Below the first challenge score; each right answer takes 20 off: 40, then 20, both at or above 10.
  await db.query(`UPDATE users SET risk_score = 40 WHERE id = $1`, [member.id]);
  await setSurf({ challengeAt: 10 });
  for (let i = 0; i < 2; i++) {
    const { ticketId, answer } = await nextTicket(member.browser, member.tab);
    expect(answer.data.codes).not.toBeNull();
    await creditedClaim(member.tab, ticketId, humanClick(), (await challengeCodeOf(db, ticketId))!);
  }
});

it('with one wrong answer set to stop earning, one wrong answer stops it', async () => {
  const member = await surfingMember(3);
  await db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [member.id, CHALLENGE_AT]);
  await setSurf({ wrongCodesToStop: 1 });
  const { ticketId } = await nextTicket(member.browser, member.tab);
  const code = await challengeCodeOf(db, ticketId);
  const answer = await claim(member.tab, ticketId, humanClick(), code === 'AAAA' ? 'BBBB' : 'AAAA');
  expect(answer).toMatchObject({ data: { outcome: 'stopped' } });
  expect((await riskOf(db, member.id)).blocked).toBe(true);
});

it('refuses a stop score at or below the challenge score, and a wrong-answer count above the answers kept, changing nothing', async () => {
  const { surfDefaults: _defaults, ...current } = await settings();
  for (const surf of [
    { ...current.surf, blockAt: current.surf.challengeAt },
    { ...current.surf, wrongCodesToStop: 5 },
    { ...current.surf, timerSeconds: -1 },
    { ...current.surf, dailyEarningCap: 1.5 },
  ]) {
    const refused = await admin.browser.put(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, { ...current, surf });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'validation' });
    expect(refused.body.errors[0].field).toMatch(/^surf\./);
  }
  expect((await settings()).surf).toEqual(current.surf);
});
