import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A pack of credits for sale; admins edit them. Inactive packs are no longer offered but stay on old orders. */
@Entity({ name: 'credit_packs' })
@Check('credit_packs_credits_check', 'credits > 0')
@Check('credit_packs_price_check', 'price_minor > 0')
export class CreditPackEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'credit_packs_pkey' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'integer' })
  credits: number;

  /** The price in minor units (cents) of `currency`. */
  @Column({ name: 'price_minor', type: 'integer' })
  priceMinor: number;

  @Column({ type: 'text' })
  currency: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Where it is listed, smallest first. */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
