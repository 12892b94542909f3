import { Controller, Get, Param } from '@nestjs/common';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { USERNAME_PATTERN } from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { AppError } from '../common/errors/app-error.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { UsersService } from '../users/users.service.js';

/** Public profiles: visitors see them too; nothing private (email, settings) is in the answer. */
@Controller('profile')
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  @Get(':username')
  @Auth('optional')
  async profile(@CurrentAuth() auth: AuthContext | null, @Param('username') username: string): Promise<ProfileAnswer> {
    const user = USERNAME_PATTERN.test(username) ? await this.users.findByUsername(username) : null;
    if (!user || user.needsSetup) throw new AppError(ErrorCode.NotFound, 'No such member', 'There is no member with this name.');
    return {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      image: user.image,
      joinedAt: user.createdAt.toISOString(),
      isOwn: auth?.user.id === user.id,
    };
  }
}
