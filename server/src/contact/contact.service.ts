import { Inject, Injectable } from '@nestjs/common';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type {
  ContactInboxQuery,
  ContactMessageDetail,
  ContactMessagePayload,
  ContactMessageSummary,
} from '@shared/contact/contact.js';
import { PATHS } from '@shared/routing/routes.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import { hmac } from '../common/crypto/tokens.js';
import { AppError } from '../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { MailService } from '../mail/mail.service.js';
import { mails } from '../mail/mail.templates.js';
import { ContactRepository, type ContactMessageRow } from './contact.repository.js';

const PAGE_SIZE = 25;
const NOT_FOUND = new AppError(ErrorCode.NotFound, 'Not found', 'This message does not exist.');

/**
 * Messages to the site's admins from /contact, and the admins' replies. A message is stored
 * with what its sender typed, their account when signed in, and a keyed hash of their address
 * (so a flood can be told apart without keeping the address); every admin gets it by mail.
 */
@Injectable()
export class ContactService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ContactRepository,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
  ) {}

  async send(message: ContactMessagePayload, userId: number | null, address: string): Promise<null> {
    const id = await this.repository.add(message, userId, hmac(this.config.sessionSecret, `contact-address:${address}`));
    const link = this.mail.link(`${PATHS.admin}/inbox/${id}`);
    for (const admin of await this.repository.admins()) {
      await this.mail.send(admin, mails.contactReceived(message.name, message.email, message.subject, message.message, link));
    }
    return null;
  }

  async inbox({ page }: ContactInboxQuery): Promise<Paged<ContactMessageSummary>> {
    const { rows, total } = await this.repository.page(PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return { items: rows.map(summaryOf), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  }

  async message(id: number): Promise<ContactMessageDetail> {
    const row = await this.repository.findById(id);
    if (!row) throw NOT_FOUND;
    return this.detailOf(row);
  }

  /** The first reading's time is kept: reading a read message again changes (and audits) nothing. */
  async markRead(adminId: number, id: number): Promise<ContactMessageSummary> {
    await this.transactions.run(async (manager) => {
      const before = await this.repository.findById(id, manager, true);
      if (!before) throw NOT_FOUND;
      if (before.read_at) return;
      const readAt = await this.repository.markRead(manager, id);
      await this.audit.record(manager, {
        adminId,
        action: 'contact_read',
        targetType: 'contact_message',
        targetId: String(id),
        before: { readAt: null },
        after: { readAt: readAt.toISOString() },
      });
    });
    return summaryOf((await this.repository.findById(id))!);
  }

  /** Stores the reply, marks the message answered and audits it in one transaction, then mails the sender. */
  async reply(adminId: number, id: number, text: string): Promise<ContactMessageDetail> {
    const message = await this.transactions.run(async (manager) => {
      const before = await this.repository.findById(id, manager, true);
      if (!before) throw NOT_FOUND;
      const { replyId, answeredAt } = await this.repository.addReply(manager, id, adminId, text);
      await this.audit.record(manager, {
        adminId,
        action: 'contact_replied',
        targetType: 'contact_message',
        targetId: String(id),
        before: { answeredAt: before.answered_at?.toISOString() ?? null },
        after: { answeredAt: answeredAt.toISOString(), replyId, to: before.email, text },
      });
      return before;
    });
    await this.mail.sendToAddress(message.email, mails.contactReply(message.name, message.subject, text));
    return this.message(id);
  }

  private async detailOf(row: ContactMessageRow): Promise<ContactMessageDetail> {
    const replies = await this.repository.repliesTo(row.id);
    return {
      ...summaryOf(row),
      message: row.message,
      replies: replies.map((reply) => ({
        id: reply.id,
        text: reply.text,
        admin: reply.admin_id === null ? null : { id: reply.admin_id, username: reply.admin_username ?? '' },
        createdAt: reply.created_at.toISOString(),
      })),
    };
  }
}

function summaryOf(row: ContactMessageRow): ContactMessageSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    user: row.user_id === null ? null : { id: row.user_id, username: row.username ?? '' },
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
    answeredAt: row.answered_at?.toISOString() ?? null,
  };
}
