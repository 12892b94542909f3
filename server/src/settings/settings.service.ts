import { Injectable } from '@nestjs/common';
import type { OwnProfileAnswer, SessionInfo } from '@shared/accounts/account.answers.js';
import {
  emailSettingsLinkSchema,
  type ChangeEmailPayload,
  type ChangePasswordPayload,
  type EmailPreferences,
} from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AccountTokensService } from '../account-tokens/account-tokens.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { safeEqual } from '../common/crypto/tokens.js';
import { AppError } from '../common/errors/app-error.js';
import { mails } from '../mail/mail.templates.js';
import { MailService } from '../mail/mail.service.js';
import { MediaService } from '../media/media.service.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';

const EMAIL_CHANGES_PER_HOUR = 3;

const WRONG_PASSWORD = (field: string) =>
  new AppError(ErrorCode.Validation, `Invalid ${field}`, 'That password is wrong.', { field });

@Injectable()
export class SettingsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly tokens: AccountTokensService,
    private readonly mail: MailService,
    private readonly media: MediaService,
  ) {}

  async profile(userId: number): Promise<OwnProfileAnswer> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorCode.NotFound, 'Not found', 'This account does not exist.');
    return { id: user.id, username: user.username, first_name: user.firstName, email: user.email, image: user.image };
  }

  async updateProfile(userId: number, firstName: string): Promise<OwnProfileAnswer> {
    await this.users.update(userId, { firstName });
    return this.profile(userId);
  }

  async updatePicture(userId: number, upload: Buffer): Promise<OwnProfileAnswer> {
    const image = await this.media.storeAvatar(userId, upload);
    await this.users.update(userId, { image });
    return this.profile(userId);
  }

  /** A new password ends every other session, so a thief holding one is locked out. */
  async changePassword(auth: AuthContext, payload: ChangePasswordPayload): Promise<void> {
    const hash = await this.users.passwordHashOf(auth.user.id);
    if (!(await this.hasher.verify(hash, payload.currentPassword))) throw WRONG_PASSWORD('currentPassword');
    await this.users.update(auth.user.id, { passwordHash: await this.hasher.hash(payload.newPassword) });
    await this.sessions.revokeAllOf(auth.user.id, auth.sessionId);
  }

  listSessions(auth: AuthContext): Promise<SessionInfo[]> {
    return this.sessions.listActive(auth.user.id, auth.sessionId);
  }

  async revokeSession(auth: AuthContext, sessionId: string): Promise<void> {
    if (!/^\d{1,18}$/.test(sessionId) || !(await this.sessions.revokeOwn(auth.user.id, sessionId))) {
      throw new AppError(ErrorCode.NotFound, 'Not found', 'That session does not exist or has already ended.');
    }
  }

  /** Mails a link to the new address; the address changes only when that link is opened. */
  async requestEmailChange(auth: AuthContext, payload: ChangeEmailPayload): Promise<void> {
    const hash = await this.users.passwordHashOf(auth.user.id);
    if (!(await this.hasher.verify(hash, payload.password))) throw WRONG_PASSWORD('password');
    if (payload.newEmail.toLowerCase() === auth.user.email.toLowerCase()) {
      throw new AppError(ErrorCode.Validation, 'Invalid newEmail', 'This is already your email address.', {
        field: 'newEmail',
      });
    }
    if (await this.users.findByEmail(payload.newEmail)) {
      throw new AppError(ErrorCode.Conflict, 'Invalid newEmail', 'Another account uses this email address.', {
        field: 'newEmail',
      });
    }
    const recent = await this.tokens.recent(auth.user.id, 'change_email', 60);
    if (recent.count >= EMAIL_CHANGES_PER_HOUR) {
      throw new AppError(
        ErrorCode.RateLimited,
        'Too many changes',
        'You asked for several changes. Please try again in an hour.',
        { retryAfter: 3600 },
      );
    }
    const token = await this.tokens.issue(auth.user.id, 'change_email', payload.newEmail);
    const user = { id: auth.user.id, email: payload.newEmail };
    await this.mail.send(
      user,
      mails.changeEmail(auth.user.firstName, this.mail.link(`/setup/${token.id}/${token.secret}`)),
      payload.newEmail,
    );
  }

  /** `link`: the query of the signed link in every mail (`u`, `sig`), which works without logging in. */
  async emailPreferences(auth: AuthContext | null, link: Record<string, string>): Promise<EmailPreferences & { email: string }> {
    return this.preferencesOf(this.emailSettingsUser(auth, link));
  }

  async updateEmailPreferences(
    auth: AuthContext | null,
    link: Record<string, string>,
    preferences: EmailPreferences,
  ): Promise<EmailPreferences & { email: string }> {
    const userId = this.emailSettingsUser(auth, link);
    await this.users.update(userId, { emailPreferences: { ...preferences, account: true } });
    return this.preferencesOf(userId);
  }

  private async preferencesOf(userId: number): Promise<EmailPreferences & { email: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorCode.NotFound, 'Not found', 'This account does not exist.');
    return { ...user.emailPreferences, account: true, email: user.email };
  }

  /** The signed link's user when the query has one, else the signed-in member. */
  private emailSettingsUser(auth: AuthContext | null, query: Record<string, string>): number {
    if (query.u !== undefined || query.sig !== undefined) {
      const link = emailSettingsLinkSchema.safeParse(query);
      if (!link.success || !safeEqual(link.data.sig, this.mail.emailSettingsSignature(link.data.u))) {
        throw new AppError(
          ErrorCode.Forbidden,
          'Link not valid',
          'This link is not valid. Open the link from your latest mail, or log in.',
        );
      }
      return link.data.u;
    }
    if (!auth) throw new AppError(ErrorCode.Unauthenticated, 'Please log in', 'Log in, or open the link from one of our mails.');
    return auth.user.id;
  }
}
