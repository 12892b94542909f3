import { Controller, Get, Query } from '@nestjs/common';
import type { Paged, ReferralRow } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import type { CommissionsAnswer } from '@shared/referrals/commissions.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ReferralCommissionsService } from './referral-commissions.service.js';
import { ReferralsService } from './referrals.service.js';

@Controller('referrals')
export class ReferralsController {
  constructor(
    private readonly referrals: ReferralsService,
    private readonly commissions: ReferralCommissionsService,
  ) {}

  @Get()
  @Auth()
  list(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<Paged<ReferralRow>> {
    return this.referrals.page(auth.user.id, page);
  }

  @Get('commissions')
  @Auth()
  commissionsPage(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<CommissionsAnswer> {
    return this.commissions.page(auth.user.id, page);
  }
}
