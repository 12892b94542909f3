import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import {
  balanceOf,
  claim,
  claimWithNext,
  creditedClaim,
  ledgerRowsOfCampaign,
  nextTicket,
  promotedPost,
  storedCampaign,
  surfer,
  surfNext,
  ticketStatus,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import type { TestSocket } from '../support/socket-client.js';
import { addTeamMember, createTeam, inviteToTeam } from '../support/team-fixtures.js';

/** The surf bar and teams: a team's campaigns never pay its own members. */
const testApp = useSurfTestApp();
const { db } = testApp;

type Surfer = TestMember & { tab: TestSocket };
const member = () => signUp(testApp.baseUrl);
const newSurfer = () => surfer(testApp.baseUrl);

/** A promoted post of the owner's written for the team (posts.team_id, as a post written while the team is current). */
async function teamPost(owner: TestMember, teamId: number, credits = 3): Promise<number> {
  const pid = await promotedPost(owner, credits);
  await db.query(`UPDATE posts SET team_id = $1 WHERE id = $2`, [teamId, pid]);
  return pid;
}

/** Every post the surf bar offers the member, in order, each viewed and credited, until none is left. */
async function offeredUntilEmpty(viewer: Surfer): Promise<number[]> {
  const offered: number[] = [];
  for (;;) {
    const { body } = await surfNext(viewer.browser, viewer.tab);
    if (!body.data!.post) return offered;
    offered.push(body.data!.post.pid);
    await creditedClaim(viewer.tab, body.data!.ticket!.id);
    if (offered.length > 10) throw new Error(`offered again and again: ${offered.join(', ')}`);
  }
}

describe("a team's posts in the surf bar", () => {
  it("are never offered to the team's active members; members only invited and non-members are offered them", async () => {
    const alice = await member();
    const team = await createTeam(alice);
    const teamPid = await teamPost(alice, team.id, 5);
    const other = await promotedPost(await member(), 5);

    const manager = await newSurfer();
    await addTeamMember(db, alice, team.id, manager, 'manager');
    const analyst = await newSurfer();
    await addTeamMember(db, alice, team.id, analyst, 'analyst');
    const invited = await newSurfer();
    await inviteToTeam(db, alice, team.id, invited);
    const stranger = await newSurfer();

    expect(await offeredUntilEmpty(manager)).toEqual([other]);
    expect(await offeredUntilEmpty(analyst)).toEqual([other]);
    expect((await offeredUntilEmpty(invited)).sort()).toEqual([teamPid, other].sort());
    expect((await offeredUntilEmpty(stranger)).sort()).toEqual([teamPid, other].sort());
  });

  it('a member who leaves the team is offered its posts again at once', async () => {
    const alice = await member();
    const team = await createTeam(alice);
    const teamPid = await teamPost(alice, team.id);
    const bob = await newSurfer();
    await addTeamMember(db, alice, team.id, bob);

    expect(await offeredUntilEmpty(bob)).toEqual([]);
    expect((await bob.browser.post(teamApiPath(team.id, '/leave'))).status).toBe(200);
    expect(await offeredUntilEmpty(bob)).toEqual([teamPid]);
  });

  it("a team post is no reason to come back later: the member is told nobody else's post is on offer", async () => {
    const alice = await member();
    const team = await createTeam(alice);
    const teamPid = await teamPost(alice, team.id);
    const bob = await newSurfer();
    // Viewed (and credited) before joining: as a non-member it would be offered again in 24 hours.
    expect(await offeredUntilEmpty(bob)).toEqual([teamPid]);
    await addTeamMember(db, alice, team.id, bob);

    const { body } = await surfNext(bob.browser, bob.tab);
    expect(body.data).toMatchObject({
      post: null,
      ticket: null,
      emptyReason: 'no_posts',
      nextAt: null,
      data: { message: expect.stringMatching(/no posts for you to view right now/i) },
    });
  });
});

describe("a claim of a team's post by a member who joined after it was offered", () => {
  it('earns nothing and pays nothing: balances, campaign and ledger stay as they were', async () => {
    const alice = await member();
    const team = await createTeam(alice);
    const teamPid = await teamPost(alice, team.id, 5);
    const bob = await newSurfer();
    const { ticketId, pid } = await nextTicket(bob.browser, bob.tab);
    expect(pid).toBe(teamPid);

    await addTeamMember(db, alice, team.id, bob);
    const campaignBefore = await storedCampaign(db, teamPid);
    const ledgerBefore = await ledgerRowsOfCampaign(db, teamPid);

    expect(await claim(bob.tab, ticketId)).toEqual({
      data: {
        outcome: 'own_team',
        credited: 0,
        cc: SIGNUP_BONUS_CREDITS,
        message: expect.stringMatching(/your team's.*No credit for this view/),
        today: expect.objectContaining({ earnedToday: 0 }),
      },
    });
    expect(await ticketStatus(db, ticketId)).toBe('uncredited');
    expect(await balanceOf(db, bob.id)).toBe(SIGNUP_BONUS_CREDITS);
    expect(await storedCampaign(db, teamPid)).toEqual(campaignBefore);
    expect(await ledgerRowsOfCampaign(db, teamPid)).toEqual(ledgerBefore);
    const earned = await db.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE account = 'user' AND user_id = $1`, [
      bob.id,
    ]);
    expect(earned.rows[0].n).toBe(1); // the sign-up bonus only
  });

  it('the next post in the same acknowledgement is never the team’s', async () => {
    const alice = await member();
    const team = await createTeam(alice);
    await teamPost(alice, team.id);
    const other = await promotedPost(await member(), 3);
    const bob = await newSurfer();
    // Asked again if the other post came first: it was just served, so the team's comes next.
    const first = await nextTicket(bob.browser, bob.tab);
    const teamTicket = first.pid === other ? await nextTicket(bob.browser, bob.tab) : first;
    expect(teamTicket.pid).not.toBe(other);

    await addTeamMember(db, alice, team.id, bob);
    const answer = await claimWithNext(bob.tab, teamTicket.ticketId);
    expect(answer).toMatchObject({ data: { outcome: 'own_team', credited: 0 } });
    const next = 'data' in answer ? answer.data.next : undefined;
    expect(next?.post?.pid ?? null).toBe(other);
  });
});
