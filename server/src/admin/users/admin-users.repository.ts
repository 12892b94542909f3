import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminUserRole, AdminUsersQuery } from '@shared/admin/users.js';
import type { LedgerKind } from '@shared/credits/credits.js';
import type { RiskEvidence } from '@shared/surf/surf-outcomes.js';
import type { ClickTelemetry } from '@shared/surf/surf.js';

export interface AdminUserRecord {
  id: number;
  username: string;
  first_name: string;
  email: string;
  role: AdminUserRole;
  created_at: Date;
  risk_score: number;
  earning_blocked: boolean;
  login_suspended: boolean;
  email_confirmed_at: Date | null;
  credits: string;
  referrer_id: number | null;
  referrer_username: string | null;
}

/** What the admin actions change on a member, row-locked for the caller's transaction. */
export interface LockedMember {
  id: number;
  role: AdminUserRole;
  credits: number;
  earningBlocked: boolean;
  loginSuspended: boolean;
  riskScore: number;
}

const USER_COLUMNS = `u.id, u.username, u.first_name, u.email, u.role, u.created_at, u.risk_score, u.earning_blocked,
  u.login_suspended, u.email_confirmed_at, u.credits, u.referrer_id, r.username AS referrer_username`;

/** One row of a member's ledger as the admin's member page lists it. */
export interface MemberLedgerRow {
  id: string;
  kind: LedgerKind;
  amount: string;
  campaign_id: number | null;
  team_id: number | null;
  created_at: Date;
}

