import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  BillingDetails,
  CreditPack,
  LevelBenefits,
  MembershipLevel,
  OrderState,
  PaymentProviderName,
  PurchaseKind,
} from '@shared/billing/billing.js';
import { MONTH_SECONDS } from '../levels/levels.repository.js';

/** An order's row as the queries answer it. */
export interface OrderRow {
  id: string;
  user_id: number;
  team_id: number | null;
  kind: PurchaseKind;
  pack_id: number | null;
  level_id: number | null;
  item_name: string;
  credits: number;
  amount_minor: number;
  currency: string;
  state: OrderState;
  provider: PaymentProviderName;
  provider_ref: string | null;
  provider_text: string | null;
  created_at: Date;
  settled_at: Date | null;
  reversed_at: Date | null;
  shortfall_credits: number;
  team_name: string | null;
}

export interface NewOrder {
  userId: number;
  teamId: number | null;
  kind: PurchaseKind;
  packId: number | null;
  levelId: number | null;
  itemName: string;
  credits: number;
  amountMinor: number;
  currency: string;
  provider: PaymentProviderName;
  pendingMinutes: number;
}

export interface Settlement {
  state: 'paid' | 'declined';
  providerRef: string | null;
  providerText: string;
}

/** An order with who bought it, as admins read it. */
export interface AdminOrderRow extends OrderRow {
  username: string;
}

/** Whose membership periods: the member's own, or a team's. */
export type MembershipOwner = { userId: number; teamId: null } | { userId: number; teamId: number };

/** Whose credits a purchase went to. */
export type BalanceOwner = { account: 'user'; userId: number } | { account: 'team'; teamId: number };

/** Which orders the admin list shows: one state, the ones with credits a reversal could not take back, or all. */
export type AdminOrderFilter = OrderState | 'shortfall' | undefined;

export interface MembershipRow {
  level_id: number;
  level_name: string;
  benefits: LevelBenefits;
  starts_at: Date;
  ends_at: Date;
}

/** A member as a receipt names the buyer. */
export interface BuyerRow {
  first_name: string;
  email: string;
  billing_company: string | null;
  billing_address: string | null;
  billing_vat_id: string | null;
}

const ORDER_COLUMNS = `id, user_id, team_id, kind, pack_id, level_id, item_name, credits, amount_minor, currency, state,
  provider, provider_ref, provider_text, created_at, settled_at, reversed_at, shortfall_credits,
  (SELECT name FROM teams WHERE teams.id = orders.team_id) AS team_name`;

const ADMIN_ORDER_COLUMNS = `${ORDER_COLUMNS}, (SELECT username FROM users WHERE users.id = orders.user_id) AS username`;

const BENEFITS = `json_build_object('creditsPerView', l.credits_per_view, 'surfTimerSeconds', l.surf_timer_seconds,
  'dailyCap', l.daily_cap, 'activeCampaigns', l.active_campaigns, 'monthlyCredits', l.monthly_credits) AS benefits`;

/** A pack's columns as `CreditPack` names them. */
export const PACK_COLUMNS = `id, name, credits, price_minor AS "amountMinor", currency`;
/** A level's columns as `MembershipLevel` names them. */
export const LEVEL_COLUMNS = `id, name, credits_per_view AS "creditsPerView", surf_timer_seconds AS "surfTimerSeconds",
  daily_cap AS "dailyCap", active_campaigns AS "activeCampaigns", monthly_credits AS "monthlyCredits",
  period_days AS "periodDays", price_minor AS "amountMinor", currency`;

