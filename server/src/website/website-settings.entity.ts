import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The single row of site-wide settings (id is always 1; the seed migration creates it). */
@Entity({ name: 'website_settings' })
@Check('website_settings_id_check', 'id = 1')
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

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
