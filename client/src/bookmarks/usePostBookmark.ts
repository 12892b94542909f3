import { BOOKMARK_ENDPOINTS, type BookmarkState } from '@shared/bookmarks/bookmarks.js';
import { useApiData } from '../api/useApiData.js';

/** Whether the signed-in member saved this post; null while unknown (loading, a visitor, no post). */
export function usePostBookmark(pid: number | null, signedIn: boolean): boolean | null {
  const state = useApiData<BookmarkState>(pid !== null && signedIn ? `${BOOKMARK_ENDPOINTS.list}/${pid}` : null);
  return state.data?.bookmarked ?? null;
}
