import type { EarningsSummary, SurfToday } from '@shared/earnings/earnings.js';

/** A member's own balance split into what they may spend now and what is still in review. */
export interface Spendable {
  credits: number;
  available: number;
  pending: number;
}

/**
 * The summary with a newer live balance, until the server's next answer: the total follows the
 * balance at once, and what is available follows only what can be told for sure. Credits that
 * arrive may be surf earnings in review (when the member's earnings wait for one), so they count
 * as pending; credits that leave were spent from what was available. The server's next answer
 * settles the split.
 */
export function withBalance(summary: EarningsSummary, credits: number): EarningsSummary {
  if (credits === summary.credits) return summary;
  const spent = Math.max(0, summary.credits - credits);
  const arrived = Math.max(0, credits - summary.credits);
  const available = Math.min(Math.max(0, summary.available - spent) + (summary.reviewMinutes > 0 ? 0 : arrived), credits);
  return { ...summary, credits, available, pending: credits - available };
}

/** The summary once a claim settled: today's earnings, cap and views left as the claim's answer says them. */
export function withSurfToday(summary: EarningsSummary, today: SurfToday): EarningsSummary {
  return { ...summary, ...today };
}

/** The spendable split of the live balance `cc`; without a summary, all of it (the server refuses any excess). */
export function spendableOf(cc: number | null, summary: EarningsSummary | null): Spendable | null {
  if (summary === null) return cc === null ? null : { credits: cc, available: cc, pending: 0 };
  const current = cc === null ? summary : withBalance(summary, cc);
  return { credits: current.credits, available: current.available, pending: current.pending };
}
