import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { feedsAtom, lostPostsAtom } from '../feed/feedsAtom.js';
import { FeedEntryView } from '../feed/FeedEntryView.js';
import { usePostEntry } from '../feed/PostEntry.js';
import { excerptOf } from '../posts/linkCard.js';
import { pidOf } from '../posts/postPath.js';
import { userAtom } from '../sessions/userAtom.js';
import { TrackingPlaceContext } from '../tracking/trackingPlace.js';
import { usePageTitle } from './usePageTitle.js';

/** One post by its address with its feels and all its comments, live; for anyone who may see it. */
export default function PostPage() {
  const pid = pidOf(useParams().pid);
  const { failure, key, reload } = usePostEntry(pid);
  const entry = useAtomValue(feedsAtom)[key ?? '']?.entries[0] ?? null;
  const lost = useAtomValue(lostPostsAtom).has(pid ?? 0);
  const notFound = pid === null || hasErrorCode(failure?.errors, ErrorCode.NotFound, ErrorCode.Validation, ErrorCode.BadRequest);
  usePageTitle(
    notFound
      ? 'Post not found'
      : lost
        ? 'No access to this post'
        : entry
          ? `${entry.post.author.first_name}: ${excerptOf(entry.post.text, 60)}`
          : 'Post',
  );

  if (notFound) return <PostNotFound />;
  if (lost) return <PostAccessLost />;
  return (
    <div className="page post-page">
      <h1 className="visually-hidden">{entry ? `Post by ${entry.post.author.first_name}` : 'Post'}</h1>
      {failure ? (
        <ErrorState failure={failure} onRetry={reload} title="This post could not be loaded" />
      ) : !entry ? (
        <LoadingState label="Loading the post…" />
      ) : (
        <TrackingPlaceContext.Provider value="post">
          <FeedEntryView entry={entry} />
        </TrackingPlaceContext.Provider>
      )}
    </div>
  );
}

function PostNotFound() {
  const user = useAtomValue(userAtom);
  return (
    <div className="page page-centered">
      <h1>Post not found</h1>
      <p>This post does not exist, or its author deleted it.</p>
      <Link className="button button-primary" to={user ? PATHS.home : PATHS.landing}>
        {user ? 'Go to your dashboard' : 'Go to the home page'}
      </Link>
    </div>
  );
}

/** Shown live when the server takes this tab out of the post's room: it may no longer see the post. */
function PostAccessLost() {
  const user = useAtomValue(userAtom);
  return (
    <div className="page page-centered" role="status">
      <h1>You no longer have access to this post</h1>
      <p>
        It was deleted, or it belongs to a group you are no longer in or that is now private, or a block stands between you and
        its author.
      </p>
      <Link className="button button-primary" to={user ? PATHS.home : PATHS.landing}>
        {user ? 'Go to your dashboard' : 'Go to the home page'}
      </Link>
    </div>
  );
}
