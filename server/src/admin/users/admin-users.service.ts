import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Paged } from '@shared/accounts/account.answers.js';
import type { EarningPayload } from '@shared/accounts/account.schemas.js';
import type { AdminAuditAction } from '@shared/admin/audit.js';
import type {
  AdminUserProfile,
  AdminUserRole,
  AdminUserRow,
  AdminUsersQuery,
  AdminUserTab,
  AdminUserTabAnswers,
  CreditAdjustmentPayload,
} from '@shared/admin/users.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { LedgerService } from '../../credits/ledger.service.js';
import { Transactions } from '../../database/transactions.js';
import { ledgerKeyOfRequest } from '../../idempotency/request-keys.js';
import { LiveDataService } from '../../live-data/live-data.service.js';
import { PasswordResetService } from '../../password-reset/password-reset.service.js';
import { RealtimeService } from '../../realtime/realtime.service.js';
import { describeDevice } from '../../sessions/describe-device.js';
import { MemberCache } from '../../sessions/member-cache.js';
import { SessionsService } from '../../sessions/sessions.service.js';
import { AdminUsersRepository, type AdminUserRecord, type LockedMember } from './admin-users.repository.js';

const PAGE_SIZE = 50;
const TAB_PAGE_SIZE = 25;
/** The surf evidence tab shows this many of the member's latest tickets. */
const RECENT_TICKETS = 30;

const NO_SUCH_MEMBER = new AppError(ErrorCode.NotFound, 'Not found', 'There is no member with this id.');

type AnyTab = AdminUserTabAnswers[AdminUserTab];

