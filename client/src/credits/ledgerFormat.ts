import { PATHS } from '@shared/routing/routes.js';
import { LEDGER_KIND_LABELS, type LedgerRow } from '@shared/credits/credits.js';

/** The dashboard tab with the member's ledger (the dashboard's :tab). */
export const CREDITS_PATH = PATHS.credits;

export const ledgerPagePath = (page: number) => (page <= 1 ? CREDITS_PATH : `${CREDITS_PATH}?page=${page}`);

/** The page number of the ledger address (?page=N); 1 for anything else. */
export function ledgerPageOf(search: string): number {
  const raw = new URLSearchParams(search).get('page') ?? '1';
  const page = /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
  return page;
}

/** "+1", "−10" (a real minus sign), "0". */
export function signedAmount(amount: number): string {
  if (amount > 0) return `+${amount.toLocaleString()}`;
  if (amount < 0) return `−${Math.abs(amount).toLocaleString()}`;
  return '0';
}

/** What a movement was; an admin's adjustment says why ("Adjustment by an admin: <reason>"). */
export function ledgerLabel(row: Pick<LedgerRow, 'kind'> & Partial<Pick<LedgerRow, 'reason'>>): string {
  const label = LEDGER_KIND_LABELS[row.kind] ?? row.kind;
  return row.reason ? `${label}: ${row.reason}` : label;
}
