import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Paged } from '@shared/accounts/account.answers.js';
import type { AdminAuditAction } from '@shared/admin/audit.js';
import {
  REPORT_QUEUE_LATEST_REPORTS,
  REPORT_QUEUE_PAGE_SIZE,
  type ReportAction,
  type ReportActionResult,
  type ReportQueueItem,
  type ReportResolution,
  type ReportTargetType,
} from '@shared/admin/reports.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { Transactions } from '../../database/transactions.js';
import { CommentsRepository } from '../../comments/comments.repository.js';
import { PostRoomsService } from '../../posts/post-rooms.service.js';
import { AdminUsersService } from '../users/admin-users.service.js';
import { AdminReportsRepository, type LockedTarget, type ReportQueueRecord } from './admin-reports.repository.js';

const RESOLUTION_OF: Record<ReportAction, ReportResolution> = { hide: 'hidden', dismiss: 'dismissed', ban: 'banned' };
const AUDIT_ACTION_OF: Record<ReportAction, AdminAuditAction> = {
  hide: 'report_hidden',
  dismiss: 'report_dismissed',
  ban: 'report_author_banned',
};

const NO_SUCH_TARGET = new AppError(ErrorCode.NotFound, 'Not found', 'There is no such post or comment.');

/**
 * The admin Reports queue: reported posts and comments with their open reports, and what an admin
 * does about one. Every action locks the target, changes it, closes all its open reports and
 * writes its audit row in one transaction:
 * - hide: only its writer and admins still see it (every read applies `postVisibleTo` /
 *   `commentVisibleTo`), and a post leaves the surf bar and its live room;
 * - dismiss: nothing changes but the reports;
 * - ban: the writer's login is suspended through the Users screen's own call (its rules, its
 *   audit row, every session revoked), and the target is hidden as well, since what got its
 *   writer banned should not stay up.
 */
@Injectable()
export class AdminReportsService {
  constructor(
    private readonly reports: AdminReportsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
    private readonly users: AdminUsersService,
    private readonly postRooms: PostRoomsService,
    private readonly comments: CommentsRepository,
  ) {}

  async queue(page: number): Promise<Paged<ReportQueueItem>> {
    const { rows, total } = await this.reports.queue(
      REPORT_QUEUE_PAGE_SIZE,
      (page - 1) * REPORT_QUEUE_PAGE_SIZE,
      REPORT_QUEUE_LATEST_REPORTS,
    );
    return { items: rows.map(itemOf), page, pages: Math.max(1, Math.ceil(total / REPORT_QUEUE_PAGE_SIZE)), total };
  }

  openCount(): Promise<number> {
    return this.reports.openTargets();
  }

  async act(adminId: number, type: ReportTargetType, id: number, action: ReportAction): Promise<ReportActionResult> {
    const resolution = RESOLUTION_OF[action];
    let target: LockedTarget | null = null;
    let closed: number[] = [];
    const resolve = async (manager: EntityManager) => {
      target = await this.reports.lockTarget(manager, type, id);
      if (!target) throw NO_SUCH_TARGET;
      if (action !== 'dismiss') await this.reports.hide(manager, type, id);
      closed = await this.reports.closeReports(manager, type, id, resolution);
      await this.audit.record(manager, {
        adminId,
        action: AUDIT_ACTION_OF[action],
        targetType: type,
        targetId: String(id),
        before: { hidden: target.hidden, openReports: closed.length },
        after: { hidden: action === 'dismiss' ? target.hidden : true, closedReports: closed, authorId: target.authorId },
      });
    };
    if (action === 'ban') {
      const authorId = await this.reports.authorOf(type, id);
      if (authorId === null) throw NO_SUCH_TARGET;
      await this.users.setLoginSuspended(adminId, authorId, true, resolve);
    } else {
      await this.transactions.run(resolve);
    }
    const locked = target as LockedTarget | null;
    if (action !== 'dismiss' && locked) await this.hiddenLive(type, id, locked);
    return { resolution, closedReports: closed.length };
  }

  /**
   * The open tabs follow a hide at once: a post's viewers who may no longer see it leave its room;
   * a comment leaves the post's open tabs, its writer's apart (the writer still sees it).
   */
  private async hiddenLive(type: ReportTargetType, id: number, target: LockedTarget): Promise<void> {
    if (type === 'post') return this.postRooms.postHidden(id);
    if (target.hidden) return;
    const commentCount = await this.comments.countOn(target.pid);
    this.postRooms.commentRemoved({ pid: target.pid, commentId: id, parentId: target.parentId, commentCount }, target.authorId);
  }
}

function itemOf(row: ReportQueueRecord): ReportQueueItem {
  return {
    targetType: row.target_type,
    targetId: Number(row.target_id),
    pid: row.pid,
    text: row.text,
    author: { id: row.author_id, username: row.author_username, loginSuspended: row.author_login_suspended },
    hidden: row.hidden,
    deleted: row.deleted,
    openReports: row.open_reports,
    lastReportedAt: row.last_reported_at.toISOString(),
    reports: row.reports.map((report) => ({
      id: Number(report.id),
      reporter: { id: report.reporter_id, username: report.reporter_username },
      reason: report.reason,
      createdAt: new Date(report.created_at).toISOString(),
    })),
  };
}
