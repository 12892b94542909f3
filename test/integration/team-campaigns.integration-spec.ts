import type pg from 'pg';
import { ErrorCode } from '../../shared/api/error-codes.js';
import type { Paged } from '../../shared/accounts/account.answers.js';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '../../shared/campaigns/campaigns.js';
import { CREDITS_ENDPOINTS, type LedgerRow } from '../../shared/credits/credits.js';
import { STATS_ENDPOINTS, type PostStats, type StatsOverview } from '../../shared/stats/stats.js';
import { groupApiPath } from '../../shared/groups/groups.js';
import { teamApiPath, type TeamAuditItem } from '../../shared/teams/teams.js';
import type { ListPage } from '../../shared/api/list-page.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { createGroup } from '../support/group-fixtures.js';
import { hourAgo, seedHourly } from '../support/stats-fixtures.js';
import { balanceOf, campaignCall, createPost, grantCredits, postPayload, storedCampaign } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { actAs, addTeamMember, createTeam, storedTeam } from '../support/team-fixtures.js';

const testApp = useSurfTestApp({ rateLimitFactor: 10_000 });
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const postPath = (pid: number) => `${CAMPAIGN_ENDPOINTS.post}/${pid}`;
const postStatsPath = (pid: number) => `${STATS_ENDPOINTS.posts}/${pid}?days=7`;
const overviewPath = `${STATS_ENDPOINTS.overview}?days=7`;
const codesOf = (body: { errors: { code: string }[] }) => body.errors.map((error) => error.code);

/** A team of `owner` holding `credits` (moved in from the owner's balance), with `who` joined as `role`. */
async function teamWith(owner: TestMember, credits: number, ...joined: [TestMember, 'manager' | 'analyst'][]) {
  const team = await createTeam(owner);
  for (const [who, role] of joined) await addTeamMember(db, owner, team.id, who, role);
  if (credits > 0) {
    await grantCredits(db, owner.id, credits);
    const deposit = await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: credits });
    expect(deposit.status).toBe(200);
  }
  return team;
}

async function listed(who: TestMember): Promise<number[]> {
  const { status, body } = await who.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
  expect(status).toBe(200);
  return body.data!.map((item) => item.post.pid);
}

async function storedPost(pid: number): Promise<{ user_id: number; team_id: number | null; deleted: boolean }> {
  const { rows } = await db.query(`SELECT user_id, team_id, deleted_at IS NOT NULL AS deleted FROM posts WHERE id = $1`, [pid]);
  return rows[0];
}

/** The team's ledger rows, oldest first: [kind, amount]. */
async function teamLedger(teamId: number): Promise<[string, number][]> {
  const { rows } = await db.query(`SELECT kind, amount FROM credit_ledger WHERE account = 'team' AND team_id = $1 ORDER BY id`, [
    teamId,
  ]);
  return rows.map((row) => [row.kind, Number(row.amount)]);
}

/** The team's campaign_changed audit rows, oldest first: [actor, change, pid, amount?]. */
async function campaignAudit(client: pg.Client, teamId: number): Promise<unknown[]> {
  const { rows } = await client.query(
    `SELECT actor_id, details FROM team_audit WHERE team_id = $1 AND action = 'campaign_changed' ORDER BY id`,
    [teamId],
  );
  return rows.map((row) => ({ actor: row.actor_id, ...row.details }));
}

