import { useAtomValue } from 'jotai';
import { connectionStateAtom } from './connectionStateAtom.js';
import { liveDataAtom } from './liveDataAtom.js';

/** The live credit count (`cc`) in the member header, and a quiet note while reconnecting. */
export function CreditCount() {
  const { cc } = useAtomValue(liveDataAtom);
  const connection = useAtomValue(connectionStateAtom);
  return (
    <div className="credit-count" aria-live="polite">
      {cc !== null && (
        <span data-testid="credit-count">
          <strong>{cc.toLocaleString()}</strong> credit{cc === 1 ? '' : 's'}
        </span>
      )}
      {connection === 'reconnecting' && <span className="connection-note">Reconnecting…</span>}
    </div>
  );
}
