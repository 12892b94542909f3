import { useState } from 'react';
import { BOOKMARK_ENDPOINTS, type BookmarkState } from '@shared/bookmarks/bookmarks.js';
import { api } from '../api/api.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import './bookmarks.css';

interface BookmarkButtonProps {
  pid: number;
  bookmarked: boolean;
  /** Told the new state once the server saved or removed the bookmark. */
  onChange?: (state: BookmarkState) => void;
}

/** Saves a post to /BookmarkedPosts or removes it from there (a toggle: aria-pressed says which). */
export function BookmarkButton({ pid, bookmarked: initiallyBookmarked, onChange }: BookmarkButtonProps) {
  const [bookmarked, setBookmarked] = useState(initiallyBookmarked);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const path = `${BOOKMARK_ENDPOINTS.list}/${pid}`;
    const result = bookmarked ? await api.delete<BookmarkState>(path) : await api.put<BookmarkState>(path);
    setBusy(false);
    if (!result.data) {
      setProblem(errorsOrFallback(result.errors, result.status)[0].message);
      return;
    }
    setBookmarked(result.data.bookmarked);
    onChange?.(result.data);
  }

  return (
    <span className="bookmark-control">
      <button
        type="button"
        className="button button-small"
        aria-pressed={bookmarked}
        aria-disabled={busy || undefined}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span> {bookmarked ? 'Bookmarked' : 'Bookmark'}
      </button>
      {problem && (
        <span role="alert" className="bookmark-problem">
          {problem}
        </span>
      )}
    </span>
  );
}
