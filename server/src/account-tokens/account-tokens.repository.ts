import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AccountTokenEntity, type AccountTokenPurpose } from './account-token.entity.js';

export type AccountTokenInsert = Pick<AccountTokenEntity, 'userId' | 'purpose' | 'tokenHash' | 'newEmail' | 'expiresAt'>;

/** The links sent by mail: the `account_tokens` table. */
@Injectable()
export class AccountTokensRepository {
  constructor(@InjectRepository(AccountTokenEntity) private readonly tokens: Repository<AccountTokenEntity>) {}

  /** Answers the new token's id. */
  async create(token: AccountTokenInsert): Promise<string> {
    return (await this.tokens.save(token)).id;
  }

  /** The token, locked for the rest of the caller's transaction so it is used at most once. */
  lockById(manager: EntityManager, id: string): Promise<AccountTokenEntity | null> {
    return manager
      .getRepository(AccountTokenEntity)
      .createQueryBuilder('token')
      .setLock('pessimistic_write')
      .where('token.id = :id', { id })
      .getOne();
  }

  async markUsed(manager: EntityManager, id: string): Promise<void> {
    await manager.update(AccountTokenEntity, { id }, { usedAt: new Date() });
  }

  /** How many tokens of a purpose the user got in the last `withinMinutes`, and when the last one was issued. */
  async issuedRecently(
    userId: number,
    purpose: AccountTokenPurpose,
    withinMinutes: number,
  ): Promise<{ count: number; last: Date | null }> {
    const [row] = await this.tokens.query(
      `SELECT count(*)::int AS count, max(created_at) AS last FROM account_tokens
        WHERE user_id = $1 AND purpose = $2 AND created_at > now() - make_interval(mins => $3)`,
      [userId, purpose, withinMinutes],
    );
    return { count: row.count, last: row.last };
  }
}
