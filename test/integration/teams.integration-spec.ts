import { ErrorCode } from '../../shared/api/error-codes.js';
import type { ListPage } from '../../shared/api/list-page.js';
import type { NotificationsPage } from '../../shared/notifications/notifications.js';
import type { StartAnswer } from '../../shared/start/start.js';
import {
  TEAM_ENDPOINTS,
  teamApiPath,
  teamInviteApiPath,
  type TeamAuditItem,
  type TeamCreditsAnswer,
  type TeamDetail,
  type TeamInvitePreview,
  type TeamsOverview,
} from '../../shared/teams/teams.js';
import { latestMail, signUp, type TestMember } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { balanceOf, expectLedgerBalanced, grantCredits } from '../support/surf-fixtures.js';
import {
  actAs,
  addTeamMember,
  auditActions,
  createTeam,
  inviteToTeam,
  inviteTokenIn,
  storedTeam,
} from '../support/team-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const codesOf = (body: { errors: { code: string }[] }) => body.errors.map((error) => error.code);
const start = async (who: TestMember) => (await who.browser.get<StartAnswer>('/data/start')).body.data!.user!;

/** A team owned by `owner` with an active manager and an active analyst. */
async function teamOfThree() {
  const [owner, manager, analyst] = await Promise.all([member(), member(), member()]);
  const team = await createTeam(owner);
  await addTeamMember(db, owner, team.id, manager, 'manager');
  await addTeamMember(db, owner, team.id, analyst, 'analyst');
  return { owner, manager, analyst, team };
}

