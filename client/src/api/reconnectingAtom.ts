import { atom } from 'jotai';

/** True while a /data call waits to retry a server that is unavailable or unreachable. */
export const reconnectingAtom = atom(false);
reconnectingAtom.debugLabel = 'reconnecting';
