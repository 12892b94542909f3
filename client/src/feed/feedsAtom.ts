import { atom } from 'jotai';
import { changeEntry, mergeEntries, withoutAuthor, type FeedList, type StoredEntry } from './feedState.js';

/** The feeds on screen, by feedKeyOf: the entries shown and the next page's cursor. */
export const feedsAtom = atom<Record<string, FeedList>>({});
feedsAtom.debugLabel = 'feeds';

/** STORE_FEED: a feed replaced by a fresh first page. */
export const storeFeedAtom = atom(null, (get, set, { key, list }: { key: string; list: FeedList }) => {
  set(feedsAtom, { ...get(feedsAtom), [key]: list });
});

/**
 * UPDATE_FEED: entries merged in place by post id (the next page, or fresher copies), into one
 * feed (`key`, with its new cursor when a page was read) or into every feed showing them.
 */
export const updateFeedAtom = atom(
  null,
  (
    get,
    set,
    update:
      | { key: string; entries: StoredEntry[]; before?: number | null }
      | { change: (entry: StoredEntry) => StoredEntry; pid: number },
  ) => {
    const feeds = get(feedsAtom);
    if ('change' in update) {
      set(feedsAtom, changeEntry(feeds, update.pid, update.change));
      return;
    }
    const list = feeds[update.key];
    if (!list) return;
    set(feedsAtom, {
      ...feeds,
      [update.key]: {
        entries: mergeEntries(list.entries, update.entries),
        before: update.before === undefined ? list.before : update.before,
      },
    });
  },
);

/** A member was blocked: their posts and comments leave every feed on screen. */
export const removeAuthorAtom = atom(null, (get, set, authorId: number) => {
  const feeds = get(feedsAtom);
  set(
    feedsAtom,
    Object.fromEntries(
      Object.entries(feeds).map(([key, list]) => [key, { ...list, entries: withoutAuthor(list.entries, authorId) }]),
    ),
  );
});

/**
 * Posts this tab may no longer see (`post:access-lost`): they leave every feed on screen, and the
 * post page of one says so until it reads the post again.
 */
export const lostPostsAtom = atom<ReadonlySet<number>>(new Set<number>());
lostPostsAtom.debugLabel = 'lostPosts';

export const losePostsAtom = atom(null, (get, set, pids: number[]) => {
  const lost = new Set(pids);
  set(lostPostsAtom, new Set([...get(lostPostsAtom), ...lost]));
  set(
    feedsAtom,
    Object.fromEntries(
      Object.entries(get(feedsAtom)).map(([key, list]) => [
        key,
        { ...list, entries: list.entries.filter((entry) => !lost.has(entry.post.pid)) },
      ]),
    ),
  );
});

/** The post was read again (access came back, or the page was reloaded): it is no longer lost. */
export const foundPostAtom = atom(null, (get, set, pid: number) => {
  const lost = get(lostPostsAtom);
  if (!lost.has(pid)) return;
  set(lostPostsAtom, new Set([...lost].filter((known) => known !== pid)));
});
