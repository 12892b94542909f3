import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SitePageSlug } from '@shared/pages/site-pages.js';

export interface SitePageRow {
  slug: SitePageSlug;
  markdown: string;
  updated_at: Date;
}

/** The admin-edited pages (`site_pages`). */
@Injectable()
export class SitePagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The page, locked until the transaction ends when `lock` is set. */
  async find(slug: SitePageSlug, manager: EntityManager = this.dataSource.manager, lock = false): Promise<SitePageRow | null> {
    const rows: SitePageRow[] = await manager.query(
      `SELECT slug, markdown, updated_at FROM site_pages WHERE slug = $1${lock ? ' FOR UPDATE' : ''}`,
      [slug],
    );
    return rows[0] ?? null;
  }

  async replace(manager: EntityManager, slug: SitePageSlug, markdown: string, adminId: number): Promise<SitePageRow> {
    const [[row]]: [SitePageRow[], number] = await manager.query(
      `UPDATE site_pages SET markdown = $2, updated_at = now(), updated_by = $3 WHERE slug = $1 RETURNING slug, markdown, updated_at`,
      [slug, markdown, adminId],
    );
    return row;
  }
}
