import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { ApiFailure } from '../api/useApiData.js';
import { feedApi } from './feedApi.js';
import { feedKeyOf, splitComments, splitEntries, withOlderComments } from './feedState.js';
import { foundPostAtom, storeFeedAtom, updateFeedAtom } from './feedsAtom.js';
import { storeFeelsAtom } from './feelsAtom.js';
import { takeServerEntry } from './serverEntry.js';

/** Pages of older comments the post page reads by itself, before it leaves the rest to "Show more comments". */
const AUTO_COMMENT_PAGES = 10;

/**
 * One post as a feed entry with all its comments (the post page): the entry, then its older
 * comments page by page, kept in the feeds atom under `key` (live like any feed).
 */
export function usePostEntry(pid: number | null): { failure: ApiFailure | null; key: string | null; reload: () => void } {
  const key = pid === null ? null : feedKeyOf({ kind: 'post', pid });
  const storeFeed = useSetAtom(storeFeedAtom);
  const updateFeed = useSetAtom(updateFeedAtom);
  const storeFeels = useSetAtom(storeFeelsAtom);
  const found = useSetAtom(foundPostAtom);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (pid === null || key === null) return;
    let live = true;
    setFailure(null);
    void (async () => {
      // A page drawn on the server already holds its post in the store.
      let entry = takeServerEntry(pid);
      if (!entry) {
        const result = await feedApi.entry(pid);
        if (!live) return;
        if (!result.data) return setFailure({ status: result.status, errors: result.errors });
        entry = result.data;
        const { entries, feels } = splitEntries([entry]);
        storeFeels(feels);
        storeFeed({ key, list: { entries, before: null } });
        found(pid);
      }
      let before = entry.moreComments ? entry.comments[0]?.id : undefined;
      for (let page = 0; before !== undefined && page < AUTO_COMMENT_PAGES && live; page++) {
        const older = await feedApi.comments(pid, { before });
        if (!older.data || !live) return;
        const more = older.data.more;
        const split = splitComments(older.data.items);
        storeFeels(split.feels);
        updateFeed({ pid, change: (entry) => withOlderComments(entry, split.comments, more) });
        before = more ? older.data.items[0]?.id : undefined;
      }
    })();
    return () => {
      live = false;
    };
  }, [pid, key, generation, storeFeed, storeFeels, updateFeed, found]);

  return { failure, key, reload: () => setGeneration((n) => n + 1) };
}