/** What a refused call could have changed. */
async function fingerprint(teamId: number, who: TestMember): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM credit_ledger) AS ledger,
            (SELECT count(*) FROM team_audit) AS audit, (SELECT credits FROM teams WHERE id = $1) AS team_credits,
            (SELECT credits FROM users WHERE id = $2) AS member_credits,
            (SELECT json_agg(c ORDER BY post_id) FROM (SELECT post_id, credits, paused, daily_view_cap FROM campaigns) c) AS campaigns,
            (SELECT json_agg(p ORDER BY id) FROM (SELECT id, text, deleted_at FROM posts) p) AS texts`,
    [teamId, who.id],
  );
  return rows[0];
}

describe('a manager acting for the team', () => {
  it('writes a post that is the team’s: the team’s list shows it to every member, no personal list does', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 0, [manager, 'manager']);
    const personal = await createPost(manager.browser);

    actAs(manager, team.id);
    const written = await createPost(manager.browser, { text: 'For the team' });
    expect(written.post.author.id).toBe(manager.id);
    expect(await storedPost(written.post.pid)).toEqual({ user_id: manager.id, team_id: team.id, deleted: false });
    expect(await listed(manager)).toEqual([written.post.pid]);
    actAs(owner, team.id);
    expect(await listed(owner)).toEqual([written.post.pid]);

    actAs(manager, null);
    actAs(owner, null);
    expect(await listed(manager)).toEqual([personal.post.pid]);
    expect(await listed(owner)).toEqual([]);
    expect(await campaignAudit(db, team.id)).toEqual([{ actor: manager.id, pid: written.post.pid, campaign: 'post_written' }]);
  });

  it('funds a team campaign from the team’s balance, takes credits back to it, and a delete refunds the team', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 30, [manager, 'manager']);
    const managerCredits = await balanceOf(db, manager.id);
    actAs(manager, team.id);
    const { post } = await createPost(manager.browser);

    const funded = await campaignCall(manager.browser, post.pid, 'assign', { amount: 12 });
    expect(funded.status).toBe(200);
    expect(funded.body.data).toMatchObject({ credits: 12, status: 'active' });
    expect((await storedTeam(db, team.id)).credits).toBe(18);
    expect((await storedCampaign(db, post.pid)).credits).toBe(12);
    expect(await balanceOf(db, manager.id)).toBe(managerCredits);

    const tooMuch = await campaignCall(manager.browser, post.pid, 'assign', { amount: 19 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors[0]!.message).toMatch(/team does not have that many credits/);

    const back = await campaignCall(manager.browser, post.pid, 'withdraw', { amount: 5 });
    expect(back.body.data).toMatchObject({ credits: 7 });
    expect((await storedTeam(db, team.id)).credits).toBe(23);

    expect((await manager.browser.delete(postPath(post.pid))).status).toBe(200);
    expect(await storedPost(post.pid)).toMatchObject({ deleted: true });
    expect((await storedTeam(db, team.id)).credits).toBe(30);
    expect(await balanceOf(db, manager.id)).toBe(managerCredits);
    expect(await teamLedger(team.id)).toEqual([
      ['team_deposit', 30],
      ['campaign_assign', -12],
      ['campaign_withdraw', 5],
      ['campaign_withdraw', 7],
    ]);
    expect(await campaignAudit(db, team.id)).toEqual([
      { actor: manager.id, pid: post.pid, campaign: 'post_written' },
      { actor: manager.id, pid: post.pid, campaign: 'credits_assigned', amount: 12 },
      { actor: manager.id, pid: post.pid, campaign: 'credits_withdrawn', amount: 5 },
      { actor: manager.id, pid: post.pid, campaign: 'post_deleted' },
    ]);
  });

  it('the team’s campaigns list carries each campaign’s clicks, click rate and days left, for an analyst too', async () => {
    const [owner, analyst] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 20, [analyst, 'analyst']);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser);
    await campaignCall(owner.browser, post.pid, 'assign', { amount: 18 });
    // 4 views paid since yesterday: 18 credits last 5 days at 4 a day.
    await seedHourly(db, post.pid, hourAgo(24), 'surf', { credited: 4, linkClicks: 1 });
    await db.query(`UPDATE campaigns SET views_total = 4 WHERE post_id = $1`, [post.pid]);

    actAs(analyst, team.id);
    const { body } = await analyst.browser.get<CampaignItem[]>(CAMPAIGN_ENDPOINTS.posts);
    expect(body.data).toEqual([expect.objectContaining({ clicks: 1, clickRate: 0.25, runsOutInDays: 5 })]);
  });

  it('the credits history, the team audit and Detailed Stats name a post by its first line, and a deleted one as such', async () => {
    const owner = await member();
    const team = await teamWith(owner, 10);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser, { text: 'Spring sale on garden tools\nUntil Sunday' });
    const gone = await createPost(owner.browser, { text: 'Winter boots' });
    await campaignCall(owner.browser, post.pid, 'assign', { amount: 4 });
    await campaignCall(owner.browser, gone.post.pid, 'assign', { amount: 2 });
    expect((await owner.browser.delete(postPath(gone.post.pid))).status).toBe(200);

    const history = await owner.browser.get<Paged<LedgerRow>>(CREDITS_ENDPOINTS.ledger);
    expect(history.body.data!.items.map((row) => [row.kind, row.postTitle])).toEqual([
      ['campaign_withdraw', 'a deleted post'],
      ['campaign_assign', 'a deleted post'],
      ['campaign_assign', 'Spring sale on garden tools'],
      ['team_deposit', null],
    ]);
    const audit = await owner.browser.get<ListPage<TeamAuditItem>>(teamApiPath(team.id, '/audit'));
    const titles = audit.body.data!.items.filter((item) => item.details.pid !== undefined).map((item) => item.postTitle);
    expect(new Set(titles)).toEqual(new Set(['Spring sale on garden tools', 'a deleted post']));
    const stats = await owner.browser.get<PostStats>(postStatsPath(post.pid));
    expect(stats.body.data!.postTitle).toBe('Spring sale on garden tools');
  });

  it('a retried funding (same Idempotency-Key) moves and records once', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 10, [manager, 'manager']);
    actAs(manager, team.id);
    const { post } = await createPost(manager.browser);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await campaignCall(manager.browser, post.pid, 'assign', { amount: 4 }, 'retry-key-123')).status).toBe(200);
    }
    expect((await storedTeam(db, team.id)).credits).toBe(6);
    expect(
      (await campaignAudit(db, team.id)).filter((row) => (row as { campaign: string }).campaign === 'credits_assigned'),
    ).toHaveLength(1);
  });

  it('pauses, resumes, caps and edits a team campaign; each change is audited with who made it', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 0, [manager, 'manager']);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser);
    actAs(manager, team.id);
    expect((await campaignCall(manager.browser, post.pid, 'pause')).body.data).toMatchObject({ status: 'paused' });
    expect((await campaignCall(manager.browser, post.pid, 'resume')).status).toBe(200);
    expect((await campaignCall(manager.browser, post.pid, 'settings', { dailyViewCap: 9 })).body.data).toMatchObject({
      dailyViewCap: 9,
    });
    const edited = await manager.browser.put<CampaignItem>(postPath(post.pid), postPayload({ text: 'Edited by the manager' }));
    expect(edited.body.data!.post).toMatchObject({ text: 'Edited by the manager', author: { id: owner.id } });
    expect(await campaignAudit(db, team.id)).toEqual([
      { actor: owner.id, pid: post.pid, campaign: 'post_written' },
      { actor: manager.id, pid: post.pid, campaign: 'paused' },
      { actor: manager.id, pid: post.pid, campaign: 'resumed' },
      { actor: manager.id, pid: post.pid, campaign: 'daily_view_cap_set', dailyViewCap: 9 },
      { actor: manager.id, pid: post.pid, campaign: 'post_edited' },
    ]);
  });
});

describe('whose posts a call may touch', () => {
  it('a team post is not found without the team current, and a member’s own post is not found with it', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 10, [manager, 'manager']);
    await grantCredits(db, manager.id, 10);
    const own = await createPost(manager.browser);
    actAs(manager, team.id);
    const teams = await createPost(manager.browser);
    await seedHourly(db, teams.post.pid, hourAgo(1), 'feed', { seen: 3 });
    await seedHourly(db, own.post.pid, hourAgo(1), 'feed', { seen: 5 });

    const attempts = async (pid: number) => [
      (await campaignCall(manager.browser, pid, 'assign', { amount: 1 })).status,
      (await campaignCall(manager.browser, pid, 'pause')).status,
      (await manager.browser.put(postPath(pid), postPayload())).status,
      (await manager.browser.get(postStatsPath(pid))).status,
      (await manager.browser.delete(postPath(pid))).status,
    ];
    const before = await fingerprint(team.id, manager);
    expect(await attempts(own.post.pid)).toEqual([404, 404, 404, 404, 404]);
    actAs(manager, null);
    expect(await attempts(teams.post.pid)).toEqual([404, 404, 404, 404, 404]);
    expect(await fingerprint(team.id, manager)).toEqual(before);

    const personal = await manager.browser.get<StatsOverview>(overviewPath);
    expect(personal.body.data!.posts.map((post) => post.pid)).toEqual([own.post.pid]);
    actAs(manager, team.id);
    const ofTeam = await manager.browser.get<StatsOverview>(overviewPath);
    expect(ofTeam.body.data!.posts.map((post) => post.pid)).toEqual([teams.post.pid]);
    expect(ofTeam.body.data!.totals.seen).toBe(3);
  });

  it('an analyst reads the team’s campaigns and Detailed Stats but cannot write, fund, change or delete', async () => {
    const [owner, analyst] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 10, [analyst, 'analyst']);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser);
    await seedHourly(db, post.pid, hourAgo(2), 'feed', { seen: 4, viewed: 2 });
    actAs(analyst, team.id);

    expect(await listed(analyst)).toEqual([post.pid]);
    const overview = await analyst.browser.get<StatsOverview>(overviewPath);
    expect(overview.body.data!.posts.map((row) => row.pid)).toEqual([post.pid]);
    const stats = await analyst.browser.get<PostStats>(postStatsPath(post.pid));
    expect(stats.body.data!.totals).toMatchObject({ seen: 4, viewed: 2 });

    const before = await fingerprint(team.id, analyst);
    const refused = [
      await analyst.browser.post(CAMPAIGN_ENDPOINTS.posts, postPayload()),
      await campaignCall(analyst.browser, post.pid, 'assign', { amount: 1 }),
      await campaignCall(analyst.browser, post.pid, 'withdraw', { amount: 1 }),
      await campaignCall(analyst.browser, post.pid, 'pause'),
      await campaignCall(analyst.browser, post.pid, 'settings', { dailyViewCap: 3 }),
      await analyst.browser.put(postPath(post.pid), postPayload()),
      await analyst.browser.delete(postPath(post.pid)),
    ];
    expect(refused.map(({ status, body }) => [status, codesOf(body)])).toEqual(
      refused.map(() => [403, [ErrorCode.TeamRoleForbidden]]),
    );
    expect(await fingerprint(team.id, analyst)).toEqual(before);
  });

  it('a member who is not in the team, with a forged header, is refused on every campaign and stats call; nothing changes', async () => {
    const [owner, stranger] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 10);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser);
    await campaignCall(owner.browser, post.pid, 'assign', { amount: 5 });
    actAs(stranger, team.id);
    const before = await fingerprint(team.id, stranger);
    const refused = [
      await stranger.browser.get(CAMPAIGN_ENDPOINTS.posts),
      await stranger.browser.post(CAMPAIGN_ENDPOINTS.posts, postPayload()),
      await campaignCall(stranger.browser, post.pid, 'assign', { amount: 1 }),
      await campaignCall(stranger.browser, post.pid, 'withdraw', { amount: 5 }),
      await campaignCall(stranger.browser, post.pid, 'pause'),
      await stranger.browser.put(postPath(post.pid), postPayload()),
      await stranger.browser.delete(postPath(post.pid)),
      await stranger.browser.get(overviewPath),
      await stranger.browser.get(postStatsPath(post.pid)),
    ];
    expect(refused.map(({ status, body }) => [status, codesOf(body)])).toEqual(
      refused.map(() => [403, [ErrorCode.TeamForbidden]]),
    );
    expect(await fingerprint(team.id, stranger)).toEqual(before);
  });

  it('a removed manager’s next call for the team is refused, and the team’s campaigns stay as they were', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 10, [manager, 'manager']);
    actAs(manager, team.id);
    const { post } = await createPost(manager.browser);
    expect((await campaignCall(manager.browser, post.pid, 'assign', { amount: 4 })).status).toBe(200);

    expect((await owner.browser.delete(teamApiPath(team.id, `/members/${manager.id}`))).status).toBe(200);
    const before = await fingerprint(team.id, manager);
    const withdraw = await campaignCall(manager.browser, post.pid, 'withdraw', { amount: 4 });
    const remove = await manager.browser.delete(postPath(post.pid));
    expect([withdraw, remove].map(({ status, body }) => [status, codesOf(body)])).toEqual([
      [403, [ErrorCode.TeamForbidden]],
      [403, [ErrorCode.TeamForbidden]],
    ]);
    expect(await fingerprint(team.id, manager)).toEqual(before);

    // The post stays the team's: its remaining members still run it.
    actAs(owner, team.id);
    expect(await listed(owner)).toEqual([post.pid]);
  });

  it('deleting the group a team post was written in refunds the team, not the writer', async () => {
    const [owner, manager] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 10, [manager, 'manager']);
    const group = await createGroup(manager);
    const managerCredits = await balanceOf(db, manager.id);
    actAs(manager, team.id);
    const { post } = await createPost(manager.browser, { groupId: group.id });
    await campaignCall(manager.browser, post.pid, 'assign', { amount: 6 });
    expect((await storedTeam(db, team.id)).credits).toBe(4);

    actAs(manager, null);
    expect((await manager.browser.delete(groupApiPath(group.slug))).status).toBe(200);
    expect(await storedPost(post.pid)).toMatchObject({ deleted: true });
    expect((await storedTeam(db, team.id)).credits).toBe(10);
    expect(await balanceOf(db, manager.id)).toBe(managerCredits);
  });

  it('the credits history with a team current is the team’s (analysts read it too); without one, the member’s own', async () => {
    const [owner, analyst] = await Promise.all([member(), member()]);
    const team = await teamWith(owner, 9, [analyst, 'analyst']);
    actAs(owner, team.id);
    const { post } = await createPost(owner.browser);
    await campaignCall(owner.browser, post.pid, 'assign', { amount: 4 });

    const history = async (who: TestMember) => {
      const { status, body } = await who.browser.get<Paged<LedgerRow>>(CREDITS_ENDPOINTS.ledger);
      expect(status).toBe(200);
      return body.data!.items.map((row) => [row.kind, row.amount, row.pid]);
    };
    const teams = [
      ['campaign_assign', -4, post.pid],
      ['team_deposit', 9, null],
    ];
    expect(await history(owner)).toEqual(teams);
    actAs(analyst, team.id);
    expect(await history(analyst)).toEqual(teams);
    actAs(owner, null);
    expect(await history(owner)).toEqual(expect.arrayContaining([['team_deposit', -9, null]]));
    expect((await history(owner)).some(([kind]) => kind === 'campaign_assign')).toBe(false);
  });
});
