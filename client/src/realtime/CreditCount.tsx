import { useAtomValue } from 'jotai';
import { accountCreditsAtom } from '../teams/accountCreditsAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { connectionStateAtom } from './connectionStateAtom.js';

/**
 * The live credit count in the member header, and a quiet note while reconnecting. While a team
 * is current it is the team's count, and says so.
 */
export function CreditCount() {
  const cc = useAtomValue(accountCreditsAtom);
  const team = useAtomValue(currentTeamAtom);
  const connection = useAtomValue(connectionStateAtom);
  return (
    <div className="credit-count" aria-live="polite">
      {cc !== null && (
        <span data-testid="credit-count">
          <strong>{cc.toLocaleString()}</strong> credit{cc === 1 ? '' : 's'}
          {team && <span className="visually-hidden"> of the team {team.name}</span>}
        </span>
      )}
      {connection === 'reconnecting' && <span className="connection-note">Reconnecting…</span>}
    </div>
  );
}
