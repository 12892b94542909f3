import { BOOKMARK_ENDPOINTS, type BookmarkState } from '@shared/bookmarks/bookmarks.js';
import { useServerToggle } from '../api/useServerToggle.js';
import './bookmarks.css';

interface BookmarkButtonProps {
  pid: number;
  bookmarked: boolean;
  /** Told the new state once the server saved or removed the bookmark. */
  onChange?: (state: BookmarkState) => void;
}

/** Saves a post to /BookmarkedPosts or removes it from there (a toggle: aria-pressed says which). */
export function BookmarkButton({ pid, bookmarked: initiallyBookmarked, onChange }: BookmarkButtonProps) {
  const {
    on: bookmarked,
    busy,
    problem,
    toggle,
  } = useServerToggle(
    `${BOOKMARK_ENDPOINTS.list}/${pid}`,
    initiallyBookmarked,
    (answer: BookmarkState) => answer.bookmarked,
    onChange,
  );

  return (
    <span className="bookmark-control">
      <button
        type="button"
        className="button button-small"
        aria-pressed={bookmarked}
        aria-disabled={busy || undefined}
        onClick={toggle}
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
