import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { UserEntity } from './user.entity.js';

/** The columns a new account is inserted with. */
export type UserInsert = Pick<UserEntity, 'username' | 'firstName' | 'email' | 'passwordHash' | 'role' | 'emailPreferences'> &
  Partial<Pick<UserEntity, 'needsSetup' | 'referrerId' | 'referralSource'>>;

/** Members' accounts: the `users` table. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** By username or email address, with the password hash (which is never selected otherwise). */
  findForLogin(login: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:login) OR lower(u.email) = lower(:login)', { login })
      .getOne();
  }

  async passwordHashOf(id: number): Promise<string | null> {
    const user = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
    return user?.passwordHash ?? null;
  }

  /** What a signed-in request knows of its user (the sessions' hot path: one plain query). */
  /** Whether an admin suspended the account's login (false for no such account). */
  async isLoginSuspended(id: number): Promise<boolean> {
    const [row]: { login_suspended: boolean }[] = await this.users.query(`SELECT login_suspended FROM users WHERE id = $1`, [id]);
    return row?.login_suspended === true;
  }

  /** The accounts that already use this username or this email address (case-insensitive). */
  findHolders(manager: EntityManager, username: string, email: string): Promise<Pick<UserEntity, 'username' | 'email'>[]> {
    return manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select(['u.username', 'u.email'])
      .where('lower(u.username) = lower(:username) OR lower(u.email) = lower(:email)', { username, email })
      .getMany();
  }

  /** Fails with PostgreSQL's unique violation (23505) when a racing insert took the name or address. */
  insert(manager: EntityManager, user: UserInsert): Promise<UserEntity> {
    return manager.getRepository(UserEntity).save(user);
  }

  async update(id: number, patch: Partial<UserEntity>): Promise<void> {
    await this.users.update({ id }, patch);
  }

  async confirmEmail(manager: EntityManager, id: number): Promise<void> {
    await manager.update(UserEntity, { id }, { emailConfirmedAt: new Date() });
  }

  /** The new address, confirmed (it was proven by the link mailed to it). */
  async changeEmail(manager: EntityManager, id: number, email: string): Promise<void> {
    await manager.update(UserEntity, { id }, { email, emailConfirmedAt: new Date() });
  }

  /** A new password from a mailed link: also lifts a lock and confirms the address the link went to. */
  async resetPassword(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.query(
      `UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL,
              email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        WHERE id = $1`,
      [id, passwordHash],
    );
  }

  /** Counts a wrong password; the `lockAfter`-th in a row locks the account for `lockMinutes` and restarts the count. */
  async recordFailedLogin(id: number, lockAfter: number, lockMinutes: number): Promise<void> {
    await this.users.query(
      `UPDATE users SET failed_logins = failed_logins + 1,
              locked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE locked_until END
        WHERE id = $1`,
      [id, lockAfter, lockMinutes],
    );
    await this.users.query(`UPDATE users SET failed_logins = 0 WHERE id = $1 AND failed_logins >= $2`, [id, lockAfter]);
  }
}
