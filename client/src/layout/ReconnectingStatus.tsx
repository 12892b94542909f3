import { useAtomValue } from 'jotai';
import { reconnectingAtom } from '../api/reconnectingAtom.js';

/**
 * Says "reconnecting" while the API client retries a server it cannot get an answer from. The
 * live region is always there, so screen readers announce the words when they appear.
 */
export function ReconnectingStatus() {
  const reconnecting = useAtomValue(reconnectingAtom);
  return (
    <div className={reconnecting ? 'reconnecting-status' : undefined} role="status" data-testid="reconnecting-status">
      {reconnecting && 'Reconnecting to the server…'}
    </div>
  );
}
