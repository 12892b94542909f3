import { Inject, Injectable } from '@nestjs/common';
import type { OutboxMail } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MailOutboxRepository } from '../mail/mail-outbox.repository.js';

const OUTBOX_SHOWN = 50;

/** The mail outbox for developers; in production it does not exist. */
@Injectable()
export class DevOutboxService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutboxRepository,
  ) {}

  /** The newest mails, newest first. */
  async latest(): Promise<OutboxMail[]> {
    if (this.config.env === 'production')
      throw new AppError(ErrorCode.NotFound, 'Not found', 'What you asked for does not exist.');
    const rows = await this.outbox.latest(OUTBOX_SHOWN);
    return rows.map((row) => ({
      id: Number(row.id),
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
