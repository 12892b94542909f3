import { Controller, Get, Param } from '@nestjs/common';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ProfileService } from './profile.service.js';

@Controller('profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get(':username')
  @Auth('optional')
  profile(@CurrentAuth() auth: AuthContext | null, @Param('username') username: string): Promise<ProfileAnswer> {
    return this.profiles.profile(username, auth?.user.id ?? null);
  }
}
