import { useCallback, useEffect, useState } from 'react';
import type { ListPage } from '@shared/api/list-page.js';
import { api } from './api.js';
import type { ApiFailure } from './useApiData.js';

export interface ListPages<T> {
  /** Every page loaded so far, in order; null until the first arrives. */
  items: T[] | null;
  hasMore: boolean;
  /** True while a page (the first or a further one) is loading. */
  loading: boolean;
  failure: ApiFailure | null;
  /** Loads the next page and appends it. */
  showMore: () => void;
  /** Starts again from the first page. */
  reload: () => void;
}

const withPage = (path: string, page: number) => `${path}${path.includes('?') ? '&' : '?'}page=${page}`;

/**
 * A paged list read with "Show more": pages of `path` (a ListPage call) appended one after the
 * other; a null path loads nothing. A new path starts again, and answers for an old one are dropped.
 */
export function useListPages<T>(path: string | null): ListPages<T> {
  const [state, setState] = useState<{ path: string | null; items: T[] | null; page: number; hasMore: boolean }>({
    path,
    items: null,
    page: 0,
    hasMore: false,
  });
  const [wanted, setWanted] = useState({ path, page: 1, generation: 0 });
  const [loading, setLoading] = useState(path !== null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  if (state.path !== path) {
    setState({ path, items: null, page: 0, hasMore: false });
    setWanted((previous) => ({ path, page: 1, generation: previous.generation + 1 }));
    setFailure(null);
    setLoading(path !== null);
  }

  useEffect(() => {
    if (wanted.path === null) return;
    let current = true;
    setLoading(true);
    void api.request<ListPage<T>>({ path: withPage(wanted.path, wanted.page) }).then((result) => {
      if (!current) return;
      setLoading(false);
      if (!result.data) {
        setFailure({ status: result.status, errors: result.errors });
        return;
      }
      const page = result.data;
      setFailure(null);
      setState((previous) => ({
        ...previous,
        items: wanted.page === 1 ? page.items : [...(previous.items ?? []), ...page.items],
        page: wanted.page,
        hasMore: page.hasMore,
      }));
    });
    return () => {
      current = false;
    };
  }, [wanted]);

  const showMore = useCallback(() => setWanted((previous) => ({ ...previous, page: state.page + 1 })), [state.page]);
  const reload = useCallback(() => setWanted((previous) => ({ ...previous, page: 1, generation: previous.generation + 1 })), []);
  return { items: state.items, hasMore: state.hasMore, loading, failure, showMore, reload };
}
