import { Injectable } from '@nestjs/common';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { USERNAME_PATTERN } from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { UsersRepository } from '../users/users.repository.js';

/** Public profiles: visitors see them too; nothing private (email, settings) is in the answer. */
@Injectable()
export class ProfileService {
  constructor(private readonly users: UsersRepository) {}

  /** `viewerId` null: a visitor. An account not set up yet has no profile. */
  async profile(username: string, viewerId: number | null): Promise<ProfileAnswer> {
    const user = USERNAME_PATTERN.test(username) ? await this.users.findByUsername(username) : null;
    if (!user || user.needsSetup) throw new AppError(ErrorCode.NotFound, 'No such member', 'There is no member with this name.');
    return {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      image: user.image,
      joinedAt: user.createdAt.toISOString(),
      isOwn: viewerId === user.id,
    };
  }
}
