import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The single row of site-wide settings (id is always 1; the seed migration creates it). */
@Entity({ name: 'website_settings' })
@Check('website_settings_id_check', 'id = 1')
@Check('website_settings_surf_timer_check', 'surf_timer_seconds BETWEEN 0 AND 600')
@Check('website_settings_daily_cap_check', 'daily_earning_cap >= 1')
@Check('website_settings_thresholds_check', 'challenge_at >= 1 AND block_at > challenge_at AND block_at <= 1000')
@Check('website_settings_wrong_codes_check', 'wrong_codes_to_stop BETWEEN 1 AND 4')
export class WebsiteSettingsEntity {
  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'website_settings_pkey' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean' })
  signups: boolean;

  @Column({ type: 'boolean' })
  maintenance: boolean;

  @Column({ name: 'company_registration', type: 'text' })
  companyRegistration: string;

  /** Cookie consent (shared/consent/consent.ts): countries with a cookie law. */
  @Column({ name: 'cookie_law_countries', type: 'text', array: true })
  cookieLawCountries: string[];

  /** Countries where a visitor may revoke a consent answer. */
  @Column({ name: 'revocable_consent_countries', type: 'text', array: true })
  revocableConsentCountries: string[];

  /** Countries where only an explicit "Allow" is consent. */
  @Column({ name: 'explicit_consent_countries', type: 'text', array: true })
  explicitConsentCountries: string[];

  /** The surf bar's countdown for members without a level; NULL: the server's SURF_TIMER_SECONDS. */
  @Column({ name: 'surf_timer_seconds', type: 'integer', nullable: true })
  surfTimerSeconds: number | null;

  /** The credits a member without a level may earn a day; NULL: the server's DAILY_EARNING_CAP. */
  @Column({ name: 'daily_earning_cap', type: 'integer', nullable: true })
  dailyEarningCap: number | null;

  /** How long a new or flagged member's surf earnings stay in review, in minutes; NULL: the server's EARNINGS_REVIEW_MINUTES. */
  @Column({ name: 'earnings_review_minutes', type: 'integer', nullable: true })
  earningsReviewMinutes: number | null;

  /** A new account's first daily earning cap, which grows with matured views; NULL: the server's NEWCOMER_DAILY_CAP. */
  @Column({ name: 'newcomer_daily_cap', type: 'integer', nullable: true })
  newcomerDailyCap: number | null;

  /** From this surf score on, every view asks for a code. */
  @Column({ name: 'challenge_at', type: 'integer', default: 50 })
  challengeAt: number;

  /** The claim that brings the surf score to this stops the member's earning. */
  @Column({ name: 'block_at', type: 'integer', default: 150 })
  blockAt: number;

  /** This many wrong answers among the last ANSWERS_KEPT stop earning. */
  @Column({ name: 'wrong_codes_to_stop', type: 'integer', default: 3 })
  wrongCodesToStop: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