/**
 * The admin Users section: find members, read everything about one, and act on them. Every
 * action locks the member's row, changes it and writes its audit row in one transaction; what
 * other tabs and processes must learn (live balance, the surf bar, revoked sessions) follows
 * after the commit.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
    private readonly realtime: RealtimeService,
    private readonly sessions: SessionsService,
    private readonly cache: MemberCache,
    private readonly passwordReset: PasswordResetService,
  ) {}

  async search({ page, ...filter }: AdminUsersQuery): Promise<Paged<AdminUserRow>> {
    const { rows, total } = await this.users.search(filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return { items: rows.map(rowOf), page, pages: pagesOf(total, PAGE_SIZE), total };
  }

  async profile(id: number): Promise<AdminUserProfile> {
    const record = await this.users.profile(id);
    if (!record) throw NO_SUCH_MEMBER;
    return profileOf(record);
  }

  async tab(id: number, tab: AdminUserTab, page: number): Promise<AnyTab> {
    if (!(await this.users.exists(id))) throw NO_SUCH_MEMBER;
    const offset = (page - 1) * TAB_PAGE_SIZE;
    switch (tab) {
      case 'ledger': {
        const { rows, total } = await this.users.ledgerPage(id, TAB_PAGE_SIZE, offset);
        const items = rows.map((row) => ({
          id: Number(row.id),
          kind: row.kind,
          amount: Number(row.amount),
          pid: row.campaign_id,
          teamId: row.team_id,
          createdAt: row.created_at.toISOString(),
        }));
        return { items, page, pages: pagesOf(total, TAB_PAGE_SIZE), total };
      }
      case 'sessions': {
        const rows = await this.users.activeSessions(id);
        return {
          items: rows.map((row) => ({
            id: Number(row.id),
            device: describeDevice(row.user_agent),
            ip: row.ip,
            createdAt: row.created_at.toISOString(),
            lastSeenAt: row.last_seen_at.toISOString(),
            expiresAt: row.expires_at.toISOString(),
          })),
        };
      }
      case 'evidence': {
        const state = (await this.users.surfState(id))!;
        const tickets = await this.users.recentTickets(id, RECENT_TICKETS);
        return {
          riskScore: Number(state.risk_score),
          earning: !state.earning_blocked,
          surfViews: state.surf_views,
          surfChallenges: state.surf_challenges,
          wrongCodes: state.wrong_codes,
          lastClaimAt: state.last_claim_at?.toISOString() ?? null,
          evidence: state.risk_evidence,
          tickets: tickets.map((ticket) => ({
            id: ticket.id,
            pid: ticket.post_id,
            status: ticket.status,
            challenged: ticket.challenged,
            issuedAt: ticket.issued_at.toISOString(),
            claimedAt: ticket.claimed_at?.toISOString() ?? null,
            telemetry: ticket.telemetry,
          })),
        };
      }
      case 'teams': {
        const rows = await this.users.teams(id);
        return { items: rows.map((row) => ({ ...row, credits: Number(row.credits) })) };
      }
      case 'orders': {
        const { rows, total } = await this.users.ordersPage(id, TAB_PAGE_SIZE, offset);
        const items = rows.map((row) => ({
          id: row.id,
          itemName: row.item_name,
          state: row.state,
          amountMinor: row.amount_minor,
          currency: row.currency,
          createdAt: row.created_at.toISOString(),
        }));
        return { items, page, pages: pagesOf(total, TAB_PAGE_SIZE), total };
      }
      case 'referrals': {
        const { rows, total } = await this.users.referralsPage(id, TAB_PAGE_SIZE, offset);
        const items = rows.map((row) => ({ id: row.id, username: row.username, createdAt: row.created_at.toISOString() }));
        return { items, page, pages: pagesOf(total, TAB_PAGE_SIZE), total };
      }
    }
  }

  /**
   * Adds or takes credits: one `admin_adjustment` ledger row with the balance moved in the same
   * transaction. Taking more than the member holds is refused; the same request handled again
   * (ledgerKeyOfRequest) moves nothing and is not audited twice.
   */
  async adjustCredits(adminId: number, userId: number, { amount, reason }: CreditAdjustmentPayload): Promise<AdminUserProfile> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockMember(manager, userId);
      if (member.credits + amount < 0) {
        throw new AppError(
          ErrorCode.BalanceBelowZero,
          'Not enough credits',
          `The member has ${member.credits.toLocaleString('en')} credits: taking ${Math.abs(amount).toLocaleString('en')} would leave a negative balance.`,
          { field: 'amount' },
        );
      }
      const moved = await this.ledger.move(manager, ledgerKeyOfRequest(`admin_adjustment:${userId}`), [
        { account: 'user', userId, amount, kind: 'admin_adjustment' },
      ]);
      if (moved) {
        await this.record(
          manager,
          adminId,
          userId,
          'credits_adjusted',
          { credits: member.credits },
          {
            credits: member.credits + amount,
            amount,
            reason,
          },
        );
      }
    });
    await this.liveData.pushCredits(userId);
    return this.profile(userId);
  }

  /** Stops earning, as the anti-cheat does; the member's open surf bar is told at once. */
  async stopEarning(adminId: number, userId: number): Promise<AdminUserProfile> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockMember(manager, userId);
      await this.users.stopEarning(manager, userId);
      await this.record(manager, adminId, userId, 'earning_stopped', { earning: !member.earningBlocked }, { earning: false });
    });
    this.realtime.sendToUser(userId, 'surf:stopped', [{ reason: 'earning_blocked' }]);
    return this.profile(userId);
  }

  /**
   * Restores a stopped member's earning and resets their surf score; their credits and ledger
   * stay as they are.
   */
  async restoreEarning(adminId: number, userId: number): Promise<EarningPayload> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockMember(manager, userId);
      await this.users.restoreEarning(manager, userId);
      await this.record(
        manager,
        adminId,
        userId,
        'earning_restored',
        { earning: !member.earningBlocked, riskScore: member.riskScore },
        { earning: true, riskScore: 0 },
      );
    });
    return { earning: true };
  }

  /**
   * Suspends or restores login. Suspending revokes every session of the member at once: each
   * process drops them from its cache (NOTIFY) and their open sockets are disconnected everywhere.
   * `alongside` runs in the same transaction, for a caller whose own change goes with the
   * suspension (the reports queue closes the author's reports with it).
   */
  async setLoginSuspended(
    adminId: number,
    userId: number,
    suspended: boolean,
    alongside?: (manager: EntityManager) => Promise<void>,
  ): Promise<AdminUserProfile> {
    if (suspended && adminId === userId) throw ownAccount('suspend your own login');
    await this.transactions.run(async (manager) => {
      const member = await this.lockMember(manager, userId);
      await this.users.setLoginSuspended(manager, userId, suspended);
      await this.record(
        manager,
        adminId,
        userId,
        suspended ? 'login_suspended' : 'login_restored',
        { loginSuspended: member.loginSuspended },
        { loginSuspended: suspended },
      );
      await alongside?.(manager);
    });
    if (suspended) await this.sessions.revokeAllOf(userId);
    return this.profile(userId);
  }

  /** Makes a member an admin or an admin a member; never one's own role, and never the last admin. */
  async setRole(adminId: number, userId: number, role: AdminUserRole): Promise<AdminUserProfile> {
    if (adminId === userId) throw ownAccount('change your own role');
    await this.transactions.run(async (manager) => {
      const admins = await this.users.lockAdmins(manager);
      const member = await this.lockMember(manager, userId);
      if (member.role === 'admin' && role === 'member' && admins <= 1) {
        throw new AppError(ErrorCode.LastAdmin, 'The last admin', 'The site must keep at least one admin.');
      }
      await this.users.setRole(manager, userId, role);
      await this.record(manager, adminId, userId, 'role_changed', { role: member.role }, { role });
    });
    this.cache.forgetMember(userId);
    return this.profile(userId);
  }

  /** Mails the member a password reset link, as a forgotten-password request does. */
  async startPasswordReset(adminId: number, userId: number): Promise<{ sent: true }> {
    const profile = await this.users.profile(userId);
    if (!profile) throw NO_SUCH_MEMBER;
    await this.transactions.run((manager) =>
      this.record(manager, adminId, userId, 'password_reset_sent', null, { email: profile.email }),
    );
    await this.passwordReset.mailLink({ id: profile.id, email: profile.email, firstName: profile.first_name });
    return { sent: true };
  }

  private async lockMember(manager: EntityManager, userId: number): Promise<LockedMember> {
    const member = await this.users.lock(manager, userId);
    if (!member) throw NO_SUCH_MEMBER;
    return member;
  }

  private record(
    manager: EntityManager,
    adminId: number,
    userId: number,
    action: AdminAuditAction,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.audit.record(manager, { adminId, action, targetType: 'user', targetId: String(userId), before, after });
  }
}

function ownAccount(what: string): AppError {
  return new AppError(ErrorCode.OwnAccount, 'Not on your own account', `You cannot ${what}. Ask another admin.`);
}

function pagesOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

function rowOf(record: AdminUserRecord): AdminUserRow {
  return {
    id: record.id,
    username: record.username,
    email: record.email,
    role: record.role,
    createdAt: record.created_at.toISOString(),
    riskScore: Number(record.risk_score),
    earning: !record.earning_blocked,
    loginSuspended: record.login_suspended,
  };
}

function profileOf(record: AdminUserRecord): AdminUserProfile {
  return {
    ...rowOf(record),
    firstName: record.first_name,
    emailConfirmed: record.email_confirmed_at !== null,
    credits: Number(record.credits),
    referrer: record.referrer_id === null ? null : { id: record.referrer_id, username: record.referrer_username ?? '' },
  };
}