describe('creating a team and the start answer', () => {
  it('a member creates a team and owns it; /data/start lists it in multiAccounts, with active and invited members keyed by user id', async () => {
    const [owner, manager, invitee] = await Promise.all([member(), member(), member()]);
    const team = await createTeam(owner, '  Acme Ads  ');
    expect(team).toMatchObject({ name: 'Acme Ads', role: 'owner', credits: 0, allowWithdraw: false, image: null });
    await addTeamMember(db, owner, team.id, manager, 'manager');
    await inviteToTeam(db, owner, team.id, invitee, 'analyst');

    actAs(owner, team.id);
    const user = await start(owner);
    expect(user.currentTeam).toEqual({ id: team.id, name: 'Acme Ads', image: null, role: 'owner' });
    const entry = user.multiAccounts[team.id];
    expect(entry).toMatchObject({ id: team.id, name: 'Acme Ads', role: 'owner', credits: 0 });
    expect(Object.keys(entry.members.active).sort()).toEqual([String(owner.id), String(manager.id)].sort());
    expect(entry.members.active[manager.id]).toMatchObject({
      tid: team.id,
      uid: manager.id,
      username: manager.username,
      role: 'manager',
    });
    expect(Object.keys(entry.members.invited)).toEqual([String(invitee.id)]);
    expect(entry.members.invited[invitee.id]).toMatchObject({
      tid: team.id,
      uid: invitee.id,
      role: 'analyst',
      invitedBy: owner.id,
    });

    // The invitee is not in it yet: no entry, an invitation instead.
    const invited = await start(invitee);
    expect(invited.multiAccounts).toEqual({});
    expect(invited.teamInvitations).toEqual([
      expect.objectContaining({ team: { id: team.id, name: 'Acme Ads', image: null }, role: 'analyst' }),
    ]);
    expect(await auditActions(db, team.id)).toEqual(['team_created', 'member_invited', 'invite_accepted', 'member_invited']);
  });

  it('a member’s new first name reaches their teammates’ start answer at once', async () => {
    const { owner, analyst, team } = await teamOfThree();
    expect((await start(owner)).multiAccounts[team.id].members.active[analyst.id].first_name).toBe('Test');
    expect((await analyst.browser.put('/data/settings/profile', { first_name: 'Renamed' })).status).toBe(200);
    await eventually(async () =>
      expect((await start(owner)).multiAccounts[team.id].members.active[analyst.id].first_name).toBe('Renamed'),
    );
  });

  it('without the header, or with a stale one, /data/start answers no current team instead of refusing', async () => {
    const [owner, stranger] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    expect((await start(owner)).currentTeam).toBeNull();
    actAs(stranger, team.id);
    const answer = await stranger.browser.get<StartAnswer>('/data/start');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.user!.currentTeam).toBeNull();
  });

  it('refuses a blank name and a picture the member did not upload, storing nothing', async () => {
    const owner = await member();
    const blank = await owner.browser.post(TEAM_ENDPOINTS.teams, { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toMatchObject({ code: ErrorCode.Validation, field: 'name' });
    const picture = await owner.browser.post(TEAM_ENDPOINTS.teams, {
      name: 'Pics',
      imageId: '00000000-0000-4000-8000-000000000000',
    });
    expect(picture.status).toBe(400);
    expect(picture.body.errors[0]).toMatchObject({ code: ErrorCode.Validation, field: 'imageId' });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM teams WHERE created_by = $1`, [owner.id]);
    expect(rows[0].n).toBe(0);
  });

  it('GET /data/teams lists the member’s teams and invitations; a team one is not in answers 404', async () => {
    const { owner, analyst, team } = await teamOfThree();
    const overview = (await analyst.browser.get<TeamsOverview>(TEAM_ENDPOINTS.teams)).body.data!;
    expect(Object.keys(overview.teams)).toEqual([String(team.id)]);
    expect(overview.teams[team.id].role).toBe('analyst');
    const stranger = await member();
    const detail = await stranger.browser.get(teamApiPath(team.id));
    expect(detail.status).toBe(404);
    expect((await owner.browser.get<TeamDetail>(teamApiPath(team.id))).body.data!.createdBy).toBe(owner.id);
  });
});

describe('inviting', () => {
  it('invites by username or email: a mail with a single-use link and an in-app notification', async () => {
    const [owner, byName, byEmail] = await Promise.all([member(), member(), member()]);
    const team = await createTeam(owner, 'Mailers');
    await inviteToTeam(db, owner, team.id, byName, 'analyst');
    const viaEmail = await owner.browser.post<TeamDetail>(teamApiPath(team.id, '/invites'), {
      invitee: byEmail.email.toUpperCase(),
      role: 'manager',
    });
    expect(viaEmail.status).toBe(200);
    expect(Object.keys(viaEmail.body.data!.members.invited).sort()).toEqual([String(byName.id), String(byEmail.id)].sort());

    const mail = (await latestMail(db, byEmail.email))!;
    expect(mail.subject).toContain('Mailers');
    expect(inviteTokenIn(mail.text_body)).toMatch(/^\d+\.[A-Za-z0-9_-]+$/);
    const notifications = (await byEmail.browser.get<NotificationsPage>('/data/notifications')).body.data!;
    expect(notifications.items[0]).toMatchObject({ type: 'team_invite', link: '/settings/multiAccounts' });
    // Only the hash of the link's secret is stored.
    const { rows } = await db.query(`SELECT token_hash FROM team_invites WHERE user_id = $1`, [byEmail.id]);
    expect(rows[0].token_hash).toHaveLength(32);
  });

  it('refuses an unknown invitee, someone already in or invited, and oneself', async () => {
    const { owner, manager, team } = await teamOfThree();
    const unknown = await owner.browser.post(teamApiPath(team.id, '/invites'), { invitee: 'nobody_here_at_all' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: ErrorCode.NotFound, field: 'invitee' });
    const again = await owner.browser.post(teamApiPath(team.id, '/invites'), { invitee: manager.username });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: ErrorCode.Conflict, field: 'invitee' });
    const self = await owner.browser.post(teamApiPath(team.id, '/invites'), { invitee: owner.username });
    expect(self.status).toBe(409);
  });

  it('a manager or an analyst cannot invite (team_role_forbidden), a stranger gets 404, and nothing is stored', async () => {
    const { manager, analyst, team } = await teamOfThree();
    const [target, stranger] = await Promise.all([member(), member()]);
    for (const who of [manager, analyst]) {
      const answer = await who.browser.post(teamApiPath(team.id, '/invites'), { invitee: target.username });
      expect(answer.status).toBe(403);
      expect(codesOf(answer.body)).toEqual([ErrorCode.TeamRoleForbidden]);
    }
    const outsider = await stranger.browser.post(teamApiPath(team.id, '/invites'), { invitee: target.username });
    expect(outsider.status).toBe(404);
    // Whether an account exists is not theirs to learn: an unknown invitee is refused the same way.
    for (const [who, status] of [
      [analyst, 403],
      [stranger, 404],
    ] as const) {
      const known = await who.browser.post(teamApiPath(team.id, '/invites'), { invitee: target.email });
      const unknown = await who.browser.post(teamApiPath(team.id, '/invites'), { invitee: 'nobody@nowhere.test' });
      expect([unknown.status, unknown.body.errors]).toEqual([status, known.body.errors]);
    }
    const { members } = await storedTeam(db, team.id);
    expect(members.map((row) => row.user_id)).not.toContain(target.id);
    expect((await latestMail(db, target.email))?.subject).toBe('Confirm your email address');
  });

  it('the owner cancels an invitation: its link stops working', async () => {
    const [owner, invitee] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    const token = await inviteToTeam(db, owner, team.id, invitee);
    const cancelled = await owner.browser.delete<TeamDetail>(teamApiPath(team.id, `/invites/${invitee.id}`));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data!.members.invited).toEqual({});
    const accept = await invitee.browser.post(teamInviteApiPath(token, '/accept'));
    expect(accept.status).toBe(404);
    expect(codesOf(accept.body)).toEqual([ErrorCode.LinkInvalid]);
  });
});

describe('answering an invitation', () => {
  it('the mailed link previews and accepts once; a second use is refused', async () => {
    const [owner, invitee] = await Promise.all([member(), member()]);
    const team = await createTeam(owner, 'Linkers');
    const token = await inviteToTeam(db, owner, team.id, invitee, 'analyst');
    const preview = await invitee.browser.get<TeamInvitePreview>(teamInviteApiPath(token));
    expect(preview.body.data).toMatchObject({
      team: { id: team.id, name: 'Linkers' },
      role: 'analyst',
      invitedBy: { id: owner.id },
    });

    const accepted = await invitee.browser.post<TeamDetail>(teamInviteApiPath(token, '/accept'));
    expect(accepted.status).toBe(200);
    expect(accepted.body.data!.role).toBe('analyst');
    expect((await start(invitee)).multiAccounts[team.id].role).toBe('analyst');

    const again = await invitee.browser.post(teamInviteApiPath(token, '/accept'));
    expect(again.status).toBe(404);
    expect(codesOf(again.body)).toEqual([ErrorCode.LinkInvalid]);
  });

  it('another account cannot use the link (and does not use it up); a forged secret is refused as any dead link', async () => {
    const [owner, invitee, other] = await Promise.all([member(), member(), member()]);
    const team = await createTeam(owner);
    const token = await inviteToTeam(db, owner, team.id, invitee);
    const stolen = await other.browser.post(teamInviteApiPath(token, '/accept'));
    expect(stolen.status).toBe(403);
    expect(codesOf(stolen.body)).toEqual([ErrorCode.TeamInviteOtherAccount]);
    const forged = await invitee.browser.post(teamInviteApiPath(`${token.split('.')[0]}.${'x'.repeat(43)}`, '/accept'));
    expect(codesOf(forged.body)).toEqual([ErrorCode.LinkInvalid]);
    expect((await storedTeam(db, team.id)).members.find((row) => row.user_id === other.id)).toBeUndefined();
    expect((await invitee.browser.post(teamInviteApiPath(token, '/accept'))).status).toBe(200);
  });

  it('an expired link and an expired invitation are refused', async () => {
    const [owner, invitee] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    const token = await inviteToTeam(db, owner, team.id, invitee);
    await db.query(`UPDATE team_invites SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [invitee.id]);
    const byLink = await invitee.browser.post(teamInviteApiPath(token, '/accept'));
    expect(codesOf(byLink.body)).toEqual([ErrorCode.LinkInvalid]);
    await db.query(`UPDATE team_members SET invite_expires_at = now() - interval '1 second' WHERE user_id = $1`, [invitee.id]);
    const inApp = await invitee.browser.post(teamApiPath(team.id, '/accept'));
    expect(inApp.status).toBe(404);
    expect((await storedTeam(db, team.id)).members.find((row) => row.user_id === invitee.id)?.status).toBe('invited');
    // A lapsed invitation no longer blocks a new one.
    expect((await owner.browser.post(teamApiPath(team.id, '/invites'), { invitee: invitee.username })).status).toBe(200);
  });

  it('declining by link or in the app removes the invitation; accepting in the app joins', async () => {
    const [owner, a, b, c] = await Promise.all([member(), member(), member(), member()]);
    const team = await createTeam(owner);
    const tokenA = await inviteToTeam(db, owner, team.id, a);
    await inviteToTeam(db, owner, team.id, b);
    await inviteToTeam(db, owner, team.id, c);
    expect((await a.browser.post(teamInviteApiPath(tokenA, '/decline'))).status).toBe(200);
    expect((await b.browser.post(teamApiPath(team.id, '/decline'))).status).toBe(200);
    expect((await c.browser.post(teamApiPath(team.id, '/accept'))).status).toBe(200);
    const { members } = await storedTeam(db, team.id);
    expect(members.map((row) => [row.user_id, row.status])).toEqual(
      [
        [owner.id, 'active'],
        [c.id, 'active'],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    expect(await auditActions(db, team.id)).toEqual(
      expect.arrayContaining(['invite_declined', 'invite_declined', 'invite_accepted']),
    );
    // Someone never invited has nothing to accept.
    const stranger = await member();
    expect((await stranger.browser.post(teamApiPath(team.id, '/accept'))).status).toBe(404);
  });
});

describe('roles, removal, leaving and ownership', () => {
  it('the owner changes a role; a manager cannot (team_role_forbidden) and nothing changes', async () => {
    const { owner, manager, analyst, team } = await teamOfThree();
    const changed = await owner.browser.put<TeamDetail>(teamApiPath(team.id, `/members/${analyst.id}/role`), { role: 'manager' });
    expect(changed.body.data!.members.active[analyst.id].role).toBe('manager');
    const refused = await manager.browser.put(teamApiPath(team.id, `/members/${analyst.id}/role`), { role: 'analyst' });
    expect(refused.status).toBe(403);
    expect(codesOf(refused.body)).toEqual([ErrorCode.TeamRoleForbidden]);
    expect((await storedTeam(db, team.id)).members.find((row) => row.user_id === analyst.id)?.role).toBe('manager');
    const audit = await db.query(`SELECT details FROM team_audit WHERE team_id = $1 AND action = 'role_changed'`, [team.id]);
    expect(audit.rows[0].details).toEqual({
      target: { id: analyst.id, username: analyst.username },
      role: 'manager',
      fromRole: 'analyst',
    });
  });

  it('the last owner can neither leave, step down nor remove themself; after a transfer they can leave', async () => {
    const { owner, manager, team } = await teamOfThree();
    for (const attempt of [
      () => owner.browser.post(teamApiPath(team.id, '/leave')),
      () => owner.browser.put(teamApiPath(team.id, `/members/${owner.id}/role`), { role: 'manager' }),
      () => owner.browser.delete(teamApiPath(team.id, `/members/${owner.id}`)),
    ]) {
      const answer = await attempt();
      expect(answer.status).toBe(409);
      expect(codesOf(answer.body)).toEqual([ErrorCode.LastOwner]);
    }
    const transferred = await owner.browser.post<TeamDetail>(teamApiPath(team.id, '/transfer'), { uid: manager.id });
    expect(transferred.status).toBe(200);
    expect(transferred.body.data!.members.active[manager.id].role).toBe('owner');
    expect(transferred.body.data!.role).toBe('manager');
    expect((await owner.browser.post(teamApiPath(team.id, '/leave'))).status).toBe(200);
    const { members } = await storedTeam(db, team.id);
    expect(members.find((row) => row.user_id === owner.id)).toBeUndefined();
    expect(await auditActions(db, team.id)).toEqual(expect.arrayContaining(['ownership_transferred', 'member_left']));
  });

  it('a transfer to someone not active in the team is refused', async () => {
    const [owner, invitee] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    await inviteToTeam(db, owner, team.id, invitee);
    const answer = await owner.browser.post(teamApiPath(team.id, '/transfer'), { uid: invitee.id });
    expect(answer.status).toBe(404);
    expect((await storedTeam(db, team.id)).members.find((row) => row.user_id === owner.id)?.role).toBe('owner');
  });

  it('a removal takes effect at once: the removed member’s next call with the team header is refused', async () => {
    const { owner, analyst, team } = await teamOfThree();
    actAs(analyst, team.id);
    expect((await analyst.browser.get(TEAM_ENDPOINTS.teams)).status).toBe(200);
    const removed = await owner.browser.delete<TeamDetail>(teamApiPath(team.id, `/members/${analyst.id}`));
    expect(removed.status).toBe(200);
    expect(removed.body.data!.members.active[analyst.id]).toBeUndefined();
    const after = await analyst.browser.get(TEAM_ENDPOINTS.teams);
    expect(after.status).toBe(403);
    expect(codesOf(after.body)).toEqual([ErrorCode.TeamForbidden]);
    actAs(analyst, null);
    const notifications = (await analyst.browser.get<NotificationsPage>('/data/notifications')).body.data!;
    expect(notifications.items[0]).toMatchObject({ type: 'team_removed' });
  });

  it('a membership ended by SQL by hand (another process, say) is refused within moments', async () => {
    const { analyst, team } = await teamOfThree();
    actAs(analyst, team.id);
    expect((await analyst.browser.get(TEAM_ENDPOINTS.teams)).status).toBe(200);
    await db.query(`DELETE FROM team_members WHERE team_id = $1 AND user_id = $2`, [team.id, analyst.id]);
    await eventually(async () => expect((await analyst.browser.get(TEAM_ENDPOINTS.teams)).status).toBe(403));
  });
});

describe('a forged or stale X-Current-Team', () => {
  /** Calls of every kind a member makes, each of which must be refused before it changes anything. */
  const calls = (teamId: number) =>
    [
      ['GET', TEAM_ENDPOINTS.teams],
      ['POST', TEAM_ENDPOINTS.teams, { name: 'Should not exist' }],
      ['GET', teamApiPath(teamId)],
      ['POST', teamApiPath(teamId, '/credits/deposit'), { amount: 5 }],
      ['POST', teamApiPath(teamId, '/leave')],
      ['GET', '/data/notifications'],
      ['GET', '/data/credits/ledger'],
      ['PUT', '/data/settings/profile', { first_name: 'Changed' }],
    ] as const;

  async function expectRefusedEverywhere(who: TestMember, teamId: number): Promise<void> {
    actAs(who, teamId);
    for (const [method, path, json] of calls(teamId)) {
      const answer = await who.browser.call(path, { method, ...(json ? { json } : {}) });
      expect([method, path, answer.status, codesOf(answer.body)]).toEqual([method, path, 403, [ErrorCode.TeamForbidden]]);
    }
    actAs(who, null);
  }

  async function expectNothingChanged(who: TestMember, teamId: number, credits: number): Promise<void> {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM teams WHERE name = 'Should not exist'`);
    expect(rows[0].n).toBe(0);
    expect(await balanceOf(db, who.id)).toBe(credits);
    expect((await storedTeam(db, teamId)).credits).toBe(0);
    expect((await start(who)).first_name).toBe('Test');
  }

  it('a team the member never belonged to', async () => {
    const [owner, stranger] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    await grantCredits(db, stranger.id, 50);
    await expectRefusedEverywhere(stranger, team.id);
    await expectNothingChanged(stranger, team.id, 60);
  });

  it('a team the member is invited to but has not joined', async () => {
    const [owner, invitee] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    await inviteToTeam(db, owner, team.id, invitee);
    await expectRefusedEverywhere(invitee, team.id);
    await expectNothingChanged(invitee, team.id, 10);
    expect((await storedTeam(db, team.id)).members.find((row) => row.user_id === invitee.id)?.status).toBe('invited');
  });

  it('a team the member was removed from', async () => {
    const { owner, manager, team } = await teamOfThree();
    await owner.browser.delete(teamApiPath(team.id, `/members/${manager.id}`));
    await expectRefusedEverywhere(manager, team.id);
    await expectNothingChanged(manager, team.id, 10);
  });

  it('a team that does not exist; a malformed header is ignored rather than refused', async () => {
    const who = await member();
    await expectRefusedEverywhere(who, 2_000_000_000);
    who.browser.headers['x-current-team'] = 'not-a-team';
    expect((await who.browser.get(TEAM_ENDPOINTS.teams)).status).toBe(200);
  });
});

describe('credits between a member and a team', () => {
  it('any active member moves credits in: both ledger rows in one move, balances follow, the audit says who', async () => {
    const { owner, analyst, team } = await teamOfThree();
    await grantCredits(db, analyst.id, 40);
    const moved = await analyst.browser.post<TeamCreditsAnswer>(teamApiPath(team.id, '/credits/deposit'), { amount: 30 });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ teamCredits: 30, memberCredits: 20 });
    const { rows } = await db.query(
      `SELECT account, user_id, team_id, kind, amount::int, idempotency_key FROM credit_ledger WHERE team_id = $1 ORDER BY id`,
      [team.id],
    );
    expect(rows.map((row) => ({ ...row, idempotency_key: undefined }))).toEqual([
      { account: 'user', user_id: analyst.id, team_id: team.id, kind: 'team_deposit', amount: -30, idempotency_key: undefined },
      { account: 'team', user_id: null, team_id: team.id, kind: 'team_deposit', amount: 30, idempotency_key: undefined },
    ]);
    expect(rows[0].idempotency_key).toBe(rows[1].idempotency_key);
    actAs(owner, team.id);
    expect((await start(owner)).multiAccounts[team.id].credits).toBe(30);
    const audit = (await owner.browser.get<ListPage<TeamAuditItem>>(teamApiPath(team.id, '/audit'))).body.data!;
    expect(audit.items[0]).toMatchObject({ action: 'credits_deposited', actor: { id: analyst.id }, details: { amount: 30 } });
    await expectLedgerBalanced(db);
  });

  it('more than one has is refused and nothing moves', async () => {
    const { manager, team } = await teamOfThree();
    const answer = await manager.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 11 });
    expect(answer.status).toBe(409);
    expect(await balanceOf(db, manager.id)).toBe(10);
    expect((await storedTeam(db, team.id)).credits).toBe(0);
    await expectLedgerBalanced(db);
  });

  it('withdrawals: refused while the team does not allow them and for analysts; a manager withdraws once allowed', async () => {
    const { owner, manager, analyst, team } = await teamOfThree();
    await owner.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 10 });
    const disabled = await manager.browser.post(teamApiPath(team.id, '/credits/withdraw'), { amount: 4 });
    expect(disabled.status).toBe(403);
    expect(codesOf(disabled.body)).toEqual([ErrorCode.TeamWithdrawDisabled]);
    await owner.browser.put(teamApiPath(team.id), { name: team.name, allowWithdraw: true });
    const analystTry = await analyst.browser.post(teamApiPath(team.id, '/credits/withdraw'), { amount: 4 });
    expect(codesOf(analystTry.body)).toEqual([ErrorCode.TeamRoleForbidden]);
    const moved = await manager.browser.post<TeamCreditsAnswer>(teamApiPath(team.id, '/credits/withdraw'), { amount: 4 });
    expect(moved.body.data).toEqual({ teamCredits: 6, memberCredits: 14 });
    const overdraw = await manager.browser.post(teamApiPath(team.id, '/credits/withdraw'), { amount: 7 });
    expect(overdraw.status).toBe(409);
    expect((await storedTeam(db, team.id)).credits).toBe(6);
    await expectLedgerBalanced(db);
  });

  it('a stranger cannot move credits into or out of a team', async () => {
    const [owner, stranger] = await Promise.all([member(), member()]);
    const team = await createTeam(owner);
    expect((await stranger.browser.post(teamApiPath(team.id, '/credits/deposit'), { amount: 1 })).status).toBe(404);
    expect((await stranger.browser.post(teamApiPath(team.id, '/credits/withdraw'), { amount: 1 })).status).toBe(404);
    expect(await balanceOf(db, stranger.id)).toBe(10);
  });
});

describe('the audit list', () => {
  it('owners and managers read it newest first; analysts are refused', async () => {
    const { owner, manager, analyst, team } = await teamOfThree();
    const page = (await manager.browser.get<ListPage<TeamAuditItem>>(teamApiPath(team.id, '/audit'))).body.data!;
    expect(page.items.map((item) => item.action)).toEqual([
      'invite_accepted',
      'member_invited',
      'invite_accepted',
      'member_invited',
      'team_created',
    ]);
    expect(page.items[1]).toMatchObject({
      actor: { id: owner.id, username: owner.username },
      details: { target: { id: analyst.id }, role: 'analyst' },
    });
    expect(page.hasMore).toBe(false);
    const refused = await analyst.browser.get(teamApiPath(team.id, '/audit'));
    expect(refused.status).toBe(403);
    expect(codesOf(refused.body)).toEqual([ErrorCode.TeamRoleForbidden]);
  });
});
