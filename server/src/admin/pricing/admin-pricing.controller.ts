import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  creditPackSchema,
  membershipLevelSchema,
  type AdminCreditPack,
  type AdminMembershipLevel,
  type AdminPricing,
  type CreditPackPayload,
  type MembershipLevelPayload,
} from '@shared/admin/pricing.js';
import { Auth, CurrentAuth } from '../../auth/auth.decorators.js';
import { IdPipe } from '../../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../../sessions/auth-context.js';
import { AdminPricingService } from './admin-pricing.service.js';

/** Admins list, add and change the credit packs and membership levels for sale (ADMIN_PRICING_ENDPOINTS). */
@Controller('admin/pricing')
@Auth('admin')
export class AdminPricingController {
  constructor(private readonly pricing: AdminPricingService) {}

  @Get()
  all(): Promise<AdminPricing> {
    return this.pricing.pricing();
  }

  @Post('packs')
  @HttpCode(200)
  addPack(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(creditPackSchema)) pack: CreditPackPayload,
  ): Promise<AdminCreditPack> {
    return this.pricing.addPack(auth.user.id, pack);
  }

  @Put('packs/:id')
  updatePack(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(creditPackSchema)) pack: CreditPackPayload,
  ): Promise<AdminCreditPack> {
    return this.pricing.updatePack(auth.user.id, id, pack);
  }

  @Post('levels')
  @HttpCode(200)
  addLevel(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(membershipLevelSchema)) level: MembershipLevelPayload,
  ): Promise<AdminMembershipLevel> {
    return this.pricing.addLevel(auth.user.id, level);
  }

  @Put('levels/:id')
  updateLevel(
    @CurrentAuth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body(new ZodValidationPipe(membershipLevelSchema)) level: MembershipLevelPayload,
  ): Promise<AdminMembershipLevel> {
    return this.pricing.updateLevel(auth.user.id, id, level);
  }
}
