import { ErrorCode } from '@shared/api/error-codes.js';
import type { TeamMemberStatus, TeamRole } from '@shared/teams/teams.js';
import type { EntityManager } from 'typeorm';
import type { Membership, TeamsRepository } from '../teams/teams.repository.js';
import { TeamCampaignAudit } from './team-campaign-audit.js';

const manager = {} as EntityManager;
const TEAM = { kind: 'team', teamId: 4 } as const;

/** The audit over a members table holding `membership` for the actor; answers it and the rows it wrote. */
function auditWith(membership: Membership | null) {
  const written: unknown[] = [];
  const teams = {
    membership: async () => membership,
    addAudit: async (_manager: EntityManager, entry: unknown) => {
      written.push(entry);
    },
  } as unknown as TeamsRepository;
  return { audit: new TeamCampaignAudit(teams), written };
}

const member = (role: TeamRole, status: TeamMemberStatus = 'active'): Membership => ({ role, status, inviteExpiresAt: null });

async function codeOf(promise: Promise<void>): Promise<string | null> {
  return promise.then(
    () => null,
    (error: { code?: string }) => error.code ?? 'unexpected',
  );
}

describe('a change to a team campaign, in its transaction', () => {
  it('records who did what for an active owner or manager', async () => {
    const { audit, written } = auditWith(member('manager'));
    await audit.record(manager, 7, TEAM, 12, 'credits_assigned', { amount: 5 });
    expect(written).toEqual([
      { teamId: 4, actorId: 7, action: 'campaign_changed', details: { pid: 12, campaign: 'credits_assigned', amount: 5 } },
    ]);
  });

  it('refuses a member the members table no longer holds as active, whatever a cache said', async () => {
    for (const membership of [null, member('manager', 'invited')]) {
      const { audit, written } = auditWith(membership);
      expect(await codeOf(audit.record(manager, 7, TEAM, 12, 'paused'))).toBe(ErrorCode.TeamForbidden);
      expect(written).toEqual([]);
    }
  });

  it('refuses a member demoted to analyst a moment ago', async () => {
    const { audit, written } = auditWith(member('analyst'));
    expect(await codeOf(audit.record(manager, 7, TEAM, 12, 'post_deleted'))).toBe(ErrorCode.TeamRoleForbidden);
    expect(written).toEqual([]);
  });

  it('asks nothing and records nothing for a member’s own campaign', async () => {
    const { audit, written } = auditWith(null);
    await audit.record(manager, 7, { kind: 'member', userId: 7 }, 12, 'paused');
    expect(written).toEqual([]);
  });
});
