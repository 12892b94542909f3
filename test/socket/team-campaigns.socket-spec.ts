import { teamApiPath } from '../../shared/teams/teams.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { connectSocket } from '../support/socket-client.js';
import {
  balanceOf,
  campaignCall,
  createPost,
  creditedClaim,
  grantCredits,
  nextTicket,
  promotedPost,
  setTestTimeout,
} from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { actAs, addTeamMember, createTeam, storedTeam } from '../support/team-fixtures.js';

setTestTimeout(import.meta, 60_000);

const testApp = useSurfTestApp({ socketEventsPerWindow: 1000 });
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const teamTab = (who: TestMember, teamId: number) => connectSocket(testApp.baseUrl, who.browser, { teamId });
const plainTab = (who: TestMember) => connectSocket(testApp.baseUrl, who.browser);

/** An owner's team with `credits` in it and a manager joined. */
async function teamOfTwo(credits: number) {
  const [owner, manager] = await Promise.all([member(), member()]);
  const team = await createTeam(owner);
  await addTeamMember(db, owner, team.id, manager, 'manager');
  if (credits > 0) {
    await grantCredits(db, owner.id, credits);
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: credits });
  }
  return { owner, manager, team };
}

describe('team members’ open tabs, live', () => {
  it('a manager’s post and funding reach the owner’s team tab at once (list, figures, team credit count); no personal tab hears of it', async () => {
    const { owner, manager, team } = await teamOfTwo(20);
    const ownerTeamTab = await teamTab(owner, team.id);
    const ownerPlainTab = await plainTab(owner);
    const managerPlainTab = await plainTab(manager);

    actAs(manager, team.id);
    const { post } = await createPost(manager.browser, { text: 'Written for the team' });
    const [written] = await ownerTeamTab.next('posts:changed', undefined, ({ pid }) => pid === post.pid);
    expect(written.item).toMatchObject({ post: { pid: post.pid, text: 'Written for the team' }, credits: 0 });

    expect((await campaignCall(manager.browser, post.pid, 'assign', { amount: 8 })).status).toBe(200);
    const [live] = await ownerTeamTab.next('live:data', undefined, (data) => data.team !== undefined);
    expect(live.team).toEqual({ id: team.id, cc: 12 });
    const [figures] = await ownerTeamTab.next('campaigns:updated', undefined, ({ campaigns }) =>
      campaigns.some((campaign) => campaign.pid === post.pid && campaign.credits === 8),
    );
    expect(figures.campaigns.map((campaign) => campaign.pid)).toEqual([post.pid]);

    for (const personal of [ownerPlainTab, managerPlainTab]) {
      await personal.expectNo('posts:changed');
      await personal.expectNo('campaigns:updated');
      await personal.expectNo('live:data', undefined, (data) => data.team !== undefined);
    }
  });

  it('a member’s own campaign changes reach their tabs acting for no team, never their team tab', async () => {
    const { manager, team } = await teamOfTwo(0);
    await grantCredits(db, manager.id, 5);
    const managerTeamTab = await teamTab(manager, team.id);
    const managerPlainTab = await plainTab(manager);

    const { post } = await createPost(manager.browser);
    await managerPlainTab.next('posts:changed', undefined, ({ pid }) => pid === post.pid);
    await campaignCall(manager.browser, post.pid, 'assign', { amount: 5 });
    await managerPlainTab.next('campaigns:updated', undefined, ({ campaigns }) =>
      campaigns.some((campaign) => campaign.pid === post.pid),
    );
    await managerTeamTab.expectNo('posts:changed');
    await managerTeamTab.expectNo('campaigns:updated');
  });

  it('a paid view of a team campaign pushes its figures to the team’s tabs', async () => {
    const { owner, manager, team } = await teamOfTwo(10);
    actAs(manager, team.id);
    const { post } = await createPost(manager.browser);
    await campaignCall(manager.browser, post.pid, 'assign', { amount: 3 });
    const ownerTeamTab = await teamTab(owner, team.id);

    const viewer = await member();
    const viewerTab = await plainTab(viewer);
    const { ticketId, pid } = await nextTicket(viewer.browser, viewerTab);
    expect(pid).toBe(post.pid);
    await creditedClaim(viewerTab, ticketId);

    const [paid] = await ownerTeamTab.next('campaigns:updated', undefined, ({ campaigns }) =>
      campaigns.some((campaign) => campaign.pid === post.pid && campaign.viewsTotal === 1),
    );
    expect(paid.campaigns.find((campaign) => campaign.pid === post.pid)).toMatchObject({ credits: 2, viewsTotal: 1 });
  });
});

describe('a team campaign that runs out of credits', () => {
  it('tells the team’s owners and managers, each in their own tabs, and not its analysts', async () => {
    const { owner, manager, team } = await teamOfTwo(1);
    const analyst = await member();
    await addTeamMember(db, owner, team.id, analyst, 'analyst');
    actAs(manager, team.id);
    const { post } = await createPost(manager.browser, { text: 'Spring sale on garden tools' });
    await campaignCall(manager.browser, post.pid, 'assign', { amount: 1 });
    const [ownerTab, managerTab] = await Promise.all([plainTab(owner), plainTab(manager)]);

    const viewer = await member();
    const viewerTab = await plainTab(viewer);
    const { ticketId, pid } = await nextTicket(viewer.browser, viewerTab);
    expect(pid).toBe(post.pid);
    await creditedClaim(viewerTab, ticketId);

    const notice = { type: 'campaign_out_of_credits', heading: 'Team campaign out of credits', link: '/home/yourPosts' };
    const [[toOwner], [toManager]] = await Promise.all([ownerTab.next('notification:new'), managerTab.next('notification:new')]);
    expect(toOwner).toMatchObject(notice);
    expect(toOwner.body).toContain(team.name);
    expect(toOwner.body).toContain('“Spring sale on garden tools”');
    expect(toManager).toMatchObject(notice);
    const { rows } = await db.query(
      `SELECT user_id FROM notifications WHERE type = 'campaign_out_of_credits' AND user_id = ANY ($1) ORDER BY user_id`,
      [[owner.id, manager.id, analyst.id]],
    );
    expect(rows.map((row: { user_id: number }) => row.user_id)).toEqual([owner.id, manager.id].sort((a, b) => a - b));
  });
});

describe('Earn Credits while a team is current', () => {
  it('a view credits the member’s own balance, never the team’s, whatever the tab and the header say', async () => {
    const { manager, team } = await teamOfTwo(10);
    const advertiser = await member();
    await grantCredits(db, advertiser.id, 5);
    const pid = await promotedPost(advertiser, 5);

    actAs(manager, team.id);
    const managerTeamTab = await teamTab(manager, team.id);
    const before = { own: await balanceOf(db, manager.id), team: (await storedTeam(db, team.id)).credits };
    const { ticketId, pid: offered } = await nextTicket(manager.browser, managerTeamTab);
    expect(offered).toBe(pid);
    const answer = await creditedClaim(managerTeamTab, ticketId);

    expect(answer.cc).toBe(before.own + 1);
    expect(await balanceOf(db, manager.id)).toBe(before.own + 1);
    expect((await storedTeam(db, team.id)).credits).toBe(before.team);
    const { rows } = await db.query(
      `SELECT account, user_id, team_id FROM credit_ledger WHERE kind = 'view_earned' AND (user_id = $1 OR team_id = $2)`,
      [manager.id, team.id],
    );
    expect(rows).toEqual([{ account: 'user', user_id: manager.id, team_id: null }]);
  });
});
