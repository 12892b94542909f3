import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  fraudQueueQuerySchema,
  fraudRefundSchema,
  type FraudQueueQuery,
  type FraudQueueRow,
  type FraudRefundPayload,
  type FraudRefundResult,
} from '@shared/admin/fraud.js';
import { Auth, CurrentAuth } from '../../auth/auth.decorators.js';
import { IdPipe } from '../../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../../sessions/auth-context.js';
import { AdminFraudService } from './admin-fraud.service.js';

/** The admin Fraud queue (ADMIN_FRAUD_ENDPOINTS); every call is `@Auth('admin')`. */
@Controller('admin/fraud')
@Auth('admin')
export class AdminFraudController {
  constructor(private readonly fraud: AdminFraudService) {}

  @Get()
  queue(@Query(new ZodValidationPipe(fraudQueueQuerySchema)) { page }: FraudQueueQuery): Promise<Paged<FraudQueueRow>> {
    return this.fraud.queue(page);
  }

  @Post(':userId/refund')
  @HttpCode(200)
  @Idempotent()
  refund(
    @CurrentAuth() auth: AuthContext,
    @Param('userId', IdPipe) userId: number,
    @Body(new ZodValidationPipe(fraudRefundSchema)) payload: FraudRefundPayload,
  ): Promise<FraudRefundResult> {
    return this.fraud.refund(auth.user.id, userId, payload);
  }
}
