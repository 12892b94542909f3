import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { earningSchema, type EarningPayload } from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { AdminService } from './admin.service.js';

/** The admin area's calls; every one is `@Auth('admin')`: 401 for visitors, 403 for members. */
@Controller('admin')
@Auth('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('overview')
  overview(): Promise<AdminOverview> {
    return this.admin.overview();
  }

  /** Lifts a member's earning stop. */
  @Post('users/:id/earning')
  @HttpCode(200)
  restoreEarning(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(earningSchema)) _payload: EarningPayload,
  ): Promise<EarningPayload> {
    return this.admin.restoreEarning(auth.user.id, id);
  }
}
