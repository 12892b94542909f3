import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  type PasswordResetPayload,
  type PasswordResetRequestPayload,
} from '@shared/accounts/account.schemas.js';
import { clientMeta } from '../auth/client-meta.js';
import { readSessionCookies, writeSessionCookies } from '../auth/session-cookies.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { PasswordResetService } from './password-reset.service.js';

@Controller('password/reset')
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post()
  @HttpCode(200)
  @RouteConfig(rateLimit('passwordReset'))
  async request(@Body(new ZodValidationPipe(passwordResetRequestSchema)) payload: PasswordResetRequestPayload): Promise<null> {
    await this.passwordReset.request(payload.email);
    return null;
  }

  @Post('confirm')
  @HttpCode(200)
  @RouteConfig(rateLimit('passwordReset'))
  async reset(
    @Body(new ZodValidationPipe(passwordResetSchema)) payload: PasswordResetPayload,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<null> {
    writeSessionCookies(
      request,
      reply,
      await this.passwordReset.reset(payload, clientMeta(request), readSessionCookies(request)),
    );
    return null;
  }
}
