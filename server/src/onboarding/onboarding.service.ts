import { Injectable } from '@nestjs/common';
import type { OnboardingPreferencesPayload, SetupExistingUserPayload } from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { isLanguageCode } from '@shared/constants/languages.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { AppError } from '../common/errors/app-error.js';
import type { AuthUser } from '../sessions/auth-context.js';
import { UsersRepository } from '../users/users.repository.js';

/** The /getStarted steps and the set-up of accounts created for someone else. */
@Injectable()
export class OnboardingService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async preferences(userId: number): Promise<OnboardingPreferencesPayload> {
    const user = await this.users.findById(userId);
    return { languages: user?.languages ?? [], interests: user?.interests ?? [] };
  }

  async savePreferences(userId: number, { languages, interests }: OnboardingPreferencesPayload): Promise<void> {
    const unknown = languages.filter((code) => !isLanguageCode(code));
    if (unknown.length) {
      throw new AppError(ErrorCode.Validation, 'Invalid languages', `Unknown language: ${unknown.join(', ')}.`, {
        field: 'languages',
      });
    }
    const uniqueInterests = [...new Set(interests.map((interest) => interest.toLowerCase()))];
    await this.users.update(userId, { languages: [...new Set(languages)], interests: uniqueInterests });
  }

  async finish(user: AuthUser): Promise<void> {
    if (user.needsSetup) {
      throw new AppError(ErrorCode.Conflict, 'Set up your account first', 'Please choose your username and password first.', {
        link: '/setupExistingUser',
      });
    }
    await this.users.update(user.id, { finishedGetStarted: true });
  }

  async setupExistingUser(user: AuthUser, payload: SetupExistingUserPayload): Promise<void> {
    if (!user.needsSetup) {
      throw new AppError(ErrorCode.Conflict, 'Already set up', 'Your account already has a username and password.');
    }
    const owner = await this.users.findByUsername(payload.username);
    if (owner && owner.id !== user.id) {
      throw new AppError(ErrorCode.Conflict, 'Invalid username', 'That username is taken. Please choose another.', {
        field: 'username',
      });
    }
    await this.users.update(user.id, {
      username: payload.username,
      passwordHash: await this.hasher.hash(payload.password),
      needsSetup: false,
    });
  }
}
