/**
 * What happened on the site today (since midnight UTC), for the admin Overview: new accounts, post
 * views, money taken, and the contact messages no admin has opened yet.
 *
 * | call | method | → data |
 * |---|---|---|
 * | today | GET (admin) | AdminToday |
 */
export const ADMIN_TODAY_ENDPOINTS = {
  today: '/data/admin/overview/today',
} as const;

/** Money taken in one currency, in its minor units (cents). */
export interface AdminRevenue {
  currency: string;
  amountMinor: number;
  orders: number;
}

export interface AdminToday {
  /** Midnight UTC, the start of the day counted. */
  since: string;
  /** Accounts created since then. */
  signups: number;
  /** Posts fully on screen for 2 s (counted once a day per viewer), from the tracking rollups. */
  postViews: number;
  /** Surf bar views paid for by campaigns (the credited recount runs every 30 s). */
  creditedViews: number;
  /** Orders paid since then and not refunded or charged back, per currency, largest first. */
  revenue: AdminRevenue[];
  /** Contact messages no admin has opened, whenever they came. */
  unreadMessages: number;
}