/** Packs, levels, orders and memberships: every billing query. */
@Injectable()
export class BillingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  activePacks(): Promise<CreditPack[]> {
    return this.dataSource.query(`SELECT ${PACK_COLUMNS} FROM credit_packs WHERE active ORDER BY position, id`);
  }

  activeLevels(): Promise<MembershipLevel[]> {
    return this.dataSource.query(`SELECT ${LEVEL_COLUMNS} FROM membership_levels WHERE active ORDER BY position, id`);
  }

  async activePack(id: number): Promise<CreditPack | undefined> {
    const [pack] = await this.dataSource.query(`SELECT ${PACK_COLUMNS} FROM credit_packs WHERE id = $1 AND active`, [id]);
    return pack;
  }

  async activeLevel(id: number): Promise<MembershipLevel | undefined> {
    const [level] = await this.dataSource.query(`SELECT ${LEVEL_COLUMNS} FROM membership_levels WHERE id = $1 AND active`, [id]);
    return level;
  }

  async createOrder(order: NewOrder): Promise<OrderRow> {
    const [row] = await this.dataSource.query(
      `INSERT INTO orders (user_id, team_id, kind, pack_id, level_id, item_name, credits, amount_minor, currency, provider, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(mins => $11))
       RETURNING ${ORDER_COLUMNS}`,
      [
        order.userId,
        order.teamId,
        order.kind,
        order.packId,
        order.levelId,
        order.itemName,
        order.credits,
        order.amountMinor,
        order.currency,
        order.provider,
        order.pendingMinutes,
      ],
    );
    return row;
  }

  /** Any order by id (the provider's answers name it); undefined when there is none. */
  /** The member's name, email and billing details, as their receipts print them; undefined for no such member. */
  async buyerOf(userId: number): Promise<BuyerRow | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT first_name, email, billing_company, billing_address, billing_vat_id FROM users WHERE id = $1`,
      [userId],
    );
    return row;
  }

  /** Stores the member's billing details (null clears one). */
  async setBillingDetails(userId: number, details: BillingDetails): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET billing_company = $2, billing_address = $3, billing_vat_id = $4 WHERE id = $1`,
      [userId, details.company, details.address, details.vatId],
    );
  }

  async order(id: string): Promise<OrderRow | undefined> {
    const [row] = await this.dataSource.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
    return row;
  }

  async orderOf(userId: number, id: string): Promise<OrderRow | undefined> {
    const [row] = await this.dataSource.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row;
  }

  /** A page of the member's orders, newest first, with how many there are in all. */
  async pageOfUser(userId: number, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
    const rows: (OrderRow & { total: number })[] = await this.dataSource.query(
      `SELECT ${ORDER_COLUMNS}, count(*) OVER ()::int AS total FROM orders WHERE user_id = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** Pending orders of the member past their time become expired (read before the member's orders are shown). */
  async expireOverdue(userId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE orders SET state = 'expired' WHERE user_id = $1 AND state = 'pending' AND expires_at < now()`,
      [userId],
    );
  }

  /**
   * Settles an order that has not been settled (pending, or expired before the provider's late
   * answer: the customer was charged), in the caller's transaction. The row lock makes a second,
   * concurrent answer wait and then find it settled: undefined, nothing changed.
   */
  async settle(manager: EntityManager, orderId: string, settlement: Settlement): Promise<OrderRow | undefined> {
    const [rows] = await manager.query(
      `UPDATE orders SET state = $2, provider_ref = $3, provider_text = $4, settled_at = now()
        WHERE id = $1 AND state IN ('pending', 'expired')
        RETURNING ${ORDER_COLUMNS}`,
      [orderId, settlement.state, settlement.providerRef, settlement.providerText],
    );
    return rows[0];
  }

  /**
   * Adds a paid period of a level: it starts now, or when the owner's last period ends (the
   * same level extends, another is queued). The owner's row (the member's, or the team's) is
   * locked so two purchases at once queue one after the other. A team's period keeps its buyer
   * in user_id.
   */
  async addMembership(manager: EntityManager, owner: MembershipOwner, levelId: number, orderId: string): Promise<void> {
    if (owner.teamId === null) await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [owner.userId]);
    else await manager.query(`SELECT 1 FROM teams WHERE id = $1 FOR UPDATE`, [owner.teamId]);
    await manager.query(
      `INSERT INTO memberships (user_id, team_id, level_id, order_id, starts_at, ends_at)
       SELECT $1, $4::int, l.id, $3, s.starts_at, s.starts_at + make_interval(days => l.period_days)
         FROM membership_levels l,
              LATERAL (SELECT greatest(now(), (SELECT max(ends_at) FROM memberships
                 WHERE CASE WHEN $4::int IS NULL THEN user_id = $1 AND team_id IS NULL ELSE team_id = $4::int END)) AS starts_at) s
        WHERE l.id = $2`,
      [owner.userId, levelId, orderId, owner.teamId],
    );
  }

  /**
   * Ends the period an order bought, in the caller's transaction: a queued one is removed, the
   * current one ends now, a past one stays as it was. The owner's later periods move earlier by
   * the time taken away, so what they paid for still follows without a gap.
   */
  async endMembershipOf(manager: EntityManager, orderId: string): Promise<void> {
    const [period] = await manager.query(
      `SELECT id, user_id, team_id, starts_at, ends_at, greatest(ends_at - greatest(starts_at, now()), interval '0') AS removed
         FROM memberships WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    );
    if (!period) return;
    await manager.query(
      `UPDATE memberships SET starts_at = starts_at - $2::interval, ends_at = ends_at - $2::interval
        WHERE id <> $1 AND starts_at >= $3
          AND CASE WHEN $4::int IS NULL THEN user_id = $5 AND team_id IS NULL ELSE team_id = $4::int END`,
      [period.id, period.removed, period.ends_at, period.team_id, period.user_id],
    );
    await manager.query(`DELETE FROM memberships WHERE id = $1 AND starts_at >= now()`, [period.id]);
    await manager.query(`UPDATE memberships SET ends_at = now() WHERE id = $1 AND ends_at > now()`, [period.id]);
  }

  /**
   * The monthly credits the membership an order bought has granted so far (its `grant:<membership
   * id>:<month>` rows), read after `endMembershipOf` has locked and ended the period, so a grant
   * of it either committed before and is counted, or finds the period ended and grants nothing.
   */
  async grantedCreditsOf(manager: EntityManager, orderId: string): Promise<number> {
    const [row]: { credits: number }[] = await manager.query(
      `SELECT coalesce(sum(g.amount), 0)::int AS credits
         FROM memberships m
        CROSS JOIN LATERAL generate_series(0, ceil(extract(epoch FROM m.ends_at - m.starts_at) / ${MONTH_SECONDS})::int) AS k (month)
         JOIN credit_ledger g ON g.idempotency_key = 'grant:' || m.id || ':' || k.month AND g.kind = 'membership_grant'
        WHERE m.order_id = $1`,
      [orderId],
    );
    return row.credits;
  }

  /**
   * The order, row-locked for a refund or chargeback in the caller's transaction: a second
   * reversal at once waits, then reads it reversed.
   */
  async lockOrder(manager: EntityManager, id: string): Promise<OrderRow | undefined> {
    const [row] = await manager.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  /** The balance a purchase went to, row-locked so what a reversal takes back is what is there. */
  async lockBalance(manager: EntityManager, owner: BalanceOwner): Promise<number> {
    const [row] =
      owner.account === 'user'
        ? await manager.query(`SELECT credits FROM users WHERE id = $1 FOR UPDATE`, [owner.userId])
        : await manager.query(`SELECT credits FROM teams WHERE id = $1 FOR UPDATE`, [owner.teamId]);
    return Number(row?.credits ?? 0);
  }

  /** Marks a paid order refunded or charged back, with the credits that could not be taken back. */
  async markReversed(
    manager: EntityManager,
    id: string,
    reversal: { state: 'refunded' | 'charged_back'; refundRef: string | null; shortfallCredits: number },
  ): Promise<OrderRow> {
    const [rows] = await manager.query(
      `UPDATE orders SET state = $2, reversed_at = now(), refund_ref = $3, shortfall_credits = $4
        WHERE id = $1 AND state = 'paid'
        RETURNING ${ORDER_COLUMNS}`,
      [id, reversal.state, reversal.refundRef, reversal.shortfallCredits],
    );
    return rows[0];
  }

  /** One order with its buyer's username, for admins. */
  async adminOrder(id: string): Promise<AdminOrderRow | undefined> {
    const [row] = await this.dataSource.query(`SELECT ${ADMIN_ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
    return row;
  }

  /** A page of every member's orders, newest first, filtered by state or by a shortfall to look at. */
  async adminPage(filter: AdminOrderFilter, limit: number, offset: number): Promise<{ rows: AdminOrderRow[]; total: number }> {
    const where = filter === 'shortfall' ? 'WHERE shortfall_credits > 0' : filter === undefined ? '' : 'WHERE state = $3';
    const rows: (AdminOrderRow & { total: number })[] = await this.dataSource.query(
      `SELECT ${ADMIN_ORDER_COLUMNS}, count(*) OVER ()::int AS total FROM orders ${where}
        ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      filter === undefined || filter === 'shortfall' ? [limit, offset] : [limit, offset, filter],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** Every admin account, to tell about what needs their attention. */
  async adminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id`);
    return rows.map((row) => row.id);
  }

  /** The team's period that contains now, with the last end of its queued periods. */
  async currentTeamMembership(teamId: number): Promise<(MembershipRow & { paid_until: Date }) | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT m.level_id, l.name AS level_name, m.starts_at, m.ends_at, ${BENEFITS},
              (SELECT max(ends_at) FROM memberships WHERE team_id = $1) AS paid_until
         FROM memberships m JOIN membership_levels l ON l.id = m.level_id
        WHERE m.team_id = $1 AND m.starts_at <= now() AND m.ends_at > now()`,
      [teamId],
    );
    return row;
  }

  /** The period that contains now, with the last end of the member's queued periods. */
  async currentMembership(userId: number): Promise<(MembershipRow & { paid_until: Date }) | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT m.level_id, l.name AS level_name, m.starts_at, m.ends_at,
              ${BENEFITS},
              (SELECT max(ends_at) FROM memberships WHERE user_id = $1 AND team_id IS NULL) AS paid_until
         FROM memberships m JOIN membership_levels l ON l.id = m.level_id
        WHERE m.user_id = $1 AND m.team_id IS NULL AND m.starts_at <= now() AND m.ends_at > now()`,
      [userId],
    );
    return row;
  }
}
