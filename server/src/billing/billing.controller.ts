import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Paged } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import {
  BILLING_ENDPOINTS,
  billingDetailsSchema,
  checkoutSchema,
  localCheckoutQuerySchema,
  localDecisionQuerySchema,
  type BillingCatalog,
  type BillingDetails,
  type BillingDetailsPayload,
  type CheckoutAnswer,
  type CheckoutPayload,
  type MembershipAnswer,
  type Order,
  type OrderReceipt,
} from '@shared/billing/billing.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { ActingTeamOf, Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { UuidPipe } from '../common/validation/uuid.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { BillingService } from './billing.service.js';
import { LocalProviderGuard } from './local-provider.guard.js';

import { answerSchema, type AnswerFields } from './provider-answer.js';

const SEE_OTHER = 303;

@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('billing/catalog')
  @Auth()
  catalog(): Promise<BillingCatalog> {
    return this.billing.catalog();
  }

  @Post('billing/checkout')
  @HttpCode(200)
  @Auth()
  @Idempotent()
  checkout(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Body(new ZodValidationPipe(checkoutSchema)) payload: CheckoutPayload,
  ): Promise<CheckoutAnswer> {
    return this.billing.checkout(auth.user.id, team, payload);
  }

  @Get('billing/orders')
  @Auth()
  orders(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<Paged<Order>> {
    return this.billing.orders(auth.user.id, page);
  }

  @Get('billing/orders/:id')
  @Auth()
  order(@CurrentAuth() auth: AuthContext, @Param('id', UuidPipe) id: string): Promise<Order> {
    return this.billing.order(auth.user.id, id);
  }

  @Get('billing/orders/:id/receipt')
  @Auth()
  orderReceipt(@CurrentAuth() auth: AuthContext, @Param('id', UuidPipe) id: string): Promise<OrderReceipt> {
    return this.billing.orderReceipt(auth.user.id, id);
  }

  @Get('billing/details')
  @Auth()
  billingDetails(@CurrentAuth() auth: AuthContext): Promise<BillingDetails> {
    return this.billing.billingDetails(auth.user.id);
  }

  @Put('billing/details')
  @Auth()
  saveBillingDetails(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(billingDetailsSchema)) payload: BillingDetailsPayload,
  ): Promise<BillingDetails> {
    return this.billing.saveBillingDetails(auth.user.id, payload);
  }

  @Get('billing/membership')
  @Auth()
  membership(@CurrentAuth() auth: AuthContext, @ActingTeamOf() team: ActingTeam | null): Promise<MembershipAnswer> {
    return this.billing.membership(auth.user.id, team);
  }

  /** Payroc's background validation, server to server (a form POST; see BILLING_ENDPOINTS.payrocValidation). */
  @Post('payment/hook/payroc/validation')
  @HttpCode(200)
  async payrocValidation(@Body(new ZodValidationPipe(answerSchema)) fields: AnswerFields): Promise<string> {
    await this.billing.settleAnswer('payroc', 'notification', fields);
    return 'OK';
  }

  @Get('payment/hook/local/receipt')
  @UseGuards(LocalProviderGuard)
  async localReceipt(
    @Query(new ZodValidationPipe(answerSchema)) fields: AnswerFields,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    reply.redirect(await this.billing.receipt('local', fields), SEE_OTHER);
  }

  /** The local test provider's hosted page (HTML, sent as bytes so the envelope leaves it alone). */
  @Get('payment/local/checkout')
  @Auth()
  @UseGuards(LocalProviderGuard)
  @Header('content-type', 'text/html; charset=utf-8')
  async localCheckout(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(localCheckoutQuerySchema)) { order, token }: z.infer<typeof localCheckoutQuerySchema>,
  ): Promise<Buffer> {
    return Buffer.from(await this.billing.localCheckoutPage(auth.user.id, order, token));
  }

  /** The local page's Approve / Decline: on to the receipt page with the signed answer. */
  @Get('payment/local/decide')
  @Auth()
  @UseGuards(LocalProviderGuard)
  async localDecide(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(localDecisionQuerySchema)) query: z.infer<typeof localDecisionQuerySchema>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const answer = await this.billing.localDecision(auth.user.id, query.order, query.token, query.decision === 'approve');
    reply.redirect(`${BILLING_ENDPOINTS.localReceipt}?${new URLSearchParams(answer)}`, SEE_OTHER);
  }
}
