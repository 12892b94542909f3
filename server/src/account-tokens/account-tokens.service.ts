import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { randomToken, sha256 } from '../common/crypto/tokens.js';
import { AccountTokenEntity, type AccountTokenPurpose } from './account-token.entity.js';

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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async issue(userId: number, purpose: AccountTokenPurpose, newEmail: string | null = null): Promise<IssuedToken> {
    const secret = randomToken();
    const token = await this.dataSource.getRepository(AccountTokenEntity).save({
      userId,
      purpose,
      tokenHash: sha256(secret),
      newEmail,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
    });
    return { id: token.id, secret };
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
    const token = await manager
      .getRepository(AccountTokenEntity)
      .createQueryBuilder('token')
      .setLock('pessimistic_write')
      .where('token.id = :id', { id })
      .getOne();
    const valid =
      token &&
      purposes.includes(token.purpose) &&
      token.usedAt === null &&
      token.expiresAt.getTime() > Date.now() &&
      token.tokenHash.equals(sha256(secret));
    if (!valid) throw INVALID_LINK;
    await manager.update(AccountTokenEntity, { id }, { usedAt: new Date() });
    return token;
  }

  /** How many tokens of a purpose a user got recently, and when the last one was issued. */
  async recent(
    userId: number,
    purpose: AccountTokenPurpose,
    withinMinutes: number,
  ): Promise<{ count: number; last: Date | null }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS count, max(created_at) AS last FROM account_tokens
        WHERE user_id = $1 AND purpose = $2 AND created_at > now() - make_interval(mins => $3)`,
      [userId, purpose, withinMinutes],
    );
    return { count: row.count, last: row.last };
  }
}
