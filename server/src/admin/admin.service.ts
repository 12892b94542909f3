import { Injectable } from '@nestjs/common';
import type { AdminOverview } from '@shared/accounts/account.answers.js';
import type { EarningPayload } from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AdminAudit } from '../admin-audit/admin-audit.service.js';
import { AppError } from '../common/errors/app-error.js';
import { ClientErrorsRepository } from '../client-errors/client-errors.repository.js';
import { Transactions } from '../database/transactions.js';
import { AdminRepository } from './admin.repository.js';

const RECENT_CLIENT_ERRORS = 20;

/** What the admin area shows. */
@Injectable()
export class AdminService {
  constructor(
    private readonly admin: AdminRepository,
    private readonly clientErrors: ClientErrorsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
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

  /**
   * Restores a stopped member's earning and resets their surf score; their credits and ledger
   * stay as they are. The change and its audit row are one transaction.
   */
  async restoreEarning(adminId: number, userId: number): Promise<EarningPayload> {
    await this.transactions.run(async (manager) => {
      const before = await this.admin.lockEarning(manager, userId);
      if (!before) throw new AppError(ErrorCode.NotFound, 'Not found', 'There is no member with this id.');
      await this.admin.restoreEarning(manager, userId);
      await this.audit.record(manager, {
        adminId,
        action: 'earning_restored',
        targetType: 'user',
        targetId: String(userId),
        before: { earning: !before.earningBlocked, riskScore: before.riskScore },
        after: { earning: true, riskScore: 0 },
      });
    });
    return { earning: true };
  }
}
