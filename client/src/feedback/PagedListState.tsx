import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import type { ApiData } from '../api/useApiData.js';
import { Pager } from '../referrals/Pager.js';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { LoadingState } from './LoadingState.js';

/**
 * A paged list's states, the same on every screen that has one: the failure with a retry, the
 * load, a page past the last (with a link to the last), an empty list, or the page's items (as
 * `children` renders them) followed by the pager. The page lives in the address (`pathForPage`).
 */
export function PagedListState<T>({
  list,
  page,
  pathForPage,
  loadingLabel,
  emptyTitle,
  pagerLabel,
  onRetry = list.reload,
  children,
}: {
  list: ApiData<Paged<T>>;
  page: number;
  pathForPage: (page: number) => string;
  loadingLabel: string;
  emptyTitle: string;
  pagerLabel: string;
  onRetry?: () => void;
  children: (data: Paged<T>) => ReactNode;
}) {
  if (list.failure) return <ErrorState failure={list.failure} onRetry={onRetry} />;
  if (!list.data) return <LoadingState label={loadingLabel} />;
  if (list.data.items.length === 0) {
    return page > 1 && page > list.data.pages ? (
      <EmptyState title={`There is no page ${page}.`}>
        <Link to={pathForPage(list.data.pages)}>Go to the last page</Link>
      </EmptyState>
    ) : (
      <EmptyState title={emptyTitle} />
    );
  }
  return (
    <>
      {children(list.data)}
      <Pager page={list.data.page} pages={list.data.pages} pathFor={pathForPage} label={pagerLabel} />
    </>
  );
}
