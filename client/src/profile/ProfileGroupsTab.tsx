import { Link } from 'react-router-dom';
import { groupPath } from '@shared/groups/groups.js';
import { PEOPLE_ENDPOINTS, type ProfileGroup } from '@shared/people/people.js';
import { useListPages } from '../api/useListPages.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { roleLabel } from '../groups/groupLabels.js';
import { ShowMore } from '../people/ShowMore.js';

/** The groups the member is active in that the viewer may see (a private one only when they are in it too). */
export function ProfileGroupsTab({ username }: { username: string }) {
  const groups = useListPages<ProfileGroup>(`${PEOPLE_ENDPOINTS.profile}/${encodeURIComponent(username)}/groups`);
  return (
    <>
      <h2 className="section-heading">Groups</h2>
      {groups.items === null ? (
        groups.failure ? (
          <ErrorState failure={groups.failure} onRetry={groups.reload} />
        ) : (
          <LoadingState label="Loading groups…" />
        )
      ) : groups.items.length === 0 ? (
        <EmptyState title={`@${username} is in no group you can see.`} />
      ) : (
        <>
          <ul className="profile-groups" aria-label="Groups">
            {groups.items.map((group) => (
              <li key={group.slug}>
                <Link to={groupPath(group.slug)}>{group.name}</Link>
                <span className="muted">
                  {roleLabel(group.role)}
                  {group.visibility === 'private' && ' · Private group'}
                </span>
              </li>
            ))}
          </ul>
          <ShowMore list={groups} label="Show more groups" loadingLabel="Loading more groups…" />
        </>
      )}
    </>
  );
}
