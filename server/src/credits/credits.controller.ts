import { Controller, Get, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import type { LedgerRow } from '@shared/credits/credits.js';
import type { EarningsSummary } from '@shared/earnings/earnings.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { advertiserOf } from '../auth/advertiser.js';
import { ActingTeamOf, Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { EarningsSummaryService } from './earnings-summary.service.js';
import { LedgerService } from './ledger.service.js';

@Controller('credits')
export class CreditsController {
  constructor(
    private readonly ledger: LedgerService,
    private readonly earnings: EarningsSummaryService,
  ) {}

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

  /** The member's own earnings summary (never a team's, whichever team is current: a team never surfs). */
  @Get('earnings')
  @Auth()
  earningsSummary(@CurrentAuth() auth: AuthContext): Promise<EarningsSummary> {
    return this.earnings.of(auth.user.id);
  }
}
