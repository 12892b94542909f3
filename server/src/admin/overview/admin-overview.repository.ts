import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Site-wide figures for the admin Overview tab. */
@Injectable()
export class AdminOverviewRepository {
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
}
