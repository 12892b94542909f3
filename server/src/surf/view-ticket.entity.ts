import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { VoidReason } from '@shared/earnings/earnings.js';
import type { ClickTelemetry } from '@shared/surf/surf.js';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** open: waiting for the viewer's claim; the others are closed: credited, superseded by a newer ticket, or settled without credit. */
export type ViewTicketStatus = 'open' | 'claimed' | 'replaced' | 'uncredited';

/**
 * One post shown to one viewer in the surf bar: its countdown, the code asked for when the
 * viewer's risk is high, and how it ended. A viewer has one open ticket at a time.
 */
@Entity({ name: 'view_tickets' })
@Check('view_tickets_status_check', `status IN ('open', 'claimed', 'replaced', 'uncredited')`)
@Index('view_tickets_one_open', ['viewerId'], { unique: true, where: `status = 'open'` })
@Index('view_tickets_recent', ['viewerId', 'postId', 'claimedAt'], { where: `status = 'claimed'` })
@Index('view_tickets_claimed_at', ['claimedAt'], { where: `status = 'claimed'` })
@Index('view_tickets_pending', ['viewerId', 'maturesAt'], {
  where: `status = 'claimed' AND matures_at IS NOT NULL AND voided_at IS NULL`,
})
@Index('view_tickets_voided', ['postId', 'voidedAt'], { where: `voided_at IS NOT NULL` })
@Check('view_tickets_challenge_mode_check', `challenge_mode IN ('email')`)
export class ViewTicketEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'view_tickets_pkey' })
  id: string;

  @Column({ name: 'viewer_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'view_tickets_viewer_id_fkey', onDelete: 'CASCADE' })
  viewerId: number;

  @Column({ name: 'post_id', type: 'integer' })
  @ForeignKey(() => PostEntity, { name: 'view_tickets_post_id_fkey', onDelete: 'CASCADE' })
  postId: number;

  /** The socket connection the post was shown on: only that tab may claim it. */
  @Column({ name: 'connection_id', type: 'text' })
  connectionId: string;

  @Column({ name: 'timer_seconds', type: 'integer' })
  timerSeconds: number;

  @Column({ name: 'challenge_code', type: 'text', nullable: true })
  challengeCode: string | null;

  @Column({ type: 'text', default: 'open' })
  status: ViewTicketStatus;

  /** When the countdown started, on the app's clock (the one that checks the claim), not the database's. */
  @Column({ name: 'issued_at', type: 'timestamptz', default: () => 'now()' })
  issuedAt: Date;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  /** The Next click as the client reported it, scored by surf_risk. */
  @Column({ type: 'jsonb', nullable: true })
  telemetry: ClickTelemetry | null;

  /** How the challenge is answered: null, from the picture; 'email', with a code mailed to the member. */
  @Column({ name: 'challenge_mode', type: 'text', nullable: true })
  challengeMode: 'email' | null;

  /** When the member first fetched the challenge's picture: an answer sooner after it than a person reads is a signal. */
  @Column({ name: 'challenge_seen_at', type: 'timestamptz', nullable: true })
  challengeSeenAt: Date | null;

  /** What the member earned for the credited view (the view and any level bonus). */
  @Column({ type: 'smallint', nullable: true })
  earned: number | null;

  /** When what the view earned may be spent; null: at once. Until then the earnings review may void it. */
  @Column({ name: 'matures_at', type: 'timestamptz', nullable: true })
  maturesAt: Date | null;

  /** When the earnings review (or an admin's refund) voided the view, and the category why. */
  @Column({ name: 'voided_at', type: 'timestamptz', nullable: true })
  voidedAt: Date | null;

  @Column({ name: 'void_reason', type: 'text', nullable: true })
  voidReason: VoidReason | null;
}
