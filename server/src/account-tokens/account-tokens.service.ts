import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { randomToken, sha256 } from '../common/crypto/tokens.js';
import type { AccountTokenEntity, AccountTokenPurpose } from './account-token.entity.js';
import { AccountTokensRepository } from './account-tokens.repository.js';

export const TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  confirm_email: 7 * 24 * 60,
  change_email: 24 * 60,
  reset_password: 60,
  invite: 7 * 24 * 60,
};

export interface IssuedToken {
  id: string;
  secret: string;
}

const INVALID_LINK = new AppError(
  ErrorCode.LinkInvalid,
  'Link not valid',
  'This link has expired or has already been used. Please ask for a new one.',
);

/** Single-use secrets for links sent by mail. Only their SHA-256 is stored. */
@Injectable()
export class AccountTokensService {
  constructor(private readonly tokens: AccountTokensRepository) {}

  async issue(userId: number, purpose: AccountTokenPurpose, newEmail: string | null = null): Promise<IssuedToken> {
    const secret = randomToken();
    const id = await this.tokens.create({
      userId,
      purpose,
      tokenHash: sha256(secret),
      newEmail,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
    });
    return { id, secret };
  }

  /**
   * Marks the token used inside the caller's transaction and answers it; refuses an unknown,
   * used, expired or wrong-purpose token the same way, so the answer reveals nothing.
   */
  async consume(
    manager: EntityManager,
    id: string,
    secret: string,
    purposes: AccountTokenPurpose[],
  ): Promise<AccountTokenEntity> {
    if (!/^\d{1,18}$/.test(id)) throw INVALID_LINK;
    const token = await this.tokens.lockById(manager, id);
    const valid =
      token &&
      purposes.includes(token.purpose) &&
      token.usedAt === null &&
      token.expiresAt.getTime() > Date.now() &&
      token.tokenHash.equals(sha256(secret));
    if (!valid) throw INVALID_LINK;
    await this.tokens.markUsed(manager, id);
    return token;
  }

  /** How many tokens of a purpose a user got recently, and when the last one was issued. */
  recent(userId: number, purpose: AccountTokenPurpose, withinMinutes: number): Promise<{ count: number; last: Date | null }> {
    return this.tokens.issuedRecently(userId, purpose, withinMinutes);
  }
}
