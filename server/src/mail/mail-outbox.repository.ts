import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MailOutboxEntity } from './mail-outbox.entity.js';

export type OutboxInsert = Pick<MailOutboxEntity, 'userId' | 'toAddress' | 'category' | 'subject' | 'textBody' | 'htmlBody'>;

/** Mail kept instead of sent: the `mail_outbox` table. */
@Injectable()
export class MailOutboxRepository {
  constructor(@InjectRepository(MailOutboxEntity) private readonly outbox: Repository<MailOutboxEntity>) {}

  async add(mail: OutboxInsert): Promise<void> {
    await this.outbox.insert(mail);
  }

  /** The `limit` newest mails, newest first. */
  latest(limit: number): Promise<MailOutboxEntity[]> {
    return this.outbox.find({ order: { id: 'DESC' }, take: limit });
  }
}
