import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A membership level for sale and what it gives its members; admins edit them. */
@Entity({ name: 'membership_levels' })
@Check('membership_levels_price_check', 'price_minor > 0')
@Check('membership_levels_period_check', 'period_days > 0')
export class MembershipLevelEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'membership_levels_pkey' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'credits_per_view', type: 'integer' })
  creditsPerView: number;

  @Column({ name: 'surf_timer_seconds', type: 'integer' })
  surfTimerSeconds: number;

  @Column({ name: 'daily_cap', type: 'integer' })
  dailyCap: number;

  @Column({ name: 'active_campaigns', type: 'integer' })
  activeCampaigns: number;

  @Column({ name: 'monthly_credits', type: 'integer' })
  monthlyCredits: number;

  @Column({ name: 'period_days', type: 'integer' })
  periodDays: number;

  /** The price of one period in minor units (cents) of `currency`. */
  @Column({ name: 'price_minor', type: 'integer' })
  priceMinor: number;

  @Column({ type: 'text' })
  currency: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
