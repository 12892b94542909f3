import { z } from 'zod';
import { text } from '../validation/text.js';

/** The pages an admin writes in Markdown: /terms and /privacy. */
export const SITE_PAGE_SLUGS = ['terms', 'privacy'] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const sitePageSlugSchema = z.enum(SITE_PAGE_SLUGS);

export const SITE_PAGE_LIMITS = { markdown: 50_000 } as const;

export const sitePagePayloadSchema = z.object({
  markdown: text()
    .trim()
    .min(1, 'A page needs some text.')
    .max(SITE_PAGE_LIMITS.markdown, `Use at most ${SITE_PAGE_LIMITS.markdown.toLocaleString('en')} characters.`),
});
export type SitePagePayload = z.infer<typeof sitePagePayloadSchema>;

export interface SitePage {
  slug: SitePageSlug;
  markdown: string;
  updatedAt: string;
}

/**
 * | name | method | payload | answer |
 * |---|---|---|---|
 * | page(slug) | GET | – | SitePage (anyone) |
 * | edit(slug) | PUT | SitePagePayload | SitePage (admin, audited `page_updated`) |
 */
export const SITE_PAGE_ENDPOINTS = {
  page: (slug: SitePageSlug) => `/data/pages/${slug}`,
  edit: (slug: SitePageSlug) => `/data/admin/pages/${slug}`,
} as const;
