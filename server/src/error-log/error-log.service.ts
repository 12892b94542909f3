import { Injectable, Logger } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import type { ErrorGroupDetail, ErrorGroupSummary, ErrorGroupsQuery } from '@shared/admin/errors.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import { AppError } from '../common/errors/app-error.js';
import type { ServerErrorRecorder } from '../common/errors/server-error-recorder.js';
import { Transactions } from '../database/transactions.js';
import type { ErrorGroupEntity } from './error-group.entity.js';
import { ErrorGroupsRepository } from './error-groups.repository.js';
import { browserOf, identify } from './fingerprint.js';

const PAGE_SIZE = 50;
const STACK_MAX = 4000;
const URL_MAX = 500;
/**
 * The log keeps this many groups at most (the most recently seen): reports come from anyone's
 * browser, so distinct messages could otherwise pile up without end.
 */
export const ERROR_GROUPS_KEPT = 5000;
/** Trimming to ERROR_GROUPS_KEPT runs once per this many recorded errors of a process. */
const TRIM_EVERY = 200;

const NOT_FOUND = new AppError(ErrorCode.NotFound, 'Not found', 'No error has this fingerprint.');

const summary = (group: ErrorGroupEntity): ErrorGroupSummary => ({
  fingerprint: group.fingerprint,
  type: group.type,
  message: group.message,
  count: group.occurrences,
  firstSeen: group.firstSeen.toISOString(),
  lastSeen: group.lastSeen.toISOString(),
  resolvedAt: group.resolvedAt?.toISOString() ?? null,
});

const detail = (group: ErrorGroupEntity): ErrorGroupDetail => ({
  ...summary(group),
  urls: group.urls,
  browsers: group.browsers,
  sampleStack: group.sampleStack,
});

/**
 * The error log: client crash reports and the server's unexpected failures, grouped by
 * fingerprint (normalised message + top stack frame). Each distinct error is one row that counts
 * its occurrences, so a repeating error never grows the table; resolving a group is audited and a
 * new occurrence reopens it.
 */
@Injectable()
export class ErrorLog implements ServerErrorRecorder {
  private readonly logger = new Logger(ErrorLog.name);
  private recordedSinceTrim = 0;

  constructor(
    private readonly groups: ErrorGroupsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
  ) {}

  async recordClientError(type: string, stack: string, url: string, userAgent: string): Promise<void> {
    await this.count(type, stack, url, browserOf(userAgent));
  }

  /**
   * Counts a server failure without ever failing or delaying the answer: the write runs on its
   * own and a failure to write (the database may be the very thing that failed) is only warned about.
   */
  recordServerError(error: unknown, method: string, url: string): void {
    const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `Error: ${String(error)}`;
    this.count('server', stack, `${method} ${url.split('?', 1)[0]}`, 'Server').catch((failure: unknown) =>
      this.logger.warn(`Could not record a server error in the error log: ${String(failure)}`),
    );
  }

  async page({ state, page }: ErrorGroupsQuery): Promise<Paged<ErrorGroupSummary>> {
    const { rows, total } = await this.groups.page(state === 'resolved', PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return { items: rows.map(summary), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  async group(fingerprint: string): Promise<ErrorGroupDetail> {
    const group = await this.groups.find(fingerprint);
    if (!group) throw NOT_FOUND;
    return detail(group);
  }

  async resolve(adminId: number, fingerprint: string): Promise<ErrorGroupDetail> {
    await this.transactions.run(async (manager) => {
      const group = await this.groups.find(fingerprint, manager);
      if (!group) throw NOT_FOUND;
      if (group.resolvedAt) return;
      await this.groups.markResolved(manager, fingerprint, adminId);
      await this.audit.record(manager, {
        adminId,
        action: 'error_resolved',
        targetType: 'error_group',
        targetId: fingerprint,
        before: { resolved: false, count: group.occurrences },
        after: { resolved: true, count: group.occurrences },
      });
    });
    return this.group(fingerprint);
  }

  private async count(type: string, stack: string, url: string, browser: string): Promise<void> {
    const { fingerprint, message } = identify(type, stack);
    await this.groups.count({
      fingerprint,
      type,
      message,
      stack: stack.slice(0, STACK_MAX),
      url: url.slice(0, URL_MAX),
      browser,
    });
    if (++this.recordedSinceTrim >= TRIM_EVERY) {
      this.recordedSinceTrim = 0;
      await this.groups.keepLatest(ERROR_GROUPS_KEPT);
    }
  }
}
