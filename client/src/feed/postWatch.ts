import { MAX_WATCHED_POSTS } from '@shared/realtime/events.js';
import { socketAtom } from '../realtime/socketAtom.js';
import { appStore } from '../state/store.js';
import { losePostsAtom } from './feedsAtom.js';

/**
 * The posts this tab shows, for `posts:watch`: components add a post while it is on screen and
 * remove it when it leaves. Changes are sent together a moment later (scrolling adds and removes
 * many), and again after every reconnect (rooms do not survive a new connection). Posts the answer
 * leaves out are lost to this tab, as when the server says so (`post:access-lost`).
 */
const onScreen = new Map<number, number>();
const SEND_DELAY_MS = 200;
let timer: ReturnType<typeof setTimeout> | null = null;
let lastSent: string | null = null;

/** Watches a post until the answered function is called. */
export function watchPost(pid: number): () => void {
  onScreen.set(pid, (onScreen.get(pid) ?? 0) + 1);
  schedule();
  return () => {
    const count = (onScreen.get(pid) ?? 1) - 1;
    if (count > 0) onScreen.set(pid, count);
    else onScreen.delete(pid);
    schedule();
  };
}

/** After a (re)connect: the new connection watches nothing yet. */
export function resendWatchedPosts(): void {
  lastSent = null;
  send();
}

function schedule(): void {
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    send();
  }, SEND_DELAY_MS);
}

function send(): void {
  const pids = [...onScreen.keys()].sort((a, b) => b - a).slice(0, MAX_WATCHED_POSTS);
  const key = pids.join(',');
  const socket = appStore.get(socketAtom);
  if (key === lastSent || !socket?.connected) return;
  lastSent = key;
  socket.emit('posts:watch', { pids }, (answer) => {
    if ('error' in answer) {
      lastSent = null;
      return;
    }
    // A post on screen the server no longer lets this tab watch is one it may no longer see (it
    // lost access while its connection was away, or since the page read it).
    const refused = pids.filter((pid) => !answer.data.pids.includes(pid));
    if (refused.length > 0) appStore.set(losePostsAtom, refused);
  });
}
