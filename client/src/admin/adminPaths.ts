import { PATHS } from '@shared/routing/routes.js';

/** Addresses inside /admin/:tab?/:uid?/:tab2?. */
export const ADMIN_PATHS = {
  overview: PATHS.admin,
  announcements: `${PATHS.admin}/announcements`,
  newAnnouncement: `${PATHS.admin}/announcements/new`,
  announcement: (id: number) => `${PATHS.admin}/announcements/${id}`,
  /** Every order; `?state=shortfall` lists the reversed ones whose credits were already spent. */
  payments: `${PATHS.admin}/payments`,
  /** Contact messages, newest first; `?page=` pages them. */
  inbox: `${PATHS.admin}/inbox`,
  inboxMessage: (id: number) => `${PATHS.admin}/inbox/${id}`,
  /** The admin-edited pages (/terms, /privacy). */
  pages: `${PATHS.admin}/pages`,
  page: (slug: string) => `${PATHS.admin}/pages/${slug}`,
  /** Grouped client and server errors; `?state=resolved` for the resolved ones. */
  errors: `${PATHS.admin}/errors`,
  errorGroup: (fingerprint: string) => `${PATHS.admin}/errors/${fingerprint}`,
  ledger: `${PATHS.admin}/ledger`,
  /** The site settings: name, signups, maintenance, company line, consent country lists. */
  settings: `${PATHS.admin}/settings`,
  /** The credit packs and membership levels for sale, under Settings. */
  pricing: `${PATHS.admin}/settings/pricing`,
  /** Members; the search and filters are in the query (see adminUsersQuery.ts). */
  users: `${PATHS.admin}/users`,
  /** One member's page; `tab` is one of ADMIN_USER_TABS, or none for the profile. */
  user: (id: number, tab?: string) => `${PATHS.admin}/users/${id}${tab ? `/${tab}` : ''}`,
  /** Members ranked by surf risk; `?page=` pages them. */
  fraud: `${PATHS.admin}/fraud`,
  /** Posts and comments members reported, the most recently reported first; `?page=` pages them. */
  reports: `${PATHS.admin}/reports`,
  /** The admin audit log; `?action`, `?targetType&targetId` filter it. */
  audit: `${PATHS.admin}/audit`,
} as const;
