import { Injectable } from '@nestjs/common';
import { TEAM_INVITE_TOKEN_PATTERN, type TeamDetail, type TeamInvitePreview } from '@shared/teams/teams.js';
import { sha256 } from '../common/crypto/tokens.js';
import { Transactions } from '../database/transactions.js';
import { isRunningInvitation, TeamAccessService } from './team-access.service.js';
import { TEAM_ERRORS } from './team-errors.js';
import { TeamsRepository, type InviteRow } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/**
 * The mailed invitation link (`<id>.<secret>`): single-use, expiring, and for the invited
 * account only. An unknown, used, expired or forged link is refused the same way; a link
 * opened by another account is refused without being used up, so the invited member can still
 * answer it.
 */
@Injectable()
export class TeamInvitesService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly teamsService: TeamsService,
    private readonly access: TeamAccessService,
    private readonly transactions: Transactions,
  ) {}

  async preview(userId: number, token: string): Promise<TeamInvitePreview> {
    const { id, secret } = parseToken(token);
    const invite = checked(await this.teams.findInvite(id), secret, userId);
    const team = await this.access.team(invite.team_id);
    const invitation = team?.members.find((member) => member.uid === userId);
    if (!team || !invitation || !isRunningInvitation(invitation)) throw TEAM_ERRORS.linkInvalid;
    return this.access.toInvitation(team, invitation);
  }

  async accept(userId: number, token: string): Promise<TeamDetail> {
    const teamId = await this.answer(userId, token, (manager, invite) =>
      this.teamsService.acceptLocked(manager, invite.team_id, userId),
    );
    return this.teamsService.detail(userId, teamId);
  }

  async decline(userId: number, token: string): Promise<void> {
    await this.answer(userId, token, (manager, invite) => this.teamsService.declineLocked(manager, invite.team_id, userId));
  }

  /** Uses the link up and answers the invitation in one transaction; answers the team's id. */
  private async answer(
    userId: number,
    token: string,
    work: (manager: Parameters<TeamsService['acceptLocked']>[0], invite: InviteRow) => Promise<void>,
  ): Promise<number> {
    const { id, secret } = parseToken(token);
    const teamId = await this.transactions.run(async (manager) => {
      const invite = checked(await this.teams.lockInvite(manager, id), secret, userId);
      if (!(await this.teams.lockTeam(manager, invite.team_id))) throw TEAM_ERRORS.linkInvalid;
      try {
        await work(manager, invite);
      } catch (error) {
        // The invitation itself was cancelled or lapsed: the link says so as any dead link does.
        throw error === TEAM_ERRORS.noInvitation ? TEAM_ERRORS.linkInvalid : error;
      }
      return invite.team_id;
    });
    await this.teamsService.answered(teamId, userId);
    return teamId;
  }
}

function parseToken(token: string): { id: string; secret: string } {
  if (!TEAM_INVITE_TOKEN_PATTERN.test(token)) throw TEAM_ERRORS.linkInvalid;
  const [id, secret] = token.split('.');
  return { id, secret };
}

/** The link if it is live and its secret matches; for the invited account only. */
function checked(invite: InviteRow | null, secret: string, userId: number): InviteRow {
  const live =
    invite && invite.used_at === null && invite.expires_at.getTime() > Date.now() && invite.token_hash.equals(sha256(secret));
  if (!live) throw TEAM_ERRORS.linkInvalid;
  if (invite.user_id !== userId) throw TEAM_ERRORS.otherAccount;
  return invite;
}
