import type pg from 'pg';
import { CURRENT_TEAM_HEADER } from '../../shared/api/headers.js';
import { teamApiPath, TEAM_ENDPOINTS, type TeamDetail, type TeamRole } from '../../shared/teams/teams.js';
import { latestMail, linkIn, type TestMember } from './accounts.js';

/** Creates a team through the API; its creator owns it. */
export async function createTeam(owner: TestMember, name = 'Acme Ads', extra: Record<string, unknown> = {}): Promise<TeamDetail> {
  const { status, body } = await owner.browser.post<TeamDetail>(TEAM_ENDPOINTS.teams, { name, ...extra });
  if (status !== 200) throw new Error(`team create failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** The owner invites `who` (by username) with `role`; answers the mailed link's token. */
export async function inviteToTeam(
  db: pg.Client,
  owner: TestMember,
  teamId: number,
  who: TestMember,
  role: TeamRole = 'manager',
): Promise<string> {
  const { status, body } = await owner.browser.post(teamApiPath(teamId, '/invites'), { invitee: who.username, role });
  if (status !== 200) throw new Error(`invite failed: ${status} ${JSON.stringify(body.errors)}`);
  return inviteTokenIn((await latestMail(db, who.email))!.text_body);
}

/** The token of the /settings/multiAccounts/invite/<token> link in an invitation mail. */
export function inviteTokenIn(text: string): string {
  return decodeURIComponent(linkIn(text, '/settings/multiAccounts/invite/').split('/').pop()!);
}

/** Invites `who` and accepts in the app: an active member with `role`. */
export async function addTeamMember(
  db: pg.Client,
  owner: TestMember,
  teamId: number,
  who: TestMember,
  role: TeamRole = 'manager',
): Promise<void> {
  await inviteToTeam(db, owner, teamId, who, role);
  const { status, body } = await who.browser.post(teamApiPath(teamId, '/accept'));
  if (status !== 200) throw new Error(`accept failed: ${status} ${JSON.stringify(body.errors)}`);
}

/** Every later call of this member's browser carries `X-Current-Team` (null: none). */
export function actAs(member: TestMember, teamId: number | null): void {
  if (teamId === null) delete member.browser.headers[CURRENT_TEAM_HEADER];
  else member.browser.headers[CURRENT_TEAM_HEADER] = String(teamId);
}

export interface StoredTeam {
  name: string;
  credits: number;
  allow_withdraw: boolean;
  members: { user_id: number; role: TeamRole; status: string }[];
}

/** The team's row as stored: balance and members. */
export async function storedTeam(db: pg.Client, teamId: number): Promise<StoredTeam> {
  const { rows } = await db.query(`SELECT name, credits::int AS credits, allow_withdraw FROM teams WHERE id = $1`, [teamId]);
  const members = await db.query(`SELECT user_id, role, status FROM team_members WHERE team_id = $1 ORDER BY user_id`, [teamId]);
  return { ...rows[0], members: members.rows as { user_id: number; role: TeamRole; status: string }[] };
}

export async function auditActions(db: pg.Client, teamId: number): Promise<string[]> {
  const { rows } = await db.query(`SELECT action FROM team_audit WHERE team_id = $1 ORDER BY id`, [teamId]);
  return rows.map((row) => row.action);
}
