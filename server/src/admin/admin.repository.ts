import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Site-wide figures for the admin area, and its actions on members. */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Accounts, admins among them, and sessions neither revoked nor expired. */
  async counts(): Promise<{ users: number; admins: number; activeSessions: number }> {
    const [counts]: { users: number; admins: number; sessions: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM users WHERE role = 'admin') AS admins,
              (SELECT count(*)::int FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS sessions`,
    );
    return { users: counts.users, admins: counts.admins, activeSessions: counts.sessions };
  }

  /** Earning on, the surf score, the wrong-code streak and the evidence cleared; false when no such member. */
  async restoreEarning(userId: number): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, affected]: [unknown[], number] = await this.dataSource.query(
      `UPDATE users SET earning_blocked = false, risk_score = 0, wrong_codes = 0, recent_answers = '{}', risk_evidence = '[]' WHERE id = $1`,
      [userId],
    );
    return affected === 1;
  }
}
