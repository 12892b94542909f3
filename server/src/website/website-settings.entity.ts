import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The single row of site-wide settings (id is always 1; the seed migration creates it). */
@Entity({ name: 'website_settings' })
export class WebsiteSettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
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
