import type { ServerToClientEvents } from '@shared/realtime/events.js';
import { feelKey } from '@shared/feed/feels.js';
import { userAtom } from '../sessions/userAtom.js';
import { appStore } from '../state/store.js';
import { splitComments, withComment, withoutComment } from './feedState.js';
import { losePostsAtom, updateFeedAtom } from './feedsAtom.js';
import { feelsAtom, storeFeelsAtom } from './feelsAtom.js';

type Change<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** A comment written or edited on a post this tab shows. */
export function receivePostComment({ pid, comment, commentCount }: Change<'post:comment'>): void {
  const { comments, feels } = splitComments([comment]);
  const known = appStore.get(feelsAtom);
  // A push carries no viewer's own feel: keep what this tab knows.
  appStore.set(storeFeelsAtom, Object.fromEntries(Object.entries(feels).filter(([key]) => !(key in known))));
  appStore.set(updateFeedAtom, { pid, change: (entry) => withComment(entry, comments[0], commentCount) });
}

export function receivePostCommentRemoved({ pid, commentId, parentId, commentCount }: Change<'post:comment-removed'>): void {
  appStore.set(updateFeedAtom, { pid, change: (entry) => withoutComment(entry, commentId, parentId, commentCount) });
}

/** New counts; the member's own feel changes too when they gave it (in this tab or another). */
export function receivePostFeels({ target, counts, by, kind }: Change<'post:feels'>): void {
  const key = feelKey(target);
  const mine = by === appStore.get(userAtom)?.id ? kind : (appStore.get(feelsAtom)[key]?.mine ?? null);
  appStore.set(storeFeelsAtom, { [key]: { counts, mine } });
}

/** Posts this tab may no longer see: they leave its feeds, and their open post page says so. */
export function receivePostAccessLost({ pids }: Change<'post:access-lost'>): void {
  appStore.set(losePostsAtom, pids);
}
