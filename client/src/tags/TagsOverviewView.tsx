import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { tagPath, tagSchema, TAG_ENDPOINTS, TRENDING, type TagsOverview } from '@shared/tags/tags.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { FormAlert } from '../forms/FormAlert.js';
import { TextField } from '../forms/TextField.js';
import { usePageTitle } from '../pages/usePageTitle.js';
import { useTagFollow } from './useTagFollow.js';

/** /tags: the tags the member follows (unfollow from here), following a new one, and the trending tags. */
export function TagsOverviewView() {
  usePageTitle('Tags');
  const overview = useApiData<TagsOverview>(TAG_ENDPOINTS.overview);
  const [followed, setFollowed] = useState<string[] | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const follow = useTagFollow();
  const shown = followed ?? overview.data?.followed ?? [];

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagSchema.safeParse(typed);
    if (!parsed.success) {
      setTypedError(parsed.error.issues[0].message);
      return;
    }
    setTypedError(null);
    const answer = await follow.send(parsed.data, true);
    if (answer) {
      setFollowed([...new Set([...shown, answer.tag])].sort());
      setTyped('');
    }
  };
  const remove = async (tag: string) => {
    if (await follow.send(tag, false)) setFollowed(shown.filter((entry) => entry !== tag));
  };

  return (
    <div className="page tags-page">
      <h1>Tags</h1>
      <form className="form tag-follow-form" onSubmit={(event) => void add(event)} noValidate>
        <TextField
          label="Follow a tag"
          name="tag"
          placeholder="travel"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={typedError ? { message: typedError } : undefined}
          announceError
        >
          <button type="submit" className="button button-primary" aria-disabled={follow.busy || undefined}>
            Follow
          </button>
        </TextField>
      </form>
      <FormAlert errors={follow.problem} />
      {overview.failure ? (
        <ErrorState failure={overview.failure} onRetry={overview.reload} title="Tags could not be loaded" />
      ) : !overview.data ? (
        <LoadingState label="Loading tags…" />
      ) : (
        <>
          <section aria-labelledby="followed-tags-heading">
            <h2 id="followed-tags-heading" className="section-heading">
              Tags you follow
            </h2>
            {shown.length > 0 ? (
              <ul className="tag-list" data-testid="followed-tags">
                {shown.map((tag) => (
                  <li key={tag} className="tag-chip">
                    <Link to={tagPath(tag)}>#{tag}</Link>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Unfollow #${tag}`}
                      aria-disabled={follow.busy || undefined}
                      onClick={() => void remove(tag)}
                    >
                      Unfollow
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="You follow no tags yet.">
                <p>Follow a tag to see its posts in your feed, and, if you choose, in the surf bar.</p>
              </EmptyState>
            )}
          </section>
          <section aria-labelledby="trending-tags-heading">
            <h2 id="trending-tags-heading" className="section-heading">
              Trending this week
            </h2>
            {overview.data.trending.length > 0 ? (
              <ol className="tag-list tag-trending">
                {overview.data.trending.map((entry) => (
                  <li key={entry.tag} className="tag-chip">
                    <Link to={tagPath(entry.tag)}>#{entry.tag}</Link>
                    <span className="muted">
                      {entry.posts} post{entry.posts === 1 ? '' : 's'}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <EmptyState title={`No public post carried a tag in the last ${TRENDING.days} days.`}>
                <Link to={PATHS.campaigns}>Write a post with tags</Link>
              </EmptyState>
            )}
          </section>
        </>
      )}
    </div>
  );
}
