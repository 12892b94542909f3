import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminCreditPack, AdminMembershipLevel, CreditPackPayload, MembershipLevelPayload } from '@shared/admin/pricing.js';
import { LEVEL_COLUMNS, PACK_COLUMNS } from '../../billing/billing.repository.js';

const ADMIN_PACK_COLUMNS = `${PACK_COLUMNS}, active, position`;
const ADMIN_LEVEL_COLUMNS = `${LEVEL_COLUMNS}, active, position`;

const packValues = (pack: CreditPackPayload) => [
  pack.name,
  pack.credits,
  pack.amountMinor,
  pack.currency,
  pack.active,
  pack.position,
];

const levelValues = (level: MembershipLevelPayload) => [
  level.name,
  level.creditsPerView,
  level.surfTimerSeconds,
  level.dailyCap,
  level.activeCampaigns,
  level.monthlyCredits,
  level.periodDays,
  level.amountMinor,
  level.currency,
  level.active,
  level.position,
];

/** The packs and levels for sale as admins edit them: every one, active or not. */
@Injectable()
export class AdminPricingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  allPacks(): Promise<AdminCreditPack[]> {
    return this.dataSource.query(`SELECT ${ADMIN_PACK_COLUMNS} FROM credit_packs ORDER BY position, id`);
  }

  allLevels(): Promise<AdminMembershipLevel[]> {
    return this.dataSource.query(`SELECT ${ADMIN_LEVEL_COLUMNS} FROM membership_levels ORDER BY position, id`);
  }

  async addPack(manager: EntityManager, pack: CreditPackPayload): Promise<AdminCreditPack> {
    const [row] = await manager.query(
      `INSERT INTO credit_packs (name, credits, price_minor, currency, active, position)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ADMIN_PACK_COLUMNS}`,
      packValues(pack),
    );
    return row;
  }

  /** The pack as it is, row-locked until the caller's transaction ends; undefined when there is none. */
  async lockPack(manager: EntityManager, id: number): Promise<AdminCreditPack | undefined> {
    const [row] = await manager.query(`SELECT ${ADMIN_PACK_COLUMNS} FROM credit_packs WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async replacePack(manager: EntityManager, id: number, pack: CreditPackPayload): Promise<AdminCreditPack> {
    const [rows] = await manager.query(
      `UPDATE credit_packs SET name = $1, credits = $2, price_minor = $3, currency = $4, active = $5, position = $6
        WHERE id = $7 RETURNING ${ADMIN_PACK_COLUMNS}`,
      [...packValues(pack), id],
    );
    return rows[0];
  }

  async addLevel(manager: EntityManager, level: MembershipLevelPayload): Promise<AdminMembershipLevel> {
    const [row] = await manager.query(
      `INSERT INTO membership_levels (name, credits_per_view, surf_timer_seconds, daily_cap, active_campaigns,
              monthly_credits, period_days, price_minor, currency, active, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${ADMIN_LEVEL_COLUMNS}`,
      levelValues(level),
    );
    return row;
  }

  /** The level as it is, row-locked until the caller's transaction ends; undefined when there is none. */
  async lockLevel(manager: EntityManager, id: number): Promise<AdminMembershipLevel | undefined> {
    const [row] = await manager.query(`SELECT ${ADMIN_LEVEL_COLUMNS} FROM membership_levels WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async replaceLevel(manager: EntityManager, id: number, level: MembershipLevelPayload): Promise<AdminMembershipLevel> {
    const [rows] = await manager.query(
      `UPDATE membership_levels SET name = $1, credits_per_view = $2, surf_timer_seconds = $3, daily_cap = $4,
              active_campaigns = $5, monthly_credits = $6, period_days = $7, price_minor = $8, currency = $9,
              active = $10, position = $11
        WHERE id = $12 RETURNING ${ADMIN_LEVEL_COLUMNS}`,
      [...levelValues(level), id],
    );
    return rows[0];
  }
}
