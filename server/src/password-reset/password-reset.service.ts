import { Injectable } from '@nestjs/common';
import type { PasswordResetPayload } from '@shared/accounts/account.schemas.js';
import { AccountTokensService } from '../account-tokens/account-tokens.service.js';
import type { ClientMeta } from '../auth/client-meta.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import type { BrowserSessions } from '../auth/session-cookies.js';
import { LoginService } from '../login/login.service.js';
import { mails } from '../mail/mail.templates.js';
import { MailService } from '../mail/mail.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { MemberCache } from '../sessions/member-cache.js';
import { Transactions } from '../database/transactions.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

const RESET_MAILS_PER_HOUR = 3;

/**
 * Forgotten passwords: a mailed single-use link valid for one hour. The request answers the
 * same whether or not the address has an account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly memberCache: MemberCache,
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokensService,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly auth: LoginService,
  ) {}

  async request(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const recent = await this.tokens.recent(user.id, 'reset_password', 60);
    if (recent.count >= RESET_MAILS_PER_HOUR) return;
    await this.mailLink(user);
  }

  /** Mails the member a new single-use reset link (also what an admin starts for a member). */
  async mailLink(user: Pick<UserEntity, 'id' | 'email' | 'firstName'>): Promise<void> {
    const token = await this.tokens.issue(user.id, 'reset_password');
    await this.mail.send(
      user,
      mails.resetPassword(user.firstName, this.mail.link(`/password/reset/${token.id}.${token.secret}`)),
    );
  }

  /** Sets the new password, ends every session of the account, and signs this browser in. */
  async reset({ token, password }: PasswordResetPayload, meta: ClientMeta, browser: BrowserSessions): Promise<BrowserSessions> {
    const [id, secret = ''] = token.split('.');
    const userId = await this.transactions.run(async (manager) => {
      // The token is checked before the (costly) hash, so forged tokens cost nothing.
      const consumed = await this.tokens.consume(manager, id, secret, ['reset_password']);
      const passwordHash = await this.hasher.hash(password);
      // The link arrived by mail, so it also proves the address.
      await this.users.resetPassword(manager, consumed.userId, passwordHash);
      return consumed.userId;
    });
    this.memberCache.forgetMember(userId);
    await this.sessions.revokeAllOf(userId);
    return this.auth.startSession(userId, meta, browser, false);
  }
}
