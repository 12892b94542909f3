import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { CommissionState } from '@shared/referrals/commissions.js';
import { OrderEntity } from '../billing/order.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * A referrer's share of one paid order of a member they referred, in credits. One per order, so
 * a replayed settlement earns once. It is held until `matures_at`, then credited once to the
 * referrer's balance; a reversal of the order before then takes it back without a ledger row.
 */
@Entity({ name: 'referral_commissions' })
@Unique('referral_commissions_order_id_key', ['orderId'])
@Check('referral_commissions_credits_check', 'credits > 0')
@Check('referral_commissions_state_check', `state IN ('pending', 'credited', 'clawed_back')`)
@Index('referral_commissions_due', ['state', 'maturesAt'])
@Index('referral_commissions_referrer', ['referrerId', 'createdAt'])
export class ReferralCommissionEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'referral_commissions_pkey' })
  id: number;

  @Column({ name: 'order_id', type: 'uuid' })
  @ForeignKey(() => OrderEntity, { name: 'referral_commissions_order_id_fkey' })
  orderId: string;

  /** Who earns it. */
  @Column({ name: 'referrer_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'referral_commissions_referrer_id_fkey' })
  referrerId: number;

  /** The referred member who bought. */
  @Column({ name: 'referred_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'referral_commissions_referred_id_fkey' })
  referredId: number;

  @Column({ type: 'integer' })
  credits: number;

  @Column({ type: 'text', default: 'pending' })
  state: CommissionState;

  @Column({ name: 'matures_at', type: 'timestamptz' })
  maturesAt: Date;

  @Column({ name: 'credited_at', type: 'timestamptz', nullable: true })
  creditedAt: Date | null;

  @Column({ name: 'clawed_back_at', type: 'timestamptz', nullable: true })
  clawedBackAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
