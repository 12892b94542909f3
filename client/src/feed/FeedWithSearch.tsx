import { useId, useState } from 'react';
import { POST_SEARCH_MIN_LENGTH, type FeedSource } from '@shared/feed/feed-source.js';
import { Feed } from './Feed.js';

/**
 * A feed with a post search above it: a search shows the posts the member may see whose text
 * contains the words (newest first, the server decides what is visible), in place of the feed;
 * Clear brings the feed back.
 */
export function FeedWithSearch({ source, label }: { source: FeedSource; label: string }) {
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);

  const clear = () => {
    setDraft('');
    setQuery(null);
    setTooShort(false);
  };

  return (
    <>
      <form
        role="search"
        aria-label="Search posts"
        className="feed-search field"
        onSubmit={(event) => {
          event.preventDefault();
          const words = draft.trim();
          if (words === '') return clear();
          setTooShort(words.length < POST_SEARCH_MIN_LENGTH);
          if (words.length >= POST_SEARCH_MIN_LENGTH) setQuery(words);
        }}
      >
        <label htmlFor={inputId}>Search posts</label>
        <div className="field-row">
          <input
            id={inputId}
            type="search"
            name="q"
            value={draft}
            autoComplete="off"
            aria-describedby={hintId}
            aria-invalid={tooShort || undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button-primary">
            Search
          </button>
          {query !== null && (
            <button type="button" className="button" onClick={clear}>
              Clear
            </button>
          )}
        </div>
        <p id={hintId} className={tooShort ? 'field-error' : 'field-hint'}>
          {tooShort
            ? `Type at least ${POST_SEARCH_MIN_LENGTH} characters to search posts.`
            : 'Finds posts whose text contains these words.'}
        </p>
      </form>
      {query === null ? (
        <Feed source={source} label={label} />
      ) : (
        <section aria-label={`Posts containing “${query}”`}>
          <Feed source={{ kind: 'search', q: query }} label={`Posts containing “${query}”`} />
        </section>
      )}
    </>
  );
}
