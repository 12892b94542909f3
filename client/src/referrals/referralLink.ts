import { REFERRAL_PARAM } from '@shared/referrals/referral.js';

/** The address a member shares: any page with ?dem_rf0=<username> records them as referrer. */
export function referralLink(origin: string, username: string): string {
  return `${origin}/?${REFERRAL_PARAM}=${encodeURIComponent(username)}`;
}

/** The page of /referrals?page=N; anything but a positive whole number is page 1. */
export function referralsPage(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
