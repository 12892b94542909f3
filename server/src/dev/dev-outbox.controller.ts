import { Controller, Get, Header, Inject } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { OutboxMail } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MailOutboxEntity } from '../mail/mail-outbox.entity.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The mail outbox for developers, when no SMTP server is configured: JSON at /data/dev/outbox
 * and a readable page at /dev/mail. Both are absent in production.
 */
@Controller()
export class DevOutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(MailOutboxEntity) private readonly outbox: Repository<MailOutboxEntity>,
  ) {}

  @Get('dev/outbox')
  async json(): Promise<OutboxMail[]> {
    return this.latest();
  }

  @Get('dev/mail')
  @Header('content-type', 'text/html; charset=utf-8')
  async page(): Promise<string> {
    const mails = await this.latest();
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p>` +
          `<pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('<hr>');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><main><h1>Mail outbox (${mails.length})</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`;
  }

  private async latest(): Promise<OutboxMail[]> {
    if (this.config.env === 'production')
      throw new AppError(ErrorCode.NotFound, 'Not found', 'What you asked for does not exist.');
    const rows = await this.outbox.find({ order: { id: 'DESC' }, take: 50 });
    return rows.map((row) => ({
      id: Number(row.id),
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
