import { Injectable } from '@nestjs/common';
import type { SignedInAccount } from '@shared/accounts/account.answers.js';
import type { LoginPayload, SignupPayload } from '@shared/accounts/account.schemas.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { referralCaptureSchema } from '@shared/referrals/referral.schema.js';
import { AccountTokensService } from '../account-tokens/account-tokens.service.js';
import type { ClientMeta } from '../auth/client-meta.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { MAX_SIGNED_IN_ACCOUNTS, type BrowserSessions } from '../auth/session-cookies.js';
import { AppError } from '../common/errors/app-error.js';
import { LedgerService } from '../credits/ledger.service.js';
import { Transactions } from '../database/transactions.js';
import { SIGNUP_BONUS_CREDITS } from '@shared/credits/credits.js';
import { mails } from '../mail/mail.templates.js';
import { MailService } from '../mail/mail.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { WebsiteSettingsService } from '../website/website-settings.service.js';

const MAX_FAILED_LOGINS = 5;
const LOCK_MINUTES = 15;

const WRONG_LOGIN = new AppError(ErrorCode.Validation, 'Login failed', 'The username or email, or the password, is wrong.');

const LOGIN_SUSPENDED = new AppError(
  ErrorCode.LoginSuspended,
  'Login suspended',
  'This account’s login is suspended. Please write to us through the contact page if you think this is a mistake.',
  { link: '/contact' },
);

/** Signup, login, logout and switching between the accounts signed in in one browser. */
@Injectable()
export class LoginService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly newUsers: UsersService,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccountTokensService,
    private readonly mail: MailService,
    private readonly website: WebsiteSettingsService,
    private readonly notifications: NotificationsService,
    private readonly ledger: LedgerService,
  ) {}

  async signup(
    payload: SignupPayload,
    referralCookie: string | undefined,
    meta: ClientMeta,
    browser: BrowserSessions,
  ): Promise<BrowserSessions> {
    if (!this.website.settings.signups) {
      throw new AppError(
        ErrorCode.Forbidden,
        'Signups are closed',
        'New accounts cannot be created right now. Please come back later.',
      );
    }
    const passwordHash = await this.hasher.hash(payload.password);
    const referral = await this.referralOf(referralCookie);
    const user = await this.transactions.run(async (manager) => {
      const created = await this.newUsers.create(manager, {
        username: payload.username,
        firstName: payload.first_name,
        email: payload.email,
        passwordHash,
        referrerId: referral?.referrer.id ?? null,
        referralSource: referral?.source ?? null,
      });
      await this.ledger.move(manager, `signup:${created.id}`, [
        { account: 'user', userId: created.id, amount: SIGNUP_BONUS_CREDITS, kind: 'signup_bonus' },
      ]);
      return created;
    });
    await this.sendConfirmation(user);
    if (referral) {
      await this.mail.send(referral.referrer, mails.referralJoined(referral.referrer.firstName, user.username));
      await this.notifications.notify(referral.referrer.id, {
        type: 'referral_joined',
        heading: 'New referral',
        body: `${user.username} joined through your link.`,
        link: '/referrals',
      });
    }
    return this.startSession(user.id, meta, browser, false);
  }

  async login(payload: LoginPayload, meta: ClientMeta, browser: BrowserSessions): Promise<BrowserSessions> {
    const user = await this.users.findForLogin(payload.login);
    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw lockedError(user.lockedUntil);
    const valid = await this.hasher.verify(user?.passwordHash, payload.password);
    if (!user || !valid) {
      if (user) await this.users.recordFailedLogin(user.id, MAX_FAILED_LOGINS, LOCK_MINUTES);
      throw WRONG_LOGIN;
    }
    await this.users.update(user.id, { failedLogins: 0, lockedUntil: null });
    return this.startSession(user.id, meta, browser, payload.addAccount === true);
  }

  /** Logs every account of this browser out and revokes their sessions on the server. */
  async logout(browser: BrowserSessions): Promise<BrowserSessions> {
    await this.sessions.revokeTokens([browser.active, ...browser.others].filter((token): token is string => Boolean(token)));
    return { active: null, others: [] };
  }

  async signedInAccounts(browser: BrowserSessions): Promise<{ accounts: SignedInAccount[]; browser: BrowserSessions }> {
    const accounts: SignedInAccount[] = [];
    const kept: BrowserSessions = { active: null, others: [] };
    for (const token of [browser.active, ...browser.others]) {
      if (!token) continue;
      const auth = await this.sessions.authenticate(token);
      if (!auth || accounts.some((account) => account.id === auth.user.id)) continue;
      const active = token === browser.active;
      if (active) kept.active = token;
      else kept.others.push(token);
      accounts.push({
        id: auth.user.id,
        username: auth.user.username,
        first_name: auth.user.firstName,
        image: auth.user.image,
        active,
      });
    }
    return { accounts, browser: kept };
  }

  async switchTo(userId: number, browser: BrowserSessions): Promise<BrowserSessions> {
    for (const token of browser.others) {
      const auth = await this.sessions.authenticate(token);
      if (auth?.user.id === userId) {
        return {
          active: token,
          others: [browser.active, ...browser.others].filter((t): t is string => Boolean(t) && t !== token),
        };
      }
    }
    throw new AppError(
      ErrorCode.NotFound,
      'Account not signed in',
      'That account is not signed in in this browser. Please log in to it.',
    );
  }

  async sendConfirmation(user: Pick<UserEntity, 'id' | 'email' | 'firstName'>): Promise<void> {
    const token = await this.tokens.issue(user.id, 'confirm_email');
    await this.mail.send(user, mails.confirmEmail(user.firstName, this.mail.link(`/setup/${token.id}/${token.secret}`)));
  }

  /**
   * A new session token for every login (never one the browser brought: no fixation). Adding
   * an account keeps the others; a plain login replaces and revokes the active one.
   */
  async startSession(userId: number, meta: ClientMeta, browser: BrowserSessions, addAccount: boolean): Promise<BrowserSessions> {
    // Every way in (login, a password reset) ends here, so a suspended account gets no session at all.
    if (await this.users.isLoginSuspended(userId)) throw LOGIN_SUSPENDED;
    const { token } = await this.sessions.create(userId, meta);
    const previous = browser.active && browser.active !== 'invalid' ? browser.active : null;
    if (addAccount) {
      const others = [previous, ...browser.others].filter((t): t is string => Boolean(t));
      if (others.length >= MAX_SIGNED_IN_ACCOUNTS) {
        throw new AppError(
          ErrorCode.Conflict,
          'Too many accounts',
          `You can be signed in to at most ${MAX_SIGNED_IN_ACCOUNTS} accounts at once.`,
        );
      }
      return { active: token, others };
    }
    if (previous) await this.sessions.revokeTokens([previous]);
    return { active: token, others: browser.others };
  }

  private async referralOf(cookie: string | undefined) {
    if (!cookie) return null;
    let parsed;
    try {
      // @fastify/cookie has already URL-decoded the value.
      parsed = referralCaptureSchema.safeParse(JSON.parse(cookie));
    } catch {
      return null;
    }
    if (!parsed.success) return null;
    const referrer = await this.users.findByUsername(parsed.data.from);
    return referrer ? { referrer, source: parsed.data.referwebsite } : null;
  }
}

export function lockedError(until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    ErrorCode.RateLimited,
    'Too many failed attempts',
    `This account is locked after too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    { link: '/password/reset', retryAfter: seconds },
  );
}
