import { SURF_CLAIM_OUTCOMES } from '@shared/surf/surf-outcomes.js';
import { ledgerRowsOfClaim } from './claim-ledger-rows.js';

describe('ledgerRowsOfClaim', () => {
  it('a credited view: the campaign pays one view, the member earns it', () => {
    expect(ledgerRowsOfClaim('credited', 1)).toEqual(['view_paid', 'view_earned']);
  });

  it('a credited view that earned more than one credit (a membership level) adds the site’s bonus row', () => {
    expect(ledgerRowsOfClaim('credited', 3)).toEqual(['view_paid', 'view_earned', 'level_bonus']);
  });

  it('every other outcome writes no row', () => {
    for (const outcome of SURF_CLAIM_OUTCOMES.filter((outcome) => outcome !== 'credited')) {
      expect(ledgerRowsOfClaim(outcome, 0)).toEqual([]);
    }
  });
});
