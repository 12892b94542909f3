import { Link } from 'react-router-dom';
import { BOOKMARK_ENDPOINTS, type BookmarkedPost } from '@shared/bookmarks/bookmarks.js';
import { PATHS } from '@shared/routing/routes.js';
import { useListPages } from '../api/useListPages.js';
import { BookmarkButton } from '../bookmarks/BookmarkButton.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDateTime } from '../format/dates.js';
import { ShowMore } from '../people/ShowMore.js';
import { postPath } from '../posts/postPath.js';
import { PostView } from '../posts/PostView.js';
import { TrackingPlaceContext } from '../tracking/trackingPlace.js';
import { usePageTitle } from './usePageTitle.js';
import '../bookmarks/bookmarks.css';
import '../people/people.css';

/**
 * The posts the member saved, newest bookmark first. Unsaving leaves the post on screen with
 * its button, so a slip is undone with one more press; it is gone on the next visit.
 */
export default function BookmarkedPostsPage() {
  usePageTitle('Bookmarked posts');
  const bookmarks = useListPages<BookmarkedPost>(BOOKMARK_ENDPOINTS.list);
  return (
    <div className="page">
      <h1>Bookmarked posts</h1>
      {bookmarks.items === null ? (
        bookmarks.failure ? (
          <ErrorState failure={bookmarks.failure} onRetry={bookmarks.reload} />
        ) : (
          <LoadingState label="Loading your bookmarks…" />
        )
      ) : bookmarks.items.length === 0 ? (
        <EmptyState title="You have not bookmarked any post yet.">
          <p>
            Press <strong>Bookmark</strong> under a post to keep it here. <Link to={PATHS.home}>Back to your dashboard</Link>
          </p>
        </EmptyState>
      ) : (
        <TrackingPlaceContext.Provider value="bookmarks">
          <ul className="bookmarked-posts" aria-label="Your bookmarks">
            {bookmarks.items.map(({ post, bookmarkedAt }) => (
              <li key={post.pid}>
                <PostView post={post} />
                <div className="bookmarked-post-actions">
                  <span className="muted">
                    Saved {formatDateTime(bookmarkedAt)} · <Link to={postPath(post.pid)}>Open the post</Link>
                  </span>
                  <BookmarkButton pid={post.pid} bookmarked />
                </div>
              </li>
            ))}
          </ul>
          <ShowMore list={bookmarks} label="Show more bookmarks" loadingLabel="Loading more bookmarks…" />
        </TrackingPlaceContext.Provider>
      )}
    </div>
  );
}
