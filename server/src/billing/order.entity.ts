import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { OrderState, PaymentProviderName, PurchaseKind } from '@shared/billing/billing.js';
import { TeamEntity } from '../teams/team.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { CreditPackEntity } from './credit-pack.entity.js';
import { MembershipLevelEntity } from './membership-level.entity.js';

/**
 * One purchase through a payment provider. Its id is the order id the provider sees; the
 * provider's own reference of the settled payment is unique, and is the ledger key of the credits
 * it bought, so a replayed answer credits nothing more.
 */
@Entity({ name: 'orders' })
@Unique('orders_provider_ref_key', ['provider', 'providerRef'])
@Check('orders_kind_check', `(kind = 'pack' AND pack_id IS NOT NULL) OR (kind = 'level' AND level_id IS NOT NULL)`)
@Check('orders_state_check', `state IN ('pending', 'paid', 'declined', 'expired', 'refunded', 'charged_back')`)
@Check('orders_amount_check', 'amount_minor > 0')
@Index('orders_user', ['userId', 'createdAt'])
@Index('orders_pending', ['expiresAt'], { where: `state = 'pending'` })
@Index('orders_shortfall', ['createdAt'], { where: 'shortfall_credits > 0' })
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'orders_pkey' })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'orders_user_id_fkey' })
  userId: number;

  /** The team the purchase is for, when a member buys for their current team. */
  @Column({ name: 'team_id', type: 'integer', nullable: true })
  @ForeignKey(() => TeamEntity, { name: 'orders_team_id_fkey' })
  teamId: number | null;

  @Column({ type: 'text' })
  kind: PurchaseKind;

  @Column({ name: 'pack_id', type: 'integer', nullable: true })
  @ForeignKey(() => CreditPackEntity, { name: 'orders_pack_id_fkey' })
  packId: number | null;

  @Column({ name: 'level_id', type: 'integer', nullable: true })
  @ForeignKey(() => MembershipLevelEntity, { name: 'orders_level_id_fkey' })
  levelId: number | null;

  /** The pack's or level's name when ordered: the receipt keeps it if an admin renames the item. */
  @Column({ name: 'item_name', type: 'text' })
  itemName: string;

  /** Credits a pack adds (0 for a level), fixed when ordered. */
  @Column({ type: 'integer' })
  credits: number;

  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  @Column({ type: 'text' })
  currency: string;

  @Column({ type: 'text', default: 'pending' })
  state: OrderState;

  @Column({ type: 'text' })
  provider: PaymentProviderName;

  @Column({ name: 'provider_ref', type: 'text', nullable: true })
  providerRef: string | null;

  /** The provider's words on the outcome (e.g. "APPROVAL", "DECLINED"), for the receipt and support. */
  @Column({ name: 'provider_text', type: 'text', nullable: true })
  providerText: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;

  /** When the order was refunded or charged back. */
  @Column({ name: 'reversed_at', type: 'timestamptz', nullable: true })
  reversedAt: Date | null;

  /** The provider's reference of the refund. */
  @Column({ name: 'refund_ref', type: 'text', nullable: true })
  refundRef: string | null;

  /** Credits a reversal could not take back (already spent): flagged for an admin. */
  @Column({ name: 'shortfall_credits', type: 'integer', default: 0 })
  shortfallCredits: number;
}
