import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { ADMIN_USER_ENDPOINTS, type AdminUserRow } from '@shared/admin/users.js';
import { useApiData } from '../../api/useApiData.js';
import { PagedListState } from '../../feedback/PagedListState.js';
import { formatDate } from '../../format/dates.js';
import { TextField } from '../../forms/TextField.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { SelectField } from '../fields/SelectField.js';
import { EMPTY_USERS_FILTER, usersPath, usersQueryOf, usersSearchOf, type UsersFilter } from './adminUsersQuery.js';

const ROLE_CHOICES = [
  { value: '', label: 'Any role' },
  { value: 'member', label: 'Members' },
  { value: 'admin', label: 'Admins' },
];
const EARNING_CHOICES = [
  { value: '', label: 'Any' },
  { value: 'stopped', label: 'Stopped from earning' },
  { value: 'ok', label: 'Earning' },
];

/** /admin/users: search members by username, email or name, filter them, newest first. */
export function AdminUsersTab() {
  const location = useLocation();
  const navigate = useNavigate();
  const { filter, page } = usersQueryOf(location.search);
  const query = usersSearchOf(filter, page);
  const list = useApiData<Paged<AdminUserRow>>(`${ADMIN_USER_ENDPOINTS.users}${query ? `?${query}` : ''}`);
  // The form edits a draft; the address (and so the list) changes on submit.
  const [draft, setDraft] = useState<UsersFilter>(filter);
  const [draftFor, setDraftFor] = useState(location.search);
  if (draftFor !== location.search) {
    setDraftFor(location.search);
    setDraft(filter);
  }
  const set = (name: keyof UsersFilter) => (value: string) => setDraft((previous) => ({ ...previous, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(usersPath(usersQueryOf(`?${usersSearchOf(draft)}`).filter));
  };
  const filtered = usersSearchOf(filter) !== '';

  return (
    <section aria-labelledby="admin-users-heading">
      <div className="admin-section-head">
        <h2 id="admin-users-heading" className="section-heading">
          Users
        </h2>
      </div>
      <form className="admin-users-search" role="search" aria-label="Find members" onSubmit={submit}>
        <TextField
          label="Search"
          name="q"
          type="search"
          hint="Part of a username, email address or first name."
          value={draft.q}
          onChange={(event) => set('q')(event.target.value)}
        />
        <div className="admin-users-filters">
          <SelectField label="Role" name="role" value={draft.role} choices={ROLE_CHOICES} onValue={set('role')} />
          <SelectField label="Earning" name="earning" value={draft.earning} choices={EARNING_CHOICES} onValue={set('earning')} />
          <TextField
            label="Risk score at least"
            name="risk"
            inputMode="numeric"
            value={draft.risk}
            onChange={(event) => set('risk')(event.target.value)}
          />
          <TextField
            label="Signed up from"
            name="from"
            type="date"
            value={draft.from}
            onChange={(event) => set('from')(event.target.value)}
          />
          <TextField
            label="Signed up to"
            name="to"
            type="date"
            value={draft.to}
            onChange={(event) => set('to')(event.target.value)}
          />
          <TextField
            label="Referred by (username)"
            name="referrer"
            value={draft.referrer}
            onChange={(event) => set('referrer')(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            Search
          </button>
          {filtered && (
            <Link className="button" to={usersPath(EMPTY_USERS_FILTER)}>
              Clear
            </Link>
          )}
        </div>
      </form>
      <PagedListState
        list={list}
        page={page}
        pathForPage={(to) => usersPath(filter, to)}
        loadingLabel="Loading the members…"
        emptyTitle="No member matches."
        pagerLabel="Member pages"
      >
        {(data) => (
          <>
            <p className="admin-users-total" role="status">
              {data.total.toLocaleString()} member{data.total === 1 ? '' : 's'}
            </p>
            <div className="admin-table-scroll" tabIndex={0} role="region" aria-label="Members">
              <table className="admin-table" data-testid="admin-users">
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Signed up</th>
                    <th scope="col">Risk</th>
                    <th scope="col">Earning</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((user) => (
                    <tr key={user.id}>
                      <th scope="row">
                        <Link to={ADMIN_PATHS.user(user.id)}>{user.username}</Link>
                      </th>
                      <td className="admin-cell-wrap">{user.email}</td>
                      <td>
                        {user.role === 'admin' ? 'Admin' : 'Member'}
                        {user.loginSuspended ? ' · suspended' : ''}
                      </td>
                      <td>{formatDate(user.createdAt)}</td>
                      <td>{user.riskScore}</td>
                      <td>{user.earning ? 'Earning' : 'Stopped'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </PagedListState>
    </section>
  );
}
