import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { SITE_PAGE_SLUGS, type SitePage, type SitePageSlug } from '@shared/pages/site-pages.js';
import { AdminAudit } from '../audit/admin-audit.service.js';
import { AppError } from '../common/errors/app-error.js';
import { Transactions } from '../database/transactions.js';
import { SitePagesRepository, type SitePageRow } from './site-pages.repository.js';

const NOT_FOUND = new AppError(ErrorCode.NotFound, 'Not found', 'There is no such page.');

/** /terms and /privacy: read by anyone, written by admins (audited with the Markdown before and after). */
@Injectable()
export class SitePagesService {
  constructor(
    private readonly repository: SitePagesRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
  ) {}

  async page(slug: string): Promise<SitePage> {
    const row = isSlug(slug) ? await this.repository.find(slug) : null;
    if (!row) throw NOT_FOUND;
    return pageOf(row);
  }

  async edit(adminId: number, slug: string, markdown: string): Promise<SitePage> {
    if (!isSlug(slug)) throw NOT_FOUND;
    return this.transactions.run(async (manager) => {
      const before = await this.repository.find(slug, manager, true);
      if (!before) throw NOT_FOUND;
      const after = await this.repository.replace(manager, slug, markdown, adminId);
      await this.audit.record(manager, {
        adminId,
        action: 'page_updated',
        targetType: 'site_page',
        targetId: slug,
        before: { markdown: before.markdown },
        after: { markdown: after.markdown },
      });
      return pageOf(after);
    });
  }
}

function isSlug(slug: string): slug is SitePageSlug {
  return (SITE_PAGE_SLUGS as readonly string[]).includes(slug);
}

function pageOf(row: SitePageRow): SitePage {
  return { slug: row.slug, markdown: row.markdown, updatedAt: row.updated_at.toISOString() };
}
