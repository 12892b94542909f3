import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FEEL_LABELS, type Feeler, type FeelTarget } from '@shared/feed/feels.js';
import type { ApiFailure } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { memberProfilePath } from '@shared/people/people.js';
import { feedApi } from './feedApi.js';

/** Who gave feels to a post or comment, newest first, a page at a time. */
export function FeelersList({ target }: { target: FeelTarget }) {
  const [items, setItems] = useState<Feeler[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  useEffect(() => {
    let current = true;
    setLoading(true);
    void feedApi.feelers(target, page).then((result) => {
      if (!current) return;
      setLoading(false);
      if (!result.data) return setFailure({ status: result.status, errors: result.errors });
      const data = result.data;
      setItems((previous) => (page === 1 ? data.items : [...previous, ...data.items]));
      setMore(data.more);
    });
    return () => {
      current = false;
    };
  }, [target, page]);

  if (failure) return <ErrorState failure={failure} title="Who gave feels could not be loaded" />;
  if (loading && items.length === 0) return <LoadingState label="Loading who gave feels…" />;
  if (items.length === 0) return <EmptyState title="No feels yet." />;
  return (
    <div className="feelers">
      <ul className="feelers-list">
        {items.map((feeler) => (
          <li key={feeler.id}>
            <span aria-hidden="true">{FEEL_LABELS[feeler.kind].emoji}</span>{' '}
            <Link to={memberProfilePath(feeler.username)}>{feeler.first_name}</Link>{' '}
            <span className="muted">@{feeler.username}</span>
            <span className="visually-hidden"> ({FEEL_LABELS[feeler.kind].label})</span>
          </li>
        ))}
      </ul>
      {more && (
        <button type="button" className="button" disabled={loading} onClick={() => setPage(page + 1)}>
          Show more
        </button>
      )}
    </div>
  );
}
