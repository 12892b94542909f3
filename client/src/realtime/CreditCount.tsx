import { useAtomValue } from 'jotai';
import { earningsSummaryAtom } from '../credits/earningsSummaryAtom.js';
import { pendingExplanation, pendingNote } from '../credits/earningsFormat.js';
import { spendableCreditsAtom } from '../credits/spendableCreditsAtom.js';
import { accountCreditsAtom } from '../teams/accountCreditsAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { connectionStateAtom } from './connectionStateAtom.js';
import { liveDataAtom } from './liveDataAtom.js';
import '../credits/earnings.css';

/**
 * The live credit count in the member header, and a quiet note while reconnecting. While a team
 * is current it is the team's count, and says so. The member's own count says how much of it is
 * still in review ("1,010 credits · 40 pending"; on a phone "40 pending" goes under the figure
 * in place of the unit), and the whole sentence (how much, until when, what can be spent now) is
 * its title and what a screen reader reads.
 */
export function CreditCount() {
  const cc = useAtomValue(accountCreditsAtom);
  const team = useAtomValue(currentTeamAtom);
  const connection = useAtomValue(connectionStateAtom);
  const spendable = useAtomValue(spendableCreditsAtom);
  const summary = useAtomValue(earningsSummaryAtom);
  const { clockOffsetMs } = useAtomValue(liveDataAtom);
  const pending = !team && spendable && spendable.pending > 0 ? spendable : null;
  const explanation = pending ? pendingExplanation(pending, summary?.nextMatureMs ?? null, Date.now() + clockOffsetMs) : null;
  return (
    <div className={`credit-count ${pending ? 'credit-count-with-pending' : ''}`} aria-live="polite">
      {cc !== null && (
        <span data-testid="credit-count" className="credit-count-balance">
          <strong>{cc.toLocaleString()}</strong> <span className="credit-count-unit">credit{cc === 1 ? '' : 's'}</span>
          {team && <span className="visually-hidden"> of the team {team.name}</span>}
        </span>
      )}
      {pending && explanation && (
        <span className="credit-count-pending" data-testid="credit-count-pending" title={explanation}>
          <span aria-hidden="true">
            <span className="credit-count-separator">· </span>
            {pendingNote(pending.pending)}
          </span>
          <span className="visually-hidden">{explanation}</span>
        </span>
      )}
      {connection === 'reconnecting' && <span className="connection-note">Reconnecting…</span>}
    </div>
  );
}
