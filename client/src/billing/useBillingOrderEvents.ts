import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Order } from '@shared/billing/billing.js';
import { connectionStateAtom } from '../realtime/connectionStateAtom.js';
import { socketAtom } from '../realtime/socketAtom.js';

/**
 * Calls `onOrder` with every order the server says changed ('billing:order': paid, declined,
 * refunded…), and `onReconnect` after the socket connects again, when events may have been missed.
 */
export function useBillingOrderEvents(onOrder: (order: Order) => void, onReconnect?: () => void): void {
  const socket = useAtomValue(socketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const latest = useRef({ onOrder, onReconnect });
  latest.current = { onOrder, onReconnect };

  useEffect(() => {
    if (!socket) return;
    const listener = (order: Order) => latest.current.onOrder(order);
    socket.on('billing:order', listener);
    return () => {
      socket.off('billing:order', listener);
    };
  }, [socket]);

  const wasConnected = useRef(connection === 'connected');
  useEffect(() => {
    if (connection === 'connected' && !wasConnected.current) latest.current.onReconnect?.();
    wasConnected.current = connection === 'connected';
  }, [connection]);
}
