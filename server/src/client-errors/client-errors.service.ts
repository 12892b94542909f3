import { Injectable } from '@nestjs/common';
import type { LogErrorPayload } from '@shared/client-errors/log-error.schema.js';
import { ErrorLog } from '../error-log/error-log.service.js';
import { ClientErrorsRepository } from './client-errors.repository.js';

const USER_AGENT_MAX = 500;

export interface CrashReporter {
  userId: number | null;
  userAgent: string;
  ip: string;
}

@Injectable()
export class ClientErrorsService {
  constructor(
    private readonly clientErrors: ClientErrorsRepository,
    private readonly errorLog: ErrorLog,
  ) {}

  async record(report: LogErrorPayload, reporter: CrashReporter): Promise<void> {
    await this.clientErrors.create({
      ...report,
      userId: reporter.userId,
      userAgent: reporter.userAgent.slice(0, USER_AGENT_MAX),
      ip: reporter.ip,
    });
    // Also counted in its group, which the admin error log lists.
    await this.errorLog.recordClientError(report.type, report.stacktrace, report.url, reporter.userAgent);
  }
}
