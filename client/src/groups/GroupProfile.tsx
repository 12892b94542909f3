import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ErrorCode } from '@shared/api/error-codes.js';
import { groupApiPath, type GroupAnswer } from '@shared/groups/groups.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { useApiData } from '../api/useApiData.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDate } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { usePageTitle } from '../pages/usePageTitle.js';
import { userAtom } from '../sessions/userAtom.js';
import { DeleteGroupButton } from './DeleteGroupButton.js';
import { GroupForm } from './GroupForm.js';
import { GroupInvites } from './GroupInvites.js';
import { GroupJoinButtons } from './GroupJoinButtons.js';
import { GroupMembers } from './GroupMembers.js';
import { GroupTabs, type GroupTab } from './GroupTabs.js';
import { watchGroupMembers } from './groupWatch.js';
import '../forms/forms.css';
import './groups.css';
import { Feed } from '../feed/Feed.js';

/** A group's page (/profile/g/<slug>, tabs by ?tab=posts|members): its header, and its posts and members for those who may see them. */
export function GroupProfile({ slug }: { slug: string }) {
  const user = useAtomValue(userAtom);
  const tab: GroupTab = new URLSearchParams(useLocation().search).get('tab') === 'members' ? 'members' : 'posts';
  const loaded = useApiData<GroupAnswer>(groupApiPath(slug));
  const [edited, setEdited] = useState<GroupAnswer | null>(null);
  const [editing, setEditing] = useState(false);
  const group = edited?.slug === slug ? edited : loaded.data;
  const notFound = hasErrorCode(loaded.failure?.errors, ErrorCode.NotFound);
  usePageTitle(notFound ? 'No such group' : (group?.name ?? 'Group'));

  const [membersVersion, setMembersVersion] = useState(0);
  const showsMembers = tab === 'members' && Boolean(group?.canSeeContent);
  const reload = () => {
    setEdited(null);
    loaded.reload();
    setMembersVersion((version) => version + 1);
  };

  // While the members are on screen, every change of membership reads the group and them again.
  const { reload: reloadGroup } = loaded;
  useEffect(() => {
    if (!showsMembers) return;
    return watchGroupMembers(slug, () => {
      setEdited(null);
      reloadGroup();
      setMembersVersion((version) => version + 1);
    });
  }, [showsMembers, slug, reloadGroup]);

  if (notFound) {
    return (
      <div className="page page-centered">
        <h1>No such group</h1>
        <p>There is no group at this address. It may have been renamed.</p>
        <Link className="button button-primary" to={PATHS.groups}>
          See groups
        </Link>
      </div>
    );
  }
  if (loaded.failure) {
    return (
      <div className="page">
        <h1>Group</h1>
        <ErrorState failure={loaded.failure} onRetry={loaded.reload} />
      </div>
    );
  }
  if (!group) {
    return (
      <div className="page">
        <h1>Group</h1>
        <LoadingState label="Loading the group…" />
      </div>
    );
  }
  return (
    <div className="page group-page">
      <div className="group-header">
        <img src={mediaUrl(group.image)} alt="" width={96} height={96} className="group-picture group-header-picture" />
        <div className="group-header-text">
          <h1>{group.name}</h1>
          <p className="muted">
            {group.visibility === 'private' ? 'Private group' : 'Public group'} · {group.members} member
            {group.members === 1 ? '' : 's'} · since {formatDate(group.createdAt)}
          </p>
          {group.description && <p className="group-description">{group.description}</p>}
        </div>
        <div className="group-header-actions">
          {user ? (
            <GroupJoinButtons group={group} onChanged={reload} />
          ) : (
            <Link
              className="button button-primary"
              to={`${PATHS.login}?redi=${encodeURIComponent(window.location.pathname + window.location.search)}`}
            >
              Log in to join
            </Link>
          )}
          {group.canManage && (
            <button type="button" className="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {editing ? 'Close editing' : 'Edit group'}
            </button>
          )}
        </div>
      </div>
      {group.canManage && editing && (
        <section aria-label="Edit the group" className="group-edit">
          <GroupForm
            group={group}
            submitLabel="Save changes"
            send={(payload) => api.request<GroupAnswer>({ method: 'PUT', path: groupApiPath(group.slug), json: payload })}
            onSaved={(saved) => {
              setEdited(saved);
              setEditing(false);
            }}
          />
          {group.viewer?.role === 'owner' && <DeleteGroupButton group={group} />}
        </section>
      )}
      <GroupTabs slug={group.slug} current={tab} />
      {!group.canSeeContent ? (
        <p className="group-private-note">This group is private: only its members see its posts and members.</p>
      ) : tab === 'posts' ? (
        <>
          <h2 className="visually-hidden">Posts in {group.name}</h2>
          <Feed source={{ kind: 'group', slug: group.slug }} label={`Posts in ${group.name}`} />
        </>
      ) : (
        <>
          <GroupMembers group={group} viewerId={user?.id ?? null} version={membersVersion} />
          {group.canManage && <GroupInvites slug={group.slug} />}
        </>
      )}
    </div>
  );
}
