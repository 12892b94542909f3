import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { ListPage } from '@shared/api/list-page.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import {
  type TeamAuditItem,
  type TeamCreditsAnswer,
  type TeamDetail,
  type TeamRole,
  type TeamsOverview,
} from '@shared/teams/teams.js';
import {
  teamCreditsSchema,
  teamInviteSchema,
  teamRoleSchema,
  teamSchema,
  teamTransferSchema,
  type TeamCreditsPayload,
  type TeamPayload,
  type TeamRolePayload,
  type TeamTransferPayload,
} from '@shared/teams/team.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { TeamCreditsService } from './team-credits.service.js';
import { TeamsService } from './teams.service.js';

/** /data/teams: a member's teams, and everything done to one (the table in shared/teams/teams.ts). */
@Controller('teams')
@Auth()
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly credits: TeamCreditsService,
  ) {}

  @Get()
  overview(@CurrentAuth() auth: AuthContext): Promise<TeamsOverview> {
    return this.teams.overview(auth.user.id);
  }

  @Post()
  @HttpCode(200)
  create(@CurrentAuth() auth: AuthContext, @Body(new ZodValidationPipe(teamSchema)) payload: TeamPayload): Promise<TeamDetail> {
    return this.teams.create(auth.user.id, payload);
  }

  @Get(':id')
  detail(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) teamId: number): Promise<TeamDetail> {
    return this.teams.detail(auth.user.id, teamId);
  }

  @Put(':id')
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Body(new ZodValidationPipe(teamSchema)) payload: TeamPayload,
  ): Promise<TeamDetail> {
    return this.teams.update(auth.user.id, teamId, payload);
  }

  @Post(':id/invites')
  @HttpCode(200)
  invite(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Body(new ZodValidationPipe(teamInviteSchema)) payload: { invitee: string; role: TeamRole },
  ): Promise<TeamDetail> {
    return this.teams.invite(auth.user.id, teamId, payload);
  }

  @Delete(':id/invites/:uid')
  cancelInvite(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Param('uid', IdPipe) uid: number,
  ): Promise<TeamDetail> {
    return this.teams.cancelInvite(auth.user.id, teamId, uid);
  }

  @Post(':id/accept')
  @HttpCode(200)
  accept(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) teamId: number): Promise<TeamDetail> {
    return this.teams.accept(auth.user.id, teamId);
  }

  @Post(':id/decline')
  @HttpCode(200)
  async decline(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) teamId: number): Promise<null> {
    await this.teams.decline(auth.user.id, teamId);
    return null;
  }

  @Put(':id/members/:uid/role')
  changeRole(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Param('uid', IdPipe) uid: number,
    @Body(new ZodValidationPipe(teamRoleSchema)) { role }: TeamRolePayload,
  ): Promise<TeamDetail> {
    return this.teams.changeRole(auth.user.id, teamId, uid, role);
  }

  @Delete(':id/members/:uid')
  removeMember(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Param('uid', IdPipe) uid: number,
  ): Promise<TeamDetail | null> {
    return this.teams.removeMember(auth.user.id, teamId, uid);
  }

  @Post(':id/leave')
  @HttpCode(200)
  async leave(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) teamId: number): Promise<null> {
    await this.teams.leave(auth.user.id, teamId);
    return null;
  }

  @Post(':id/transfer')
  @HttpCode(200)
  transfer(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Body(new ZodValidationPipe(teamTransferSchema)) { uid }: TeamTransferPayload,
  ): Promise<TeamDetail> {
    return this.teams.transfer(auth.user.id, teamId, uid);
  }

  @Get(':id/audit')
  audit(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<ListPage<TeamAuditItem>> {
    return this.teams.audit(auth.user.id, teamId, page);
  }

  @Post(':id/credits/deposit')
  @HttpCode(200)
  @Idempotent()
  deposit(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Body(new ZodValidationPipe(teamCreditsSchema)) { amount }: TeamCreditsPayload,
  ): Promise<TeamCreditsAnswer> {
    return this.credits.deposit(auth.user.id, teamId, amount);
  }

  @Post(':id/credits/withdraw')
  @HttpCode(200)
  @Idempotent()
  withdraw(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) teamId: number,
    @Body(new ZodValidationPipe(teamCreditsSchema)) { amount }: TeamCreditsPayload,
  ): Promise<TeamCreditsAnswer> {
    return this.credits.withdraw(auth.user.id, teamId, amount);
  }
}
