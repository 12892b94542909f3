import { socketAtom } from '../realtime/socketAtom.js';
import { appStore } from '../state/store.js';

/**
 * The group whose members this tab shows, for `group:watch`: one at a time, sent again after
 * every reconnect (rooms do not survive a new connection). `group:members` for it calls the
 * listener, which reads the group and its members again.
 */
let watched: { slug: string; onChange: () => void } | null = null;

/** Watches the group's members until the answered function is called. */
export function watchGroupMembers(slug: string, onChange: () => void): () => void {
  const mine = { slug, onChange };
  watched = mine;
  send();
  return () => {
    if (watched !== mine) return;
    watched = null;
    send();
  };
}

/** After a (re)connect: the new connection watches nothing yet. */
export function resendWatchedGroup(): void {
  if (watched) send();
}

export function receiveGroupMembers({ slug }: { slug: string }): void {
  if (watched?.slug === slug) watched.onChange();
}

function send(): void {
  const socket = appStore.get(socketAtom);
  if (!socket?.connected) return;
  socket.emit('group:watch', { slug: watched?.slug ?? null }, () => undefined);
}
