import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PEOPLE_ENDPOINTS, SEARCH_QUERY_MIN, type MemberCard } from '@shared/people/people.js';
import { useListPages } from '../api/useListPages.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { MemberList } from '../people/MemberList.js';
import { ShowMore } from '../people/ShowMore.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../people/people.css';

/** Typing settles this long before the address (and so the search) follows it. */
const TYPING_PAUSE_MS = 300;

/** Members by username or first name, typos forgiven; the query lives in the address (`?q=`). */
export default function UserSearchPage() {
  usePageTitle('Find members');
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(query);
  /** The query this page last put in the address, so its own changes do not overwrite what is being typed. */
  const pushed = useRef(query);
  const inputId = useId();
  const hintId = useId();

  // The address changed from outside (back, a link): the box follows it.
  useEffect(() => {
    if (query !== pushed.current) {
      pushed.current = query;
      setDraft(query);
    }
  }, [query]);

  const push = (value: string, replace: boolean) => {
    pushed.current = value;
    setParams(value ? { q: value } : {}, { replace });
  };

  useEffect(() => {
    const value = draft.trim();
    if (value === pushed.current) return;
    const timer = window.setTimeout(() => {
      pushed.current = value;
      setParams(value ? { q: value } : {}, { replace: true });
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, setParams]);

  const searchable = query.length >= SEARCH_QUERY_MIN;
  const results = useListPages<MemberCard>(searchable ? `${PEOPLE_ENDPOINTS.search}?q=${encodeURIComponent(query)}` : null);

  return (
    <div className="page">
      <h1>Find members</h1>
      <form
        role="search"
        className="user-search-form field"
        onSubmit={(event) => {
          event.preventDefault();
          push(draft.trim(), false);
        }}
      >
        <label htmlFor={inputId}>Username or first name</label>
        <p id={hintId} className="field-hint">
          Small typos are fine: we show the closest names.
        </p>
        <div className="field-row">
          <input
            id={inputId}
            type="search"
            name="q"
            value={draft}
            autoComplete="off"
            aria-describedby={hintId}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
      </form>
      <section aria-label="Search results" aria-busy={results.loading}>
        {!searchable ? (
          <p className="muted">Type at least {SEARCH_QUERY_MIN} letters of a username or a first name.</p>
        ) : results.items === null ? (
          results.failure ? (
            <ErrorState failure={results.failure} onRetry={results.reload} />
          ) : (
            <LoadingState label="Searching…" />
          )
        ) : results.items.length === 0 ? (
          <EmptyState title={`Nobody matches “${query}”.`}>
            <p>Check the spelling, or try the first name instead of the username.</p>
          </EmptyState>
        ) : (
          <>
            <MemberList members={results.items} label={`Members matching ${query}`} />
            <ShowMore list={results} label="Show more members" loadingLabel="Loading more members…" />
          </>
        )}
      </section>
    </div>
  );
}
