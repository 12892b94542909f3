import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import type { Paged } from '@shared/accounts/account.answers.js';
import { adminOrdersQuerySchema, type AdminOrder } from '@shared/billing/billing.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { UuidPipe } from '../common/validation/uuid.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { BillingService } from './billing.service.js';

/** Admins' calls on every member's orders (BILLING_ADMIN_ENDPOINTS). */
@Controller('admin/billing/orders')
@Auth('admin')
export class BillingAdminController {
  constructor(private readonly billing: BillingService) {}

  @Get()
  orders(
    @Query(new ZodValidationPipe(adminOrdersQuerySchema)) { page, state }: z.infer<typeof adminOrdersQuerySchema>,
  ): Promise<Paged<AdminOrder>> {
    return this.billing.adminOrders(page, state);
  }

  @Post(':id/refund')
  @HttpCode(200)
  @Idempotent()
  refund(@CurrentAuth() auth: AuthContext, @Param('id', UuidPipe) id: string): Promise<AdminOrder> {
    return this.billing.refund(auth.user.id, id);
  }

  @Post(':id/chargeback')
  @HttpCode(200)
  @Idempotent()
  chargeback(@CurrentAuth() auth: AuthContext, @Param('id', UuidPipe) id: string): Promise<AdminOrder> {
    return this.billing.chargeback(auth.user.id, id);
  }
}
