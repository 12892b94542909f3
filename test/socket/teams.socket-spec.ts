import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket, refusedConnection, socketIdOf } from '../support/socket-client.js';
import { grantCredits } from '../support/surf-fixtures.js';
import { addTeamMember, createTeam, inviteToTeam } from '../support/team-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const teamTab = (who: TestMember, teamId: number) => connectSocket(testApp.baseUrl, who.browser, { teamId });

async function refusedFor(who: TestMember, teamId: number): Promise<string> {
  return refusedConnection(testApp.baseUrl, { sid: who.browser.sid!, socketId: await socketIdOf(who.browser), teamId });
}

describe('a tab acting for a team', () => {
  it('an active member’s tab joins the team: a credit move shows the team’s count there at once', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    await addTeamMember(db, owner, team.id, manager);
    const ownerTab = await teamTab(owner, team.id);
    const plainTab = await connectSocket(testApp.baseUrl, owner.browser);
    await grantCredits(db, manager.id, 20);

    await manager.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 15 });
    const [live] = await ownerTab.next('live:data', undefined, (data) => data.team !== undefined);
    expect(live.team).toEqual({ id: team.id, cc: 15 });
    await plainTab.expectNo('live:data', undefined, (data) => data.team !== undefined);
  });

  it('a team tab’s first live data and its catch-up carry the team’s credit count; a plain tab’s do not', async () => {
    const owner = await member();
    const team = await createTeam(owner);
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 7 });
    const tab = await teamTab(owner, team.id);
    expect(tab.live).toEqual({ cc: 3, live_time: expect.any(Number), team: { id: team.id, cc: 7 } });
    expect(await tab.resume({ afterNotificationId: 0 })).toMatchObject({
      data: { live: { cc: 3, team: { id: team.id, cc: 7 } } },
    });
    const plain = await connectSocket(testApp.baseUrl, owner.browser);
    expect(plain.live.team).toBeUndefined();
  });

  it('a handshake naming a team the member never joined, is only invited to, or was removed from is refused', async () => {
    const [owner, stranger, invitee, removed] = await Promise.all([member(), member(), member(), member()]);
    const team = await createTeam(owner);
    await inviteToTeam(db, owner, team.id, invitee);
    await addTeamMember(db, owner, team.id, removed);
    await owner.browser.delete(teamApiPath(team.id, `/members/${removed.id}`));
    for (const who of [stranger, invitee, removed]) {
      expect(await refusedFor(who, team.id)).toMatch(/not an active member/);
    }
    expect(await refusedFor(stranger, 2_000_000_000)).toMatch(/not an active member/);
  });

  it('members’ tabs hear teams:changed when someone is invited, joins or is removed, the removed member too', async () => {
    const [owner, manager, invitee] = await Promise.all([member(), member(), member()]);
    const team = await createTeam(owner);
    await addTeamMember(db, owner, team.id, manager);
    const [ownerTab, managerTab, inviteeTab] = await Promise.all([
      connectSocket(testApp.baseUrl, owner.browser),
      teamTab(manager, team.id),
      connectSocket(testApp.baseUrl, invitee.browser),
    ]);
    await inviteToTeam(db, owner, team.id, invitee);
    for (const tab of [ownerTab, managerTab, inviteeTab]) expect(await tab.next('teams:changed')).toEqual([{ teamId: team.id }]);
    await invitee.browser.post(teamApiPath(team.id, '/accept'));
    for (const tab of [ownerTab, managerTab, inviteeTab]) expect(await tab.next('teams:changed')).toEqual([{ teamId: team.id }]);

    await owner.browser.delete(teamApiPath(team.id, `/members/${manager.id}`));
    expect(await managerTab.next('teams:changed')).toEqual([{ teamId: team.id }]);
    // Out of the team's room: the team's credit count no longer reaches the removed member's tab.
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 5 });
    await managerTab.expectNo('live:data', undefined, (data) => data.team !== undefined);
  });
});
