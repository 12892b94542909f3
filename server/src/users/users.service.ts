import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from '../common/errors/app-error.js';
import { DEFAULT_EMAIL_PREFERENCES, type UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

export interface NewUser {
  username: string;
  firstName: string;
  email: string;
  passwordHash: string | null;
  needsSetup?: boolean;
  referrerId?: number | null;
  referralSource?: UserEntity['referralSource'];
}

/** New accounts: unique names and addresses, and the role and email preferences they start with. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Inserts a user in the caller's transaction; a taken username or email is a 409 naming the field. */
  async create(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    const taken = await this.users.findHolders(manager, user.username, user.email);
    const errors: ApiError[] = [];
    if (taken.some((u) => u.username.toLowerCase() === user.username.toLowerCase())) {
      errors.push({
        code: ErrorCode.Conflict,
        heading: 'Invalid username',
        message: 'That username is taken. Please choose another.',
        field: 'username',
      });
    }
    if (taken.some((u) => u.email.toLowerCase() === user.email.toLowerCase())) {
      errors.push({
        code: ErrorCode.Conflict,
        heading: 'Invalid email',
        field: 'email',
        message: 'An account with this email address exists. Log in, or reset your password.',
        link: '/password/reset',
      });
    }
    if (errors.length) throw new AppError(ErrorCode.Conflict, errors[0].heading, errors[0].message, { errors });
    try {
      return await this.users.insert(manager, {
        ...user,
        role: this.config.adminEmail && user.email.toLowerCase() === this.config.adminEmail ? 'admin' : 'member',
        emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      });
    } catch (error) {
      // Two signups racing for one name: the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        throw new AppError(ErrorCode.Conflict, 'Invalid username', 'That username or email is taken. Please choose another.', {
          field: 'username',
        });
      }
      throw error;
    }
  }
}
