import { Controller, Get, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import type { LedgerRow } from '@shared/credits/credits.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { advertiserOf } from '../auth/advertiser.js';
import { ActingTeamOf, Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { LedgerService } from './ledger.service.js';

@Controller('credits')
export class CreditsController {
  constructor(private readonly ledger: LedgerService) {}

  /** The member's own ledger, newest first; while a team is current (any role), the team's. */
  @Get('ledger')
  @Auth()
  page(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<Paged<LedgerRow>> {
    return this.ledger.page(advertiserOf(auth.user.id, team), page);
  }
}
