import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

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

  /** A member's earning state, row-locked for the rest of the caller's transaction; null when no such member. */
  async lockEarning(manager: EntityManager, userId: number): Promise<{ earningBlocked: boolean; riskScore: number } | null> {
    const [row]: { earning_blocked: boolean; risk_score: number }[] = await manager.query(
      `SELECT earning_blocked, risk_score FROM users WHERE id = $1 FOR UPDATE`,
      [userId],
    );
    return row ? { earningBlocked: row.earning_blocked, riskScore: Number(row.risk_score) } : null;
  }

  /** Earning on, the surf score, the wrong-code streak and the evidence cleared. */
  async restoreEarning(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `UPDATE users SET earning_blocked = false, risk_score = 0, wrong_codes = 0, recent_answers = '{}', risk_evidence = '[]' WHERE id = $1`,
      [userId],
    );
  }
}
