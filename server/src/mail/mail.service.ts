import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { hmac } from '../common/crypto/tokens.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';
import { MailOutboxRepository } from './mail-outbox.repository.js';
import { renderAddressMail, renderMail, type MailContent, type RenderedMail } from './mail.templates.js';

export interface Recipient {
  id: number;
  email: string;
  emailPreferences?: Partial<Record<string, boolean>>;
}

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise keeps it in the outbox table,
 * where developers (GET /data/dev/outbox) and tests read it.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutboxRepository,
    private readonly website: WebsiteSettingsService,
  ) {
    this.transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;
  }

  /** Account mail always goes out; other categories only when the recipient wants them. */
  async send(to: Recipient, content: MailContent, address = to.email): Promise<void> {
    if (content.category !== 'account' && to.emailPreferences?.[content.category] === false) return;
    await this.deliver(
      to.id,
      address,
      content.category,
      renderMail(this.website.settings.name, content, this.emailSettingsUrl(to.id)),
    );
  }

  /** Mail to an address that may have no account (the sender of a contact message): always goes out. */
  async sendToAddress(address: string, content: MailContent): Promise<void> {
    await this.deliver(null, address, content.category, renderAddressMail(this.website.settings.name, content));
  }

  private async deliver(userId: number | null, address: string, category: string, mail: RenderedMail): Promise<void> {
    if (!this.transport) {
      await this.outbox.add({
        userId,
        toAddress: address,
        category,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      });
      return;
    }
    try {
      await this.transport.sendMail({ from: this.config.mail.from, to: address, ...mail });
    } catch (error) {
      this.logger.error(`Sending "${mail.subject}" failed: ${error instanceof Error ? error.message : error}`);
    }
  }

  link(path: string): string {
    return `${this.config.publicUrl ?? ''}${path}`;
  }

  emailSettingsUrl(userId: number): string {
    return this.link(`/settings/emailSettings?u=${userId}&sig=${this.emailSettingsSignature(userId)}`);
  }

  emailSettingsSignature(userId: number): string {
    return hmac(this.config.sessionSecret, `email-settings:${userId}`);
  }
}
