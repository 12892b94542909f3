import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenLinkAnswer } from '@shared/accounts/account.answers.js';
import { confirmTokenSchema, type ConfirmTokenPayload } from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { clientMeta } from '../auth/client-meta.js';
import { readSessionCookies, writeSessionCookies } from '../auth/session-cookies.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { AccountService } from './account.service.js';

@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** The /setup/:id/:code link of confirmation, email-change and invite mails. */
  @Post('confirm')
  @HttpCode(200)
  @RouteConfig(rateLimit('login'))
  async confirm(
    @Body(new ZodValidationPipe(confirmTokenSchema)) payload: ConfirmTokenPayload,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenLinkAnswer> {
    const browser = readSessionCookies(request);
    const result = await this.account.followLink(payload, clientMeta(request), browser);
    if (result.browser !== browser) writeSessionCookies(request, reply, result.browser);
    return result.answer;
  }

  @Post('resend-confirmation')
  @HttpCode(200)
  @Auth()
  @RouteConfig(rateLimit('resendConfirmation'))
  async resend(@CurrentAuth() auth: AuthContext): Promise<null> {
    await this.account.resendConfirmation(auth.user);
    return null;
  }
}
