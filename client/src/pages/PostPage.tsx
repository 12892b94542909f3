import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { CAMPAIGN_ENDPOINTS, type PostItem } from '@shared/campaigns/campaigns.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { BookmarkButton } from '../bookmarks/BookmarkButton.js';
import { usePostBookmark } from '../bookmarks/usePostBookmark.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { excerptOf } from '../posts/linkCard.js';
import { pidOf } from '../posts/postPath.js';
import { PostView } from '../posts/PostView.js';
import { userAtom } from '../session/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { hasErrorCode } from '../api/errorCodes.js';

/** One post by its address, for anyone, visitors included. */
export default function PostPage() {
  const pid = pidOf(useParams().pid);
  const post = useApiData<PostItem>(pid === null ? null : `${CAMPAIGN_ENDPOINTS.post}/${pid}`);
  const signedIn = useAtomValue(userAtom) !== null;
  const bookmarked = usePostBookmark(post.data ? pid : null, signedIn);
  const notFound =
    pid === null || hasErrorCode(post.failure?.errors, ErrorCode.NotFound, ErrorCode.Validation, ErrorCode.BadRequest);
  usePageTitle(
    notFound ? 'Post not found' : post.data ? `${post.data.author.first_name}: ${excerptOf(post.data.text, 60)}` : 'Post',
  );

  if (notFound) return <PostNotFound />;
  return (
    <div className="page post-page">
      <h1 className="visually-hidden">{post.data ? `Post by ${post.data.author.first_name}` : 'Post'}</h1>
      {post.failure ? (
        <ErrorState failure={post.failure} onRetry={post.reload} title="This post could not be loaded" />
      ) : !post.data ? (
        <LoadingState label="Loading the post…" />
      ) : (
        <>
          <PostView post={post.data} />
          {bookmarked !== null && (
            <div className="post-page-actions">
              <BookmarkButton key={post.data.pid} pid={post.data.pid} bookmarked={bookmarked} />
            </div>
          )}
        </>
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
