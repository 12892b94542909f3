import type { CommissionRow } from '@shared/referrals/commissions.js';
import { formatDate, type DateFormatOptions } from '../format/dates.js';

/** The query parameter of the commissions' page on /referrals (`page` is the referred members'). */
export const COMMISSIONS_PAGE_PARAM = 'commissions';

/** The commissions' page of /referrals?commissions=N; anything but a positive whole number is page 1. */
export function commissionsPage(search: string): number {
  const page = Number(new URLSearchParams(search).get(COMMISSIONS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** What became of a commission, in words: when it matures, when it was credited, or that it was taken back. */
export function commissionStatus(row: CommissionRow, options: DateFormatOptions = {}): string {
  switch (row.state) {
    case 'pending':
      return `Pending — matures ${formatDate(row.maturesAt, options)}`;
    case 'credited':
      return `Credited ${formatDate(row.creditedAt ?? row.maturesAt, options)}`;
    case 'clawed_back':
      return 'Taken back (purchase refunded or charged back)';
  }
}
