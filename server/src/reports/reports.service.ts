import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ReportRequest } from '@shared/feed/safety.schemas.js';
import { PATHS } from '@shared/routing/routes.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { CommentsRepository } from '../comments/comments.repository.js';
import { Transactions } from '../database/transactions.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PostAccessRepository } from '../posts/post-access.repository.js';
import { ReportsRepository, type ReportedTarget } from './reports.repository.js';

/** Where admins read the reports: the admin Reports queue. */
const REPORT_QUEUE_LINK = `${PATHS.admin}/reports`;

/**
 * A member reports a post or a comment they can see; the report joins the admins' queue, and
 * every admin is notified when a post or comment gets its first open report (later reports of it
 * add to the queue's count without notifying again until an admin closes them).
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly access: PostAccessRepository,
    private readonly comments: CommentsRepository,
    private readonly limits: MemberRateLimits,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
  ) {}

  async report(userId: number, { pid, commentId, reason }: ReportRequest): Promise<void> {
    await this.limits.take('report', userId);
    const visible =
      pid !== undefined ? await this.access.visiblePost(userId, pid) : await this.comments.visibleComment(userId, commentId!);
    if (!visible) throw new AppError(ErrorCode.NotFound, 'Not found', 'What you reported does not exist or was deleted.');
    const target: ReportedTarget = { pid: pid ?? null, commentId: commentId ?? null };
    const first = await this.transactions.run(async (manager) => {
      await this.reports.lockTarget(manager, target);
      const alreadyOpen = await this.reports.hasOpenReport(manager, target);
      await this.reports.insert(manager, userId, target, reason);
      return !alreadyOpen;
    });
    if (first) await this.tellAdmins(target, reason);
  }

  private async tellAdmins(target: ReportedTarget, reason: string): Promise<void> {
    const what = target.pid !== null ? `Post #${target.pid}` : `A comment (#${target.commentId})`;
    for (const adminId of await this.reports.adminIds()) {
      await this.notifications.notify(adminId, {
        type: 'report_received',
        heading: 'A member reported something',
        body: `${what} was reported${reason ? `: “${reason.slice(0, 200)}”` : '.'}`,
        link: REPORT_QUEUE_LINK,
      });
    }
  }
}
