import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { EmailPreferencesAnswer, OwnProfileAnswer, SessionInfo } from '@shared/accounts/account.answers.js';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailPreferencesSchema,
  profileSchema,
  type ChangeEmailPayload,
  type ChangePasswordPayload,
  type EmailPreferences,
  type ProfilePayload,
} from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { readUpload } from './read-upload.js';
import { SettingsService } from './settings.service.js';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('profile')
  @Auth()
  profile(@CurrentAuth() auth: AuthContext): Promise<OwnProfileAnswer> {
    return this.settings.profile(auth.user.id);
  }

  @Put('profile')
  @Auth()
  updateProfile(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(profileSchema)) payload: ProfilePayload,
  ): Promise<OwnProfileAnswer> {
    return this.settings.updateProfile(auth.user.id, payload.first_name);
  }

  @Post('picture')
  @HttpCode(200)
  @Auth()
  @RouteConfig(rateLimit('upload'))
  async picture(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest): Promise<OwnProfileAnswer> {
    return this.settings.updatePicture(auth.user.id, await readUpload(request, 'picture'));
  }

  @Put('password')
  @Auth()
  async changePassword(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(changePasswordSchema)) payload: ChangePasswordPayload,
  ): Promise<null> {
    await this.settings.changePassword(auth, payload);
    return null;
  }

  @Get('sessions')
  @Auth()
  sessions(@CurrentAuth() auth: AuthContext): Promise<SessionInfo[]> {
    return this.settings.listSessions(auth);
  }

  @Delete('sessions/:id')
  @Auth()
  async revokeSession(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<null> {
    await this.settings.revokeSession(auth, id);
    return null;
  }

  @Post('email')
  @HttpCode(200)
  @Auth()
  @RouteConfig(rateLimit('changeEmail'))
  async changeEmail(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(changeEmailSchema)) payload: ChangeEmailPayload,
  ): Promise<null> {
    await this.settings.requestEmailChange(auth, payload);
    return null;
  }

  /** Public: the signed link in every mail (`u`, `sig`) works without logging in. */
  @Get('emailSettings')
  @Auth('optional')
  async emailSettings(
    @CurrentAuth() auth: AuthContext | null,
    @Query() query: Record<string, string>,
  ): Promise<EmailPreferencesAnswer> {
    return this.settings.emailPreferences(auth, query);
  }

  @Put('emailSettings')
  @Auth('optional')
  async updateEmailSettings(
    @CurrentAuth() auth: AuthContext | null,
    @Query() query: Record<string, string>,
    @Body(new ZodValidationPipe(emailPreferencesSchema)) preferences: EmailPreferences,
  ): Promise<EmailPreferencesAnswer> {
    return this.settings.updateEmailPreferences(auth, query, preferences);
  }
}
