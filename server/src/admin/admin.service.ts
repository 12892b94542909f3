import { Injectable } from '@nestjs/common';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { ClientErrorsRepository } from '../client-errors/client-errors.repository.js';
import { AdminRepository } from './admin.repository.js';

const RECENT_CLIENT_ERRORS = 20;

/** What the admin area shows. */
@Injectable()
export class AdminService {
  constructor(
    private readonly admin: AdminRepository,
    private readonly clientErrors: ClientErrorsRepository,
  ) {}

  async overview(): Promise<AdminOverview> {
    const counts = await this.admin.counts();
    const errors = await this.clientErrors.latest(RECENT_CLIENT_ERRORS);
    return {
      ...counts,
      recentClientErrors: errors.map((e) => ({
        id: Number(e.id),
        type: e.type,
        url: e.url,
        createdAt: e.createdAt.toISOString(),
        firstLine: e.stacktraceStart.split('\n')[0],
      })),
    };
  }
}
