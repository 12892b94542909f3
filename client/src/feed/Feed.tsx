import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { FeedSource } from '@shared/feed/feed-source.js';
import type { TrackingPlace } from '@shared/tracking/tracking-constants.js';
import type { ApiFailure } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { recordFeedActivity } from '../tracking/recordFeedActivity.js';
import { TrackingPlaceContext } from '../tracking/trackingPlace.js';
import { feedApi } from './feedApi.js';
import { feedKeyOf, listOf } from './feedState.js';
import { feedsAtom, storeFeedAtom, updateFeedAtom } from './feedsAtom.js';
import { storeFeelsAtom } from './feelsAtom.js';
import { FeedEntryView } from './FeedEntryView.js';

const EMPTY_TEXT: Record<FeedSource['kind'], string> = {
  home: 'Your feed is empty. Follow members, tags or groups, or write a post, and their posts show here.',
  tag: 'No posts with this tag yet.',
  group: 'No posts in this group yet.',
  user: 'No posts yet.',
  search: 'No posts you can see contain these words.',
};

/** Where a feed's posts are seen, for their views and clicks. */
const PLACE: Record<FeedSource['kind'], TrackingPlace> = {
  home: 'feed',
  tag: 'tag',
  group: 'group',
  user: 'profile',
  search: 'feed',
};

/**
 * A feed of posts, newest first: the first page replaces what was shown (STORE_FEED), "Show
 * more posts" merges the next page in (UPDATE_FEED); feels are stored apart (STORE_FEELS).
 */
export function Feed({ source, label = 'Feed' }: { source: FeedSource; label?: string }) {
  const key = feedKeyOf(source);
  const list = useAtomValue(feedsAtom)[key];
  const storeFeed = useSetAtom(storeFeedAtom);
  const updateFeed = useSetAtom(updateFeedAtom);
  const storeFeels = useSetAtom(storeFeelsAtom);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  // Callers may pass a new source object on every render: its key says whether it changed.
  const [stableSource, setStableSource] = useState(source);
  if (feedKeyOf(stableSource) !== key) setStableSource(source);

  useEffect(() => {
    let live = true;
    setFailure(null);
    void feedApi.page(stableSource).then((result) => {
      if (!live) return;
      if (!result.data) return setFailure({ status: result.status, errors: result.errors });
      const { list: fresh, feels } = listOf(result.data);
      storeFeels(feels);
      storeFeed({ key, list: fresh });
    });
    return () => {
      live = false;
    };
  }, [key, generation, stableSource, storeFeed, storeFeels]);

  const showMore = useCallback(async () => {
    if (!list?.before) return;
    recordFeedActivity('clickShowMorePosts', null, {}, PLACE[stableSource.kind]);
    setLoadingMore(true);
    const result = await feedApi.page(stableSource, list.before);
    setLoadingMore(false);
    if (!result.data) return setFailure({ status: result.status, errors: result.errors });
    const { list: next, feels } = listOf(result.data);
    storeFeels(feels);
    updateFeed({ key, entries: next.entries, before: next.before });
  }, [key, list?.before, stableSource, storeFeels, updateFeed]);

  if (failure && !list) {
    return <ErrorState failure={failure} onRetry={() => setGeneration(generation + 1)} title="The feed could not be loaded" />;
  }
  if (!list) return <LoadingState label="Loading the feed…" />;
  if (list.entries.length === 0) return <EmptyState title={EMPTY_TEXT[source.kind]} />;
  return (
    <TrackingPlaceContext.Provider value={PLACE[source.kind]}>
      <div className="feed">
        <div className="feed-entries" role="feed" aria-label={label} aria-busy={loadingMore}>
          {list.entries.map((entry) => (
            <FeedEntryView key={entry.post.pid} entry={entry} headingLevel={3} />
          ))}
        </div>
        {failure && <ErrorState failure={failure} onRetry={() => void showMore()} title="More posts could not be loaded" />}
        {list.before !== null && (
          <button type="button" className="button feed-more" disabled={loadingMore} onClick={() => void showMore()}>
            {loadingMore ? 'Loading posts…' : 'Show more posts'}
          </button>
        )}
      </div>
    </TrackingPlaceContext.Provider>
  );
}
