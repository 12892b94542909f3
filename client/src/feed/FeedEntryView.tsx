import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BookmarkButton } from '../bookmarks/BookmarkButton.js';
import { formatDateTime } from '../format/dates.js';
import { postPath } from '../posts/postPath.js';
import { PostAuthorButton } from '../posts/ProfilePopup.js';
import { userAtom } from '../sessions/userAtom.js';
import { recordFeedActivity } from '../tracking/recordFeedActivity.js';
import { useTrackingPlace } from '../tracking/trackingPlace.js';
import { usePostViewTracking } from '../tracking/usePostViewTracking.js';
import { CommentsSection } from './Comments.js';
import { ContentMenu } from './ContentMenu.js';
import { feedApi } from './feedApi.js';
import { splitComments, withOlderComments, type StoredEntry } from './feedState.js';
import { updateFeedAtom } from './feedsAtom.js';
import { storeFeelsAtom } from './feelsAtom.js';
import { FeelsBar } from './FeelsBar.js';
import { PostBody } from './PostBody.js';
import { useWatchedPost } from './useWatchedPost.js';
import '../posts/posts.css';
import './feed.css';

/**
 * One feed entry: the post, its feels and comments, kept live while it is on screen (its
 * post room is watched). "Show more comments" reads older ones, a page at a time.
 */
export function FeedEntryView({ entry, headingLevel = 2 }: { entry: StoredEntry; headingLevel?: 2 | 3 }) {
  const { post } = entry;
  const element = useRef<HTMLElement>(null);
  useWatchedPost(post.pid, element);
  const place = useTrackingPlace();
  usePostViewTracking(post.pid, place, element);
  const user = useAtomValue(userAtom);
  const update = useSetAtom(updateFeedAtom);
  const storeFeels = useSetAtom(storeFeelsAtom);
  const [loadingComments, setLoadingComments] = useState(false);
  const Heading = `h${headingLevel}` as const;

  const moreComments = async () => {
    recordFeedActivity('clickShowMoreComments', post.pid, {}, place);
    setLoadingComments(true);
    const result = await feedApi.comments(post.pid, { before: entry.comments[0]?.id });
    setLoadingComments(false);
    if (!result.data) return;
    const more = result.data.more;
    const { comments, feels } = splitComments(result.data.items);
    storeFeels(feels);
    update({ pid: post.pid, change: (current) => withOlderComments(current, comments, more) });
  };

  return (
    <article ref={element} className="post feed-entry" aria-labelledby={`entry-${post.pid}-heading`}>
      <header className="post-header">
        <PostAuthorButton author={post.author} fromPid={post.pid} />
        <Heading id={`entry-${post.pid}-heading`} className="visually-hidden">
          Post by {post.author.first_name}
        </Heading>
        <div className="feed-entry-meta">
          {entry.group && <span className="feed-entry-group">in {entry.group.name}</span>}
          <Link className="muted post-date" to={postPath(post.pid)}>
            <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
          </Link>
          {user && user.id !== post.author.id && <ContentMenu target={{ pid: post.pid }} author={post.author} what="post" />}
        </div>
      </header>
      <PostBody post={post} />
      <div className="feed-entry-bar">
        <FeelsBar target={{ pid: post.pid, commentId: null }} />
        <span className="muted feed-entry-count">
          {entry.commentCount} {entry.commentCount === 1 ? 'comment' : 'comments'}
        </span>
        {user && (
          <BookmarkButton
            pid={post.pid}
            bookmarked={entry.bookmarked}
            onChange={({ bookmarked }) => update({ pid: post.pid, change: (current) => ({ ...current, bookmarked }) })}
          />
        )}
      </div>
      {entry.moreComments && (
        <button type="button" className="link-button" disabled={loadingComments} onClick={() => void moreComments()}>
          {loadingComments ? 'Loading comments…' : 'Show more comments'}
        </button>
      )}
      <CommentsSection entry={entry} />
    </article>
  );
}
