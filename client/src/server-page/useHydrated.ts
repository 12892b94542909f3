import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False while React draws on the server and while it hydrates that markup, true from then on (and
 * at once when the client draws the page itself).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
