import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from './api.js';

export interface ApiFailure {
  status: number;
  errors: ApiError[];
}

export interface ApiData<T> {
  /** The last answer for this path; kept while a reload runs. */
  data: T | null;
  loading: boolean;
  failure: ApiFailure | null;
  reload: () => void;
}

/**
 * Loads a GET call for a screen; a null path loads nothing. An answer that arrives after
 * the path changed is dropped, so a quick page change never shows the wrong data.
 */
export function useApiData<T>(path: string | null): ApiData<T> {
  const [state, setState] = useState<{ path: string | null; data: T | null; failure: ApiFailure | null; loading: boolean }>({
    path,
    data: null,
    failure: null,
    loading: path !== null,
  });
  const [generation, setGeneration] = useState(0);

  if (state.path !== path) setState({ path, data: null, failure: null, loading: path !== null });

  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    void api.request<T>({ path }).then((result) => {
      if (!current) return;
      const ok = result.status >= 200 && result.status < 300 && result.data !== null;
      setState({
        path,
        data: ok ? result.data : null,
        failure: ok ? null : { status: result.status, errors: result.errors },
        loading: false,
      });
    });
    return () => {
      current = false;
    };
  }, [path, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data: state.data, loading: state.loading, failure: state.failure, reload };
}
