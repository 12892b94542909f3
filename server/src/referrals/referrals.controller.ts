import { Controller, Get, Query } from '@nestjs/common';
import type { Paged, ReferralRow } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ReferralsService } from './referrals.service.js';

@Controller('referrals')
export class ReferralsController {
  constructor(private readonly referrals: ReferralsService) {}

  @Get()
  @Auth()
  list(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<Paged<ReferralRow>> {
    return this.referrals.page(auth.user.id, page);
  }
}
