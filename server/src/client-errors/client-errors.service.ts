import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { LogErrorPayload } from '@shared/client-errors/log-error.schema.js';
import { ClientErrorEntity } from './client-error.entity.js';

const USER_AGENT_MAX = 500;

export interface CrashReporter {
  userId: number | null;
  userAgent: string;
  ip: string;
}

@Injectable()
export class ClientErrorsService {
  constructor(@InjectRepository(ClientErrorEntity) private readonly repository: Repository<ClientErrorEntity>) {}

  async record(report: LogErrorPayload, reporter: CrashReporter): Promise<void> {
    await this.repository.insert({
      ...report,
      userId: reporter.userId,
      userAgent: reporter.userAgent.slice(0, USER_AGENT_MAX),
      ip: reporter.ip,
    });
  }

  latest(limit: number): Promise<ClientErrorEntity[]> {
    return this.repository.find({ order: { id: 'DESC' }, take: limit });
  }
}
