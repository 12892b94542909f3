import { Injectable } from '@nestjs/common';
import { teamRoleAllows, type TeamAuditDetails, type TeamCampaignChange } from '@shared/teams/teams.js';
import type { EntityManager } from 'typeorm';
import { CAMPAIGNS_ROLE_FORBIDDEN, type Advertiser } from '../auth/advertiser.js';
import { TEAM_FORBIDDEN } from '../teams/team-access.service.js';
import { TeamsRepository } from '../teams/teams.repository.js';

/**
 * The team's side of a change to one of its posts or campaigns, in the change's transaction:
 * the member's membership is read again from the members table (a removal or a demotion
 * committed a moment ago refuses the change, whatever a process's cache still says), and a
 * `campaign_changed` audit row records who did what. A member's own posts need neither.
 */
@Injectable()
export class TeamCampaignAudit {
  constructor(private readonly teams: TeamsRepository) {}

  async record(
    manager: EntityManager,
    actorId: number,
    advertiser: Advertiser,
    pid: number,
    campaign: TeamCampaignChange,
    extra: Pick<TeamAuditDetails, 'amount' | 'dailyViewCap'> = {},
  ): Promise<void> {
    if (advertiser.kind !== 'team') return;
    const actor = await this.teams.membership(manager, advertiser.teamId, actorId);
    if (actor?.status !== 'active') throw TEAM_FORBIDDEN;
    if (!teamRoleAllows(actor.role, 'manage_campaigns')) throw CAMPAIGNS_ROLE_FORBIDDEN;
    await this.teams.addAudit(manager, {
      teamId: advertiser.teamId,
      actorId,
      action: 'campaign_changed',
      details: { pid, campaign, ...extra },
    });
  }
}
