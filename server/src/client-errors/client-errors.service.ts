import { Injectable } from '@nestjs/common';
import type { LogErrorPayload } from '@shared/client-errors/log-error.schema.js';
import { ClientErrorsRepository } from './client-errors.repository.js';

const USER_AGENT_MAX = 500;

export interface CrashReporter {
  userId: number | null;
  userAgent: string;
  ip: string;
}

@Injectable()
export class ClientErrorsService {
  constructor(private readonly clientErrors: ClientErrorsRepository) {}

  async record(report: LogErrorPayload, reporter: CrashReporter): Promise<void> {
    await this.clientErrors.create({
      ...report,
      userId: reporter.userId,
      userAgent: reporter.userAgent.slice(0, USER_AGENT_MAX),
      ip: reporter.ip,
    });
  }
}
