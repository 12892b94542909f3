import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { GROUP_ENDPOINTS, groupPath, type GroupAnswer, type GroupsOverview } from '@shared/groups/groups.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { GroupCard } from '../groups/GroupCard.js';
import { GroupForm } from '../groups/GroupForm.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../groups/groups.css';

/** The member's groups, public groups to discover (searchable by name), and a new group. */
export default function GroupsPage() {
  usePageTitle('Groups');
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const overview = useApiData<GroupsOverview>(
    search ? `${GROUP_ENDPOINTS.groups}?q=${encodeURIComponent(search)}` : GROUP_ENDPOINTS.groups,
  );

  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <div className="page groups-page">
      <h1>Groups</h1>
      <details className="group-create">
        <summary className="button button-primary">Create a group</summary>
        <GroupForm
          group={null}
          submitLabel="Create group"
          send={(payload) => api.request<GroupAnswer>({ method: 'POST', path: GROUP_ENDPOINTS.groups, json: payload })}
          onSaved={(group) => navigate(groupPath(group.slug))}
        />
      </details>

      {overview.failure ? (
        <ErrorState failure={overview.failure} onRetry={overview.reload} title="Groups could not be loaded" />
      ) : !overview.data ? (
        <LoadingState label="Loading groups…" />
      ) : (
        <>
          <section aria-labelledby="my-groups-heading">
            <h2 id="my-groups-heading" className="section-heading">
              Your groups
            </h2>
            {overview.data.mine.length > 0 ? (
              <ul className="group-list">
                {overview.data.mine.map((group) => (
                  <GroupCard key={group.id} group={group} />
                ))}
              </ul>
            ) : (
              <EmptyState title="You are in no group yet.">
                <p>Join one below, or create your own.</p>
              </EmptyState>
            )}
          </section>
          <section aria-labelledby="discover-heading">
            <h2 id="discover-heading" className="section-heading">
              Discover public groups
            </h2>
            <form role="search" className="group-search" onSubmit={find}>
              <label htmlFor="group-search-input">Search by name</label>
              <div className="field-row">
                <input id="group-search-input" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
                <button type="submit" className="button">
                  Search
                </button>
              </div>
            </form>
            {overview.data.discover.length > 0 ? (
              <ul className="group-list">
                {overview.data.discover.map((group) => (
                  <GroupCard key={group.id} group={group} />
                ))}
              </ul>
            ) : (
              <EmptyState
                title={search ? `No public group you are not in is named like "${search}".` : 'No other public group yet.'}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