/** The admin Users section's reads, and the member fields its actions change. */
@Injectable()
export class AdminUsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page of members matching every given filter, newest first, and how many match. */
  async search(
    filter: Omit<AdminUsersQuery, 'page'>,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminUserRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.q) {
      const like = param(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(u.username ILIKE ${like} OR u.email ILIKE ${like} OR u.first_name ILIKE ${like})`);
    }
    if (filter.role) where.push(`u.role = ${param(filter.role)}`);
    if (filter.earning) where.push(filter.earning === 'stopped' ? `u.earning_blocked` : `NOT u.earning_blocked`);
    if (filter.risk !== undefined) where.push(`u.risk_score >= ${param(filter.risk)}`);
    if (filter.from) where.push(`u.created_at >= ${param(filter.from)}::date AT TIME ZONE 'UTC'`);
    if (filter.to) where.push(`u.created_at < (${param(filter.to)}::date + 1) AT TIME ZONE 'UTC'`);
    if (filter.referrer) where.push(`lower(r.username) = lower(${param(filter.referrer)})`);
    const condition = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows: (AdminUserRecord & { total: number })[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, count(*) OVER ()::int AS total
         FROM users u LEFT JOIN users r ON r.id = u.referrer_id
         ${condition}
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT ${param(limit)} OFFSET ${param(offset)}`,
      params,
    );
    return { rows, total: rows[0]?.total ?? (offset > 0 ? await this.count(condition, params.slice(0, -2)) : 0) };
  }

  private async count(condition: string, params: unknown[]): Promise<number> {
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM users u LEFT JOIN users r ON r.id = u.referrer_id ${condition}`,
      params,
    );
    return n;
  }

  async profile(id: number): Promise<AdminUserRecord | null> {
    const [row]: AdminUserRecord[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN users r ON r.id = u.referrer_id WHERE u.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async exists(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM users WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** The member's fields the admin actions change, locked until the caller's transaction ends; null when no such member. */
  async lock(manager: EntityManager, id: number): Promise<LockedMember | null> {
    const [row]: {
      id: number;
      role: AdminUserRole;
      credits: string;
      earning_blocked: boolean;
      login_suspended: boolean;
      risk_score: number;
    }[] = await manager.query(
      `SELECT id, role, credits, earning_blocked, login_suspended, risk_score FROM users WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row
      ? {
          id: row.id,
          role: row.role,
          credits: Number(row.credits),
          earningBlocked: row.earning_blocked,
          loginSuspended: row.login_suspended,
          riskScore: Number(row.risk_score),
        }
      : null;
  }

  async stopEarning(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE users SET earning_blocked = true WHERE id = $1`, [id]);
  }

  /** Earning on, the surf score, the wrong-code streak and the evidence cleared. */
  async restoreEarning(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `UPDATE users SET earning_blocked = false, risk_score = 0, wrong_codes = 0, recent_answers = '{}', risk_evidence = '[]' WHERE id = $1`,
      [id],
    );
  }

  async setLoginSuspended(manager: EntityManager, id: number, suspended: boolean): Promise<void> {
    await manager.query(`UPDATE users SET login_suspended = $2 WHERE id = $1`, [id, suspended]);
  }

  async setRole(manager: EntityManager, id: number, role: AdminUserRole): Promise<void> {
    await manager.query(`UPDATE users SET role = $2 WHERE id = $1`, [id, role]);
  }

  /**
   * How many admins there are, with every admin row locked, so two admins demoting each other at
   * the same moment cannot leave the site without one.
   */
  async lockAdmins(manager: EntityManager): Promise<number> {
    const rows: unknown[] = await manager.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`);
    return rows.length;
  }

  async ledgerPage(userId: number, limit: number, offset: number): Promise<{ rows: MemberLedgerRow[]; total: number }> {
    const rows: (MemberLedgerRow & { total: number })[] = await this.dataSource.query(
      `SELECT id, kind, amount, campaign_id, team_id, created_at, count(*) OVER ()::int AS total
         FROM credit_ledger WHERE account = 'user' AND user_id = $1
        ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  async activeSessions(
    userId: number,
  ): Promise<{ id: string; user_agent: string; ip: string; created_at: Date; last_seen_at: Date; expires_at: Date }[]> {
    return this.dataSource.query(
      `SELECT id, user_agent, ip, created_at, last_seen_at, expires_at FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        ORDER BY last_seen_at DESC`,
      [userId],
    );
  }

  async surfState(userId: number): Promise<{
    risk_score: number;
    earning_blocked: boolean;
    surf_views: number;
    surf_challenges: number;
    wrong_codes: number;
    last_claim_at: Date | null;
    risk_evidence: RiskEvidence[];
  } | null> {
    const [row] = await this.dataSource.query(
      `SELECT risk_score, earning_blocked, surf_views, surf_challenges, wrong_codes, last_claim_at, risk_evidence
         FROM users WHERE id = $1`,
      [userId],
    );
    return row ?? null;
  }

  async recentTickets(
    userId: number,
    limit: number,
  ): Promise<
    {
      id: string;
      post_id: number;
      status: 'open' | 'claimed' | 'replaced' | 'uncredited';
      challenged: boolean;
      issued_at: Date;
      claimed_at: Date | null;
      telemetry: ClickTelemetry | null;
    }[]
  > {
    return this.dataSource.query(
      `SELECT id, post_id, status, challenge_code IS NOT NULL AS challenged, issued_at, claimed_at, telemetry
         FROM view_tickets WHERE viewer_id = $1 ORDER BY issued_at DESC LIMIT $2`,
      [userId, limit],
    );
  }

  async teams(userId: number): Promise<{ id: number; name: string; role: string; status: string; credits: string }[]> {
    return this.dataSource.query(
      `SELECT t.id, t.name, m.role, m.status, t.credits
         FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = $1 ORDER BY t.name`,
      [userId],
    );
  }

  async ordersPage(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{
    rows: { id: string; item_name: string; state: string; amount_minor: number; currency: string; created_at: Date }[];
    total: number;
  }> {
    const rows: {
      id: string;
      item_name: string;
      state: string;
      amount_minor: number;
      currency: string;
      created_at: Date;
      total: number;
    }[] = await this.dataSource.query(
      `SELECT id, item_name, state, amount_minor, currency, created_at, count(*) OVER ()::int AS total
         FROM orders WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  async referralsPage(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: { id: number; username: string; created_at: Date }[]; total: number }> {
    const rows: { id: number; username: string; created_at: Date; total: number }[] = await this.dataSource.query(
      `SELECT id, username, created_at, count(*) OVER ()::int AS total
         FROM users WHERE referrer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }
}
