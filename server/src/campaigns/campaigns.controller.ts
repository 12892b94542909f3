import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  campaignSettingsSchema,
  creditAmountSchema,
  type CampaignItem,
  type CampaignSettingsPayload,
  type CreditAmountPayload,
} from '@shared/campaigns/campaigns.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { ActingTeamOf, Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { CampaignsService } from './campaigns.service.js';

@Controller('campaigns/:pid')
@Auth()
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Post('assign')
  @HttpCode(200)
  @Idempotent()
  assign(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
    @Body(new ZodValidationPipe(creditAmountSchema)) { amount }: CreditAmountPayload,
  ): Promise<CampaignItem> {
    return this.campaigns.assign(auth.user.id, team, pid, amount);
  }

  @Post('withdraw')
  @HttpCode(200)
  @Idempotent()
  withdraw(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
    @Body(new ZodValidationPipe(creditAmountSchema)) { amount }: CreditAmountPayload,
  ): Promise<CampaignItem> {
    return this.campaigns.withdraw(auth.user.id, team, pid, amount);
  }

  @Post('pause')
  @HttpCode(200)
  pause(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
  ): Promise<CampaignItem> {
    return this.campaigns.setPaused(auth.user.id, team, pid, true);
  }

  @Post('resume')
  @HttpCode(200)
  resume(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
  ): Promise<CampaignItem> {
    return this.campaigns.setPaused(auth.user.id, team, pid, false);
  }

  @Post('settings')
  @HttpCode(200)
  settings(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
    @Body(new ZodValidationPipe(campaignSettingsSchema)) payload: CampaignSettingsPayload,
  ): Promise<CampaignItem> {
    return this.campaigns.settings(auth.user.id, team, pid, payload);
  }
}
