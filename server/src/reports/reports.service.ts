import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ReportRequest } from '@shared/feed/safety.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { CommentsRepository } from '../comments/comments.repository.js';
import { ReportsRepository } from './reports.repository.js';
import { PostAccessRepository } from '../posts/post-access.repository.js';

/** A member reports a post or a comment they can see; the admins read the reports. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly access: PostAccessRepository,
    private readonly comments: CommentsRepository,
    private readonly limits: MemberRateLimits,
  ) {}

  async report(userId: number, { pid, commentId, reason }: ReportRequest): Promise<void> {
    await this.limits.take('report', userId);
    const visible =
      pid !== undefined ? await this.access.visiblePost(userId, pid) : await this.comments.visibleComment(userId, commentId!);
    if (!visible) throw new AppError(ErrorCode.NotFound, 'Not found', 'What you reported does not exist or was deleted.');
    await this.reports.insert(userId, { pid: pid ?? null, commentId: commentId ?? null }, reason);
  }
}
