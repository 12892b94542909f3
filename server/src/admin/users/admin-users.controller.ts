import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import { earningSchema, type EarningPayload } from '@shared/accounts/account.schemas.js';
import {
  ADMIN_USER_TABS,
  adminUsersQuerySchema,
  adminUserTabQuerySchema,
  creditAdjustmentSchema,
  loginSuspensionSchema,
  roleChangeSchema,
  type AdminUserProfile,
  type AdminUserRow,
  type AdminUsersQuery,
  type AdminUserTab,
  type AdminUserTabAnswers,
  type CreditAdjustmentPayload,
  type LoginSuspensionPayload,
  type RoleChangePayload,
} from '@shared/admin/users.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { Auth, CurrentAuth } from '../../auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { IdPipe } from '../../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../../sessions/auth-context.js';
import { AdminUsersService } from './admin-users.service.js';

/** The admin Users section (ADMIN_USER_ENDPOINTS); every call is `@Auth('admin')`. */
@Controller('admin/users')
@Auth('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  search(@Query(new ZodValidationPipe(adminUsersQuerySchema)) query: AdminUsersQuery): Promise<Paged<AdminUserRow>> {
    return this.users.search(query);
  }

  @Get(':id')
  profile(@Param('id', IdPipe) id: number): Promise<AdminUserProfile> {
    return this.users.profile(id);
  }

  @Get(':id/:tab')
  tab(
    @Param('id', IdPipe) id: number,
    @Param('tab') tab: string,
    @Query(new ZodValidationPipe(adminUserTabQuerySchema)) { page }: { page: number },
  ): Promise<AdminUserTabAnswers[AdminUserTab]> {
    if (!(ADMIN_USER_TABS as readonly string[]).includes(tab)) {
      throw new AppError(ErrorCode.NotFound, 'Not found', 'There is no such tab.');
    }
    return this.users.tab(id, tab as AdminUserTab, page);
  }

  @Post(':id/credits')
  @HttpCode(200)
  @Idempotent()
  adjustCredits(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(creditAdjustmentSchema)) payload: CreditAdjustmentPayload,
  ): Promise<AdminUserProfile> {
    return this.users.adjustCredits(auth.user.id, id, payload);
  }

  /** Lifts a member's earning stop. */
  @Post(':id/earning')
  @HttpCode(200)
  restoreEarning(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(earningSchema)) _payload: EarningPayload,
  ): Promise<EarningPayload> {
    return this.users.restoreEarning(auth.user.id, id);
  }

  @Post(':id/earning/stop')
  @HttpCode(200)
  stopEarning(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<AdminUserProfile> {
    return this.users.stopEarning(auth.user.id, id);
  }

  @Post(':id/login')
  @HttpCode(200)
  setLogin(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(loginSuspensionSchema)) { suspended }: LoginSuspensionPayload,
  ): Promise<AdminUserProfile> {
    return this.users.setLoginSuspended(auth.user.id, id, suspended);
  }

  @Post(':id/role')
  @HttpCode(200)
  setRole(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(roleChangeSchema)) { role }: RoleChangePayload,
  ): Promise<AdminUserProfile> {
    return this.users.setRole(auth.user.id, id, role);
  }

  @Post(':id/password-reset')
  @HttpCode(200)
  startPasswordReset(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<{ sent: true }> {
    return this.users.startPasswordReset(auth.user.id, id);
  }
}
