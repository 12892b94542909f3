import { Injectable } from '@nestjs/common';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import { ClientErrorsRepository } from '../../client-errors/client-errors.repository.js';
import { AdminReportsService } from '../reports/admin-reports.service.js';
import { AdminOverviewRepository } from './admin-overview.repository.js';

const RECENT_CLIENT_ERRORS = 20;

/** What the admin Overview tab shows: site-wide counts, the reports waiting and the latest client errors. */
@Injectable()
export class AdminOverviewService {
  constructor(
    private readonly counts: AdminOverviewRepository,
    private readonly clientErrors: ClientErrorsRepository,
    private readonly reports: AdminReportsService,
  ) {}

  async overview(): Promise<AdminOverview> {
    const counts = await this.counts.counts();
    const errors = await this.clientErrors.latest(RECENT_CLIENT_ERRORS);
    const openReports = await this.reports.openCount();
    return {
      ...counts,
      openReports,
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
