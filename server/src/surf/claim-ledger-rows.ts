import type { LedgerKind } from '@shared/credits/credits.js';
import type { SurfClaimOutcome } from '@shared/surf/surf-outcomes.js';

const NONE: readonly LedgerKind[] = [];
const VIEW: readonly LedgerKind[] = ['view_paid', 'view_earned'];
const VIEW_WITH_BONUS: readonly LedgerKind[] = ['view_paid', 'view_earned', 'level_bonus'];

/**
 * The ledger rows a settled claim wrote, as surf_claim writes them (server/src/surf/README.md):
 * a credited view is the campaign's `view_paid` and the member's `view_earned`, plus the site's
 * `level_bonus` when the member's level made the view earn more than the one credit the campaign
 * paid; any other outcome writes none.
 */
export function ledgerRowsOfClaim(outcome: SurfClaimOutcome, earned: number): readonly LedgerKind[] {
  if (outcome !== 'credited') return NONE;
  return earned > 1 ? VIEW_WITH_BONUS : VIEW;
}
