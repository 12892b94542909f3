import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { Auth } from '../auth/auth.decorators.js';

/** The admin area's calls; every one is `@Auth('admin')`: 401 for visitors, 403 for members. */
@Controller('admin')
@Auth('admin')
export class AdminController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('overview')
  async overview(): Promise<AdminOverview> {
    const [counts] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM users WHERE role = 'admin') AS admins,
              (SELECT count(*)::int FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS sessions`,
    );
    const errors: { id: string; type: string; url: string; created_at: Date; stacktrace: string }[] = await this.dataSource.query(
      `SELECT id, type, url, created_at, left(stacktrace, 300) AS stacktrace FROM client_errors ORDER BY id DESC LIMIT 20`,
    );
    return {
      users: counts.users,
      admins: counts.admins,
      activeSessions: counts.sessions,
      recentClientErrors: errors.map((e) => ({
        id: Number(e.id),
        type: e.type,
        url: e.url,
        createdAt: e.created_at.toISOString(),
        firstLine: e.stacktrace.split('\n')[0],
      })),
    };
  }
}
