import { Controller, Get, Header } from '@nestjs/common';
import type { OutboxMail } from '@shared/accounts/account.answers.js';
import { DevOutboxService } from './dev-outbox.service.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The mail outbox for developers, when no SMTP server is configured: JSON at /data/dev/outbox
 * and a readable page at /dev/mail. Both are absent in production.
 */
@Controller()
export class DevOutboxController {
  constructor(private readonly outbox: DevOutboxService) {}

  @Get('dev/outbox')
  json(): Promise<OutboxMail[]> {
    return this.outbox.latest();
  }

  @Get('dev/mail')
  @Header('content-type', 'text/html; charset=utf-8')
  async page(): Promise<string> {
    const mails = await this.outbox.latest();
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p>` +
          `<pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('<hr>');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><main><h1>Mail outbox (${mails.length})</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`;
  }
}
