import { Injectable } from '@nestjs/common';
import { teamRoleAllows, type TeamCreditsAnswer } from '@shared/teams/teams.js';
import { CreditsRepository } from '../credits/credits.repository.js';
import { LedgerService } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { ledgerKeyOfRequest } from '../idempotency/request-keys.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { TeamAccessService } from './team-access.service.js';
import { TEAM_ERRORS } from './team-errors.js';
import { TeamEvents } from './team-events.service.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * Credits between a member and a team: any active member moves their own credits in; owners
 * and managers move the team's out to their own balance when the team allows it. Each move is
 * one transaction: both ledger rows, both balances (neither below zero) and the audit row; a
 * retry with the member's Idempotency-Key moves nothing again (`@Idempotent()` on the routes).
 */
@Injectable()
export class TeamCreditsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly access: TeamAccessService,
    private readonly ledger: LedgerService,
    private readonly transactions: Transactions,
    private readonly credits: CreditsRepository,
    private readonly liveData: LiveDataService,
    private readonly events: TeamEvents,
  ) {}

  deposit(userId: number, teamId: number, amount: number): Promise<TeamCreditsAnswer> {
    return this.move(userId, teamId, amount, 'deposit');
  }

  withdraw(userId: number, teamId: number, amount: number): Promise<TeamCreditsAnswer> {
    return this.move(userId, teamId, amount, 'withdraw');
  }

  private async move(
    userId: number,
    teamId: number,
    amount: number,
    direction: 'deposit' | 'withdraw',
  ): Promise<TeamCreditsAnswer> {
    const before = await this.access.team(teamId);
    await this.transactions.run(async (manager) => {
      const team = await this.teams.lockTeam(manager, teamId);
      const actor = team && (await this.teams.membership(manager, teamId, userId));
      if (!team || actor?.status !== 'active') throw TEAM_ERRORS.notFound;
      const toTeam = direction === 'deposit' ? amount : -amount;
      if (direction === 'withdraw') {
        if (!teamRoleAllows(actor.role, 'withdraw_credits')) throw TEAM_ERRORS.withdrawers;
        if (!team.allowWithdraw) throw TEAM_ERRORS.withdrawDisabled;
      }
      const kind = direction === 'deposit' ? 'team_deposit' : 'team_withdraw';
      // The side that gives goes first, so a balance too small refuses before anything moves.
      const giver = direction === 'deposit' ? ({ account: 'user', userId, teamId, amount: -toTeam, kind } as const) : null;
      const moved = await this.ledger.move(manager, ledgerKeyOfRequest(`team-${direction}:${userId}:${teamId}`), [
        ...(giver ? [giver] : []),
        { account: 'team', teamId, amount: toTeam, kind },
        ...(giver ? [] : [{ account: 'user', userId, teamId, amount: -toTeam, kind } as const]),
      ]);
      // The same request handled again (its key used already) moved nothing and is not recorded twice.
      if (!moved) return;
      await this.teams.addAudit(manager, {
        teamId,
        actorId: userId,
        action: direction === 'deposit' ? 'credits_deposited' : 'credits_withdrawn',
        details: { amount },
      });
    });
    const [teamCredits, memberCredits] = await Promise.all([
      this.credits.creditsOfTeam(teamId),
      this.credits.creditsOfUser(userId),
    ]);
    this.events.changed(teamId, before?.members.map((member) => member.uid) ?? [userId]);
    this.events.teamCredits(teamId, teamCredits);
    await this.liveData.pushCredits(userId);
    return { teamCredits, memberCredits };
  }
}
