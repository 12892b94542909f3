import { Check, Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import type { SitePageSlug } from '@shared/pages/site-pages.js';
import { UserEntity } from '../users/user.entity.js';

/** /terms and /privacy as Markdown, edited by admins. */
@Entity({ name: 'site_pages' })
@Check('site_pages_slug_check', `slug IN ('terms', 'privacy')`)
export class SitePageEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'site_pages_pkey' })
  slug: SitePageSlug;

  @Column({ type: 'text' })
  markdown: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'site_pages_updated_by_fkey', onDelete: 'SET NULL' })
  updatedBy: number | null;
}
