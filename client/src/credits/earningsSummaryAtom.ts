import { atom } from 'jotai';
import type { EarningsSummary } from '@shared/earnings/earnings.js';

/**
 * The member's own earnings summary (balance, pending, available, today's earnings and cap), as
 * last answered by the server and adjusted to the live balance meanwhile; null until loaded.
 */
export const earningsSummaryAtom = atom<EarningsSummary | null>(null);
earningsSummaryAtom.debugLabel = 'earningsSummary';
