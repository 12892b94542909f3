import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCode } from '@shared/api/error-codes.js';
import { PATHS } from '@shared/routing/routes.js';
import { TAG_ENDPOINTS, type TagAnswer } from '@shared/tags/tags.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { FormAlert } from '../forms/FormAlert.js';
import { usePageTitle } from '../pages/usePageTitle.js';
import { useTagFollow } from './useTagFollow.js';
import { Feed } from '../feed/Feed.js';

/** /tags/:tag: the tag's header with follow or unfollow, and its feed. */
export function TagView({ tag: typed }: { tag: string }) {
  const loaded = useApiData<TagAnswer>(`${TAG_ENDPOINTS.one}/${encodeURIComponent(typed)}`);
  const [changed, setChanged] = useState<TagAnswer | null>(null);
  const follow = useTagFollow();
  const tag = changed ?? loaded.data;
  usePageTitle(tag ? `#${tag.tag}` : 'Tag');

  if (loaded.failure) {
    const invalid = hasErrorCode(loaded.failure.errors, ErrorCode.Validation);
    return (
      <div className="page">
        <h1>{invalid ? 'Not a tag' : 'Tag'}</h1>
        <ErrorState failure={loaded.failure} onRetry={invalid ? undefined : loaded.reload} />
        <Link to={PATHS.tags}>See tags</Link>
      </div>
    );
  }
  if (!tag) {
    return (
      <div className="page">
        <h1>#{typed}</h1>
        <LoadingState label="Loading the tag…" />
      </div>
    );
  }
  const toggle = async () => {
    const answer = await follow.send(tag.tag, !tag.following);
    if (answer) setChanged(answer);
  };
  return (
    <div className="page tag-page">
      <div className="tag-header">
        <div>
          <h1>#{tag.tag}</h1>
          <p className="muted">
            {tag.followers} follower{tag.followers === 1 ? '' : 's'} · {tag.postsThisWeek} post
            {tag.postsThisWeek === 1 ? '' : 's'} this week
          </p>
        </div>
        <button
          type="button"
          className={tag.following ? 'button' : 'button button-primary'}
          aria-pressed={tag.following}
          aria-disabled={follow.busy || undefined}
          onClick={() => void toggle()}
        >
          {tag.following ? 'Following' : 'Follow'}
        </button>
      </div>
      <FormAlert errors={follow.problem} />
      <p role="status" className="visually-hidden">
        {changed ? (changed.following ? `You follow #${changed.tag}.` : `You no longer follow #${changed.tag}.`) : ''}
      </p>
      <h2 className="visually-hidden">Posts tagged #{tag.tag}</h2>
      <Feed source={{ kind: 'tag', tag: tag.tag }} label={`Posts tagged #${tag.tag}`} />
    </div>
  );
}
