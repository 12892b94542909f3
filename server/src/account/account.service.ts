import { Injectable } from '@nestjs/common';
import type { TokenLinkAnswer } from '@shared/accounts/account.answers.js';
import type { ConfirmTokenPayload } from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AccountTokensService } from '../account-tokens/account-tokens.service.js';
import type { ClientMeta } from '../auth/client-meta.js';
import type { BrowserSessions } from '../auth/session-cookies.js';
import { AppError } from '../common/errors/app-error.js';
import type { AuthUser } from '../sessions/auth-context.js';
import { MemberCache } from '../sessions/member-cache.js';
import { Transactions } from '../database/transactions.js';
import { LoginService } from '../login/login.service.js';
import { UsersRepository } from '../users/users.repository.js';

const RESEND_EVERY_SECONDS = 60;
const RESENDS_PER_HOUR = 5;

/** What the links in account mails do: confirm an address, apply an email change, accept an invite. */
@Injectable()
export class AccountService {
  constructor(
    private readonly memberCache: MemberCache,
    private readonly transactions: Transactions,
    private readonly tokens: AccountTokensService,
    private readonly users: UsersRepository,
    private readonly auth: LoginService,
  ) {}

  async followLink(
    { id, code }: ConfirmTokenPayload,
    meta: ClientMeta,
    browser: BrowserSessions,
  ): Promise<{ answer: TokenLinkAnswer; browser: BrowserSessions }> {
    const token = await this.transactions.run(async (manager) => {
      const consumed = await this.tokens.consume(manager, String(id), code, ['confirm_email', 'change_email', 'invite']);
      if (consumed.purpose === 'change_email') {
        const owner = await this.users.findByEmail(consumed.newEmail!);
        if (owner && owner.id !== consumed.userId) {
          throw new AppError(ErrorCode.Conflict, 'Address in use', 'Another account uses this email address now.');
        }
        await this.users.changeEmail(manager, consumed.userId, consumed.newEmail!);
      } else {
        await this.users.confirmEmail(manager, consumed.userId);
      }
      return consumed;
    });
    this.memberCache.forgetMember(token.userId);
    if (token.purpose === 'invite') {
      return {
        answer: {
          outcome: 'invite_accepted',
          message: 'Welcome! Choose your username and password to finish.',
          redirectTo: '/setupExistingUser',
        },
        browser: await this.auth.startSession(token.userId, meta, browser, false),
      };
    }
    const answer: TokenLinkAnswer =
      token.purpose === 'change_email'
        ? { outcome: 'email_changed', message: 'Your email address is changed.', redirectTo: '/settings' }
        : { outcome: 'email_confirmed', message: 'Thank you, your email address is confirmed.', redirectTo: '/home' };
    return { answer, browser };
  }

  /** At most one mail a minute and five an hour per account, so the button cannot be used to spam. */
  async resendConfirmation(user: AuthUser): Promise<void> {
    if (user.emailConfirmed) {
      throw new AppError(ErrorCode.Conflict, 'Already confirmed', 'Your email address is already confirmed.');
    }
    const recent = await this.tokens.recent(user.id, 'confirm_email', 60);
    const sinceLast = recent.last ? (Date.now() - recent.last.getTime()) / 1000 : Infinity;
    if (sinceLast < RESEND_EVERY_SECONDS) {
      const seconds = Math.ceil(RESEND_EVERY_SECONDS - sinceLast);
      throw new AppError(
        ErrorCode.RateLimited,
        'Mail just sent',
        `We just sent it. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        { retryAfter: seconds },
      );
    }
    if (recent.count >= RESENDS_PER_HOUR) {
      const minutes = Math.max(1, Math.ceil(60 - (Date.now() - recent.last!.getTime()) / 60_000));
      throw new AppError(
        ErrorCode.RateLimited,
        'Too many mails',
        `You asked for many mails. Please try again in ${minutes} minutes.`,
        { retryAfter: minutes * 60 },
      );
    }
    await this.auth.sendConfirmation({ id: user.id, email: user.email, firstName: user.firstName });
  }
}
