import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { connectionStateAtom } from '../realtime/connectionStateAtom.js';
import { socketAtom } from '../realtime/socketAtom.js';

/**
 * Calls `onChange` when one of the member's referral commissions was created, credited or taken
 * back ('referral:commission'), and after the socket connects again, when one may have been missed.
 */
export function useReferralCommissionEvents(onChange: () => void): void {
  const socket = useAtomValue(socketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (!socket) return;
    const listener = () => latest.current();
    socket.on('referral:commission', listener);
    return () => {
      socket.off('referral:commission', listener);
    };
  }, [socket]);

  const wasConnected = useRef(connection === 'connected');
  useEffect(() => {
    if (connection === 'connected' && !wasConnected.current) latest.current();
    wasConnected.current = connection === 'connected';
  }, [connection]);
}
