import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  onboardingPreferencesSchema,
  setupExistingUserSchema,
  type OnboardingPreferencesPayload,
  type SetupExistingUserPayload,
} from '@shared/accounts/account.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { OnboardingService } from './onboarding.service.js';

@Controller()
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get('getStarted/preferences')
  @Auth()
  preferences(@CurrentAuth() auth: AuthContext): Promise<OnboardingPreferencesPayload> {
    return this.onboarding.preferences(auth.user.id);
  }

  @Put('getStarted/preferences')
  @Auth()
  async savePreferences(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(onboardingPreferencesSchema)) payload: OnboardingPreferencesPayload,
  ): Promise<null> {
    await this.onboarding.savePreferences(auth.user.id, payload);
    return null;
  }

  @Post('getStarted/finish')
  @HttpCode(200)
  @Auth()
  async finish(@CurrentAuth() auth: AuthContext): Promise<null> {
    await this.onboarding.finish(auth.user);
    return null;
  }

  @Post('setupExistingUser')
  @HttpCode(200)
  @Auth()
  async setupExistingUser(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(setupExistingUserSchema)) payload: SetupExistingUserPayload,
  ): Promise<null> {
    await this.onboarding.setupExistingUser(auth.user, payload);
    return null;
  }
}
