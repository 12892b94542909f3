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

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
