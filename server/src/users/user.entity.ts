import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { EmailPreferences } from '@shared/accounts/account.schemas.js';
import type { ReferralCapture } from '@shared/referrals/referral.js';
import type { MediaObject } from '@shared/media/media.js';
import type { RiskEvidence } from '@shared/surf/surf-outcomes.js';

export type UserRole = 'member' | 'admin';

/** A new member's mail preferences: every kind of mail but the newsletter. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  account: true,
  notifications: true,
  campaigns: true,
  referrals: true,
  announcements: true,
  newsletter: false,
};

@Entity({ name: 'users' })
@Check('users_role_check', `role IN ('member', 'admin')`)
@Check('users_credits_check', 'credits >= 0')
/** Unique on lower(username) and on lower(email): expressions TypeORM cannot declare, so it leaves them alone. */
@Index('users_username_lower', { synchronize: false })
@Index('users_email_lower', { synchronize: false })
/** The members of one first name in id order: the user search's page of a matching name. */
@Index('users_first_name', ['firstName', 'id'], { where: 'NOT needs_setup' })
@Index('users_referrer', ['referrerId', 'createdAt'], { where: 'referrer_id IS NOT NULL' })
export class UserEntity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'users_pkey' })
  id: number;

  @Column({ type: 'text' })
  username: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ type: 'text' })
  email: string;

  /** What the member has printed on their receipts as the buyer (billing settings); null: none. */
  @Column({ name: 'billing_company', type: 'text', nullable: true })
  billingCompany: string | null;

  @Column({ name: 'billing_address', type: 'text', nullable: true })
  billingAddress: string | null;

  @Column({ name: 'billing_vat_id', type: 'text', nullable: true })
  billingVatId: string | null;

  /** Null for an account created by an admin or an import until its owner sets one. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'text', default: 'member' })
  role: UserRole;

  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true })
  emailConfirmedAt: Date | null;

  @Column({ name: 'finished_get_started', type: 'boolean', default: false })
  finishedGetStarted: boolean;

  @Column({ name: 'needs_setup', type: 'boolean', default: false })
  needsSetup: boolean;

  @Column({ type: 'jsonb', nullable: true })
  image: MediaObject | string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  languages: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  interests: string[];

  @Column({ name: 'email_preferences', type: 'jsonb', default: DEFAULT_EMAIL_PREFERENCES })
  emailPreferences: EmailPreferences;

  @Column({ name: 'referrer_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'users_referrer_id_fkey', onDelete: 'SET NULL' })
  referrerId: number | null;

  @Column({ name: 'referral_source', type: 'jsonb', nullable: true })
  referralSource: ReferralCapture['referwebsite'] | null;

  /** The credit balance (live data `cc`); changed only by relative UPDATEs with a ledger row. */
  @Column({ type: 'bigint', default: 0, select: false })
  credits: string;

  /** The surf bar's languages (empty: all). */
  @Column({ name: 'rotator_languages', type: 'text', array: true, default: () => "'{}'", select: false })
  rotatorLanguages: string[];

  /** Surf my tags: the surf bar offers only posts carrying a tag the member follows. */
  @Column({ name: 'rotator_my_tags', type: 'boolean', default: false, select: false })
  rotatorMyTags: boolean;

  /** The surf score (0–1000): what surf_risk makes of every claim; server/src/surf/README.md maps its rules. */
  @Column({ name: 'risk_score', type: 'integer', default: 0, select: false })
  riskScore: number;

  @Column({ name: 'earning_blocked', type: 'boolean', default: false, select: false })
  earningBlocked: boolean;

  /** Set by an admin: login refuses the account and every session of it is revoked. */
  @Column({ name: 'login_suspended', type: 'boolean', default: false, select: false })
  loginSuspended: boolean;

  /** Settled surf claims, ever (probation: the first ones; the random challenges' share). */
  @Column({ name: 'surf_views', type: 'integer', default: 0, select: false })
  surfViews: number;

  /** Challenged tickets issued, ever. */
  @Column({ name: 'surf_challenges', type: 'integer', default: 0, select: false })
  surfChallenges: number;

  /** The latest settled claim, on the app's clock (a surf session starts after 30 minutes without one). */
  @Column({ name: 'last_claim_at', type: 'timestamptz', nullable: true, select: false })
  lastClaimAt: Date | null;

  /** The first claim since the last break of 15 minutes. */
  @Column({ name: 'surf_streak_start', type: 'timestamptz', nullable: true, select: false })
  surfStreakStart: Date | null;

  /** The wrong answers among recentAnswers. */
  @Column({ name: 'wrong_codes', type: 'integer', default: 0, select: false })
  wrongCodes: number;

  /** The last challenge answers (ANSWERS_KEPT), oldest first: true for right. */
  @Column({ name: 'recent_answers', type: 'boolean', array: true, default: () => "'{}'", select: false })
  recentAnswers: boolean[];

  /** The last 10 delays (ms) between a countdown's end and the claim, on the server's clock. */
  @Column({ name: 'recent_delays', type: 'integer', array: true, default: () => "'{}'", select: false })
  recentDelays: number[];

  /** The last 10 intervals (whole ms) between Next clicks the tab reported (null: none). */
  @Column({ name: 'recent_intervals', type: 'integer', array: true, default: () => "'{}'", select: false })
  recentIntervals: (number | null)[];

  /** The last 10 pointer positions of Next clicks, as hashtext('x,y'): small, as every claim rewrites the row. */
  @Column({ name: 'recent_positions', type: 'integer', array: true, default: () => "'{}'", select: false })
  recentPositions: number[];

  /** The last 10 claims that raised the score: when, which signals, the score after (shown to admins). */
  @Column({ name: 'risk_evidence', type: 'jsonb', default: () => "'[]'", select: false })
  riskEvidence: RiskEvidence[];

  /** Credits earned by surfing on earned_day (the daily cap); a past earned_day means none today. */
  @Column({ name: 'earned_today', type: 'integer', default: 0, select: false })
  earnedToday: number;

  @Column({ name: 'earned_day', type: 'date', default: () => 'CURRENT_DATE', select: false })
  earnedDay: string;

  /** The day trust_views was counted: once a day, it sets the day's earning cap and the review window. */
  @Column({ name: 'trust_day', type: 'date', nullable: true, select: false })
  trustDay: string | null;

  /** Credited views that matured without being voided, counted up to 1000 on trust_day. */
  @Column({ name: 'trust_views', type: 'integer', default: 0, select: false })
  trustViews: number;

  /** When the earnings review last voided a view of the member's: their earnings wait the longest for 30 days. */
  @Column({ name: 'last_void_at', type: 'timestamptz', nullable: true, select: false })
  lastVoidAt: Date | null;

  @Column({ name: 'failed_logins', type: 'integer', default: 0 })
  failedLogins: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
