import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { LedgerKind } from '@shared/credits/credits.js';
import { CampaignEntity } from '../campaigns/campaign.entity.js';
import { TeamEntity } from '../teams/team.entity.js';
import { UserEntity } from '../users/user.entity.js';

export type LedgerAccount = 'user' | 'campaign' | 'team';

/**
 * One movement of credits on one account: a member's balance (users.credits), a campaign's
 * (campaigns.credits) or a team's (teams.credits), each always the sum of its rows. Append-only: a trigger refuses UPDATE and
 * DELETE. An operation's key is unique per account, so an operation repeated with its key writes nothing.
 */
@Entity({ name: 'credit_ledger' })
@Check('credit_ledger_account_check', `account IN ('user', 'campaign', 'team')`)
@Check('credit_ledger_amount_check', 'amount <> 0')
@Check(
  'credit_ledger_check',
  `(account = 'user' AND user_id IS NOT NULL) OR (account = 'campaign' AND campaign_id IS NOT NULL) OR (account = 'team' AND team_id IS NOT NULL)`,
)
@Index('credit_ledger_idempotency', ['idempotencyKey', 'account'], { unique: true })
@Index('credit_ledger_user', ['userId', 'id'], { where: `account = 'user'` })
@Index('credit_ledger_campaign', ['campaignId'], { where: `account = 'campaign'` })
@Index('credit_ledger_team', ['teamId'], { where: `account = 'team'` })
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'credit_ledger_pkey' })
  id: string;

  /** The member whose balance moves (account 'user'); null on a campaign's row. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'credit_ledger_user_id_fkey' })
  userId: number | null;

  /** The campaign whose balance moves (account 'campaign'), or that a member's movement concerns. */
  @Column({ name: 'campaign_id', type: 'integer', nullable: true })
  @ForeignKey(() => CampaignEntity, { name: 'credit_ledger_campaign_id_fkey' })
  campaignId: number | null;

  /** The team whose balance moves (account 'team'), or that a member's movement concerns. */
  @Column({ name: 'team_id', type: 'integer', nullable: true })
  @ForeignKey(() => TeamEntity, { name: 'credit_ledger_team_id_fkey' })
  teamId: number | null;

  @Column({ type: 'text' })
  account: LedgerAccount;

  @Column({ type: 'text' })
  kind: LedgerKind;

  @Column({ type: 'bigint' })
  amount: string;

  @Column({ name: 'idempotency_key', type: 'text' })
  idempotencyKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
