import type { ListPages } from '../api/useListPages.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';

/** Under a list loaded page by page: the next page's loading, its failure, or the button that asks for it. */
export function ShowMore<T>({ list, label, loadingLabel }: { list: ListPages<T>; label: string; loadingLabel: string }) {
  if (list.items === null) return null;
  if (list.failure) return <ErrorState failure={list.failure} onRetry={list.showMore} />;
  if (list.loading) return <LoadingState label={loadingLabel} />;
  if (!list.hasMore) return null;
  return (
    <div className="show-more">
      <button type="button" className="button" onClick={list.showMore}>
        {label}
      </button>
    </div>
  );
}
