import type { BillingCatalog } from '../billing/billing.js';

/**
 * What the landing page shows a visitor: live figures the server already keeps (each process
 * reads them at most once every LANDING_FACTS_MAX_AGE_SECONDS, so a busy landing page costs no
 * query per visit), and what is for sale, from the billing catalog.
 */
export interface LandingFacts {
  /** Accounts on the site. */
  members: number;
  /** Views members earned credits for today (UTC), across every campaign. */
  viewsToday: number;
  /** Views members earned credits for, in all. */
  viewsInAll: number;
  /** The credit packs and membership levels for sale, and what a member without a level gets. */
  pricing: Pick<BillingCatalog, 'packs' | 'levels' | 'free'>;
  /** When the figures were read. */
  asOf: string;
}

/** How old the landing figures may be. */
export const LANDING_FACTS_MAX_AGE_SECONDS = 60;

export const LANDING_ENDPOINTS = {
  /** GET → LandingFacts (public). */
  facts: '/data/landing',
} as const;
