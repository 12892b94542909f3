import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInAccount } from '@shared/accounts/account.answers.js';
import {
  loginSchema,
  signupSchema,
  switchAccountSchema,
  type LoginPayload,
  type SignupPayload,
  type SwitchAccountPayload,
} from '@shared/accounts/account.schemas.js';
import { REFERRAL_COOKIE } from '@shared/referrals/referral.js';
import { clientMeta } from '../auth/client-meta.js';
import { readSessionCookies, writeSessionCookies } from '../auth/session-cookies.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { requestCookies } from '../common/http/request-cookies.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { LoginService } from './login.service.js';

@Controller('auth')
export class LoginController {
  constructor(private readonly auth: LoginService) {}

  @Post('signup')
  @HttpCode(200)
  @RouteConfig(rateLimit('signup'))
  async signup(
    @Body(new ZodValidationPipe(signupSchema)) payload: SignupPayload,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<null> {
    const sessions = await this.auth.signup(
      payload,
      requestCookies(request)[REFERRAL_COOKIE],
      clientMeta(request),
      readSessionCookies(request),
    );
    writeSessionCookies(request, reply, sessions);
    reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
    return null;
  }

  @Post('login')
  @HttpCode(200)
  @RouteConfig(rateLimit('login'))
  async login(
    @Body(new ZodValidationPipe(loginSchema)) payload: LoginPayload,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<null> {
    writeSessionCookies(request, reply, await this.auth.login(payload, clientMeta(request), readSessionCookies(request)));
    return null;
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<null> {
    writeSessionCookies(request, reply, await this.auth.logout(readSessionCookies(request)));
    return null;
  }

  /** The accounts signed in in this browser, for /login/multi; drops any that have ended. */
  @Get('accounts')
  async accounts(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignedInAccount[]> {
    const { accounts, browser } = await this.auth.signedInAccounts(readSessionCookies(request));
    writeSessionCookies(request, reply, browser);
    return accounts;
  }

  @Post('switch')
  @HttpCode(200)
  async switchAccount(
    @Body(new ZodValidationPipe(switchAccountSchema)) payload: SwitchAccountPayload,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<null> {
    writeSessionCookies(request, reply, await this.auth.switchTo(payload.userId, readSessionCookies(request)));
    return null;
  }
}
