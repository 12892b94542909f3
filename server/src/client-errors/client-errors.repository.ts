import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ClientErrorEntity } from './client-error.entity.js';

export type ClientErrorInsert = Pick<ClientErrorEntity, 'stacktrace' | 'url' | 'type' | 'userId' | 'userAgent' | 'ip'>;

/** A stored crash report, its stack trace cut to its first 300 characters. */
export interface ClientErrorSummary {
  id: string;
  type: string;
  url: string;
  createdAt: Date;
  stacktraceStart: string;
}

/** Crash reports from the client: the `client_errors` table. */
@Injectable()
export class ClientErrorsRepository {
  constructor(@InjectRepository(ClientErrorEntity) private readonly clientErrors: Repository<ClientErrorEntity>) {}

  async create(report: ClientErrorInsert): Promise<void> {
    await this.clientErrors.insert(report);
  }

  /** The `limit` newest reports, newest first. */
  async latest(limit: number): Promise<ClientErrorSummary[]> {
    const rows: { id: string; type: string; url: string; created_at: Date; stacktrace: string }[] = await this.clientErrors.query(
      `SELECT id, type, url, created_at, left(stacktrace, 300) AS stacktrace FROM client_errors ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      url: row.url,
      createdAt: row.created_at,
      stacktraceStart: row.stacktrace,
    }));
  }
}
