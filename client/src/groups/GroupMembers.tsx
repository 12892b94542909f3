import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import {
  groupApiPath,
  groupPath,
  type GroupAnswer,
  type GroupMemberItem,
  type GroupMembersAnswer,
  type GroupModerationAction,
  type GroupRole,
} from '@shared/groups/groups.js';
import { memberProfilePath } from '@shared/people/people.js';
import { api } from '../api/api.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { Pager } from '../referrals/Pager.js';
import '../referrals/referrals.css';
import { roleLabel } from './groupLabels.js';
import { pageParam } from '../routing/pageParam.js';

type Change = { action: GroupModerationAction } | { role: GroupRole };

/**
 * The group's members with their roles; for its owners and moderators also the requests to
 * answer, the bans to lift, and what they may do to each member (the server checks every one).
 */
export function GroupMembers({
  group,
  viewerId,
  version,
}: {
  group: GroupAnswer;
  viewerId: number | null;
  /** Bumped when the membership changed elsewhere: the list is read again, the shown one kept meanwhile. */
  version: number;
}) {
  const page = pageParam(useLocation().search);
  const members = useApiData<GroupMembersAnswer>(groupApiPath(group.slug, `/members?page=${page}`));
  const [answer, setAnswer] = useState<GroupMembersAnswer | null>(null);
  const [readVersion, setReadVersion] = useState(version);
  if (readVersion !== version) {
    setReadVersion(version);
    setAnswer(null);
    members.reload();
  }
  const [problem, setProblem] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const shown = (answer?.page === page ? answer : null) ?? members.data;
  const viewerRole = group.viewer?.status === 'active' ? group.viewer.role : null;

  const change = async (userId: number, what: Change) => {
    if (busy) return;
    setBusy(true);
    setProblem([]);
    const result = await api.request<GroupMembersAnswer>(
      'role' in what
        ? { method: 'PUT', path: groupApiPath(group.slug, `/members/${userId}/role`), json: { role: what.role } }
        : { method: 'POST', path: groupApiPath(group.slug, `/members/${userId}/${what.action}`) },
    );
    setBusy(false);
    if (isSuccess(result.status) && result.data) {
      // The answer is the first page; another page is read again.
      setAnswer(result.data);
      if (page !== 1) members.reload();
    } else setProblem(errorsOrFallback(result.errors, result.status));
  };

  if (members.failure)
    return <ErrorState failure={members.failure} onRetry={members.reload} title="The members could not be loaded" />;
  if (!shown) return <LoadingState label="Loading the members…" />;
  const row = (item: GroupMemberItem, actions: ReactNode) => (
    <li key={item.user.id} className="group-member">
      <img src={mediaUrl(item.user.image)} alt="" width={40} height={40} className="avatar" />
      <div className="group-member-names">
        <Link to={memberProfilePath(item.user.username)}>{item.user.first_name}</Link>{' '}
        <span className="muted">@{item.user.username}</span>
        <span className={`group-role group-role-${item.role}`}>{roleLabel(item.role)}</span>
      </div>
      {actions && <div className="group-member-actions">{actions}</div>}
    </li>
  );
  const button = (label: string, userId: number, what: Change, name?: string) => (
    <button
      type="button"
      className="button button-small"
      aria-disabled={busy || undefined}
      aria-label={name ? `${label}: ${name}` : undefined}
      onClick={() => void change(userId, what)}
    >
      {label}
    </button>
  );
  const actionsFor = (item: GroupMemberItem) => {
    if (!viewerRole || viewerRole === 'member' || item.user.id === viewerId) return null;
    const name = item.user.username;
    const outranks = item.role !== 'owner' && (viewerRole === 'owner' || item.role === 'member');
    return (
      <>
        {viewerRole === 'owner' && item.role === 'member' && button('Make moderator', item.user.id, { role: 'moderator' }, name)}
        {viewerRole === 'owner' && item.role === 'moderator' && button('Make member', item.user.id, { role: 'member' }, name)}
        {viewerRole === 'owner' && item.role !== 'owner' && button('Make owner', item.user.id, { role: 'owner' }, name)}
        {outranks && button('Remove', item.user.id, { action: 'remove' }, name)}
        {outranks && button('Ban', item.user.id, { action: 'ban' }, name)}
      </>
    );
  };
  const self = shown.members.find((item) => item.user.id === viewerId);
  return (
    <div className="group-members">
      <FormAlert errors={problem} />
      {shown.requests && shown.requests.length > 0 && (
        <section aria-labelledby="group-requests-heading">
          <h2 id="group-requests-heading" className="section-heading">
            Requests to join
          </h2>
          <ul className="group-member-list">
            {shown.requests.map((item) =>
              row(
                item,
                <>
                  {button('Accept', item.user.id, { action: 'accept' }, item.user.username)}
                  {button('Decline', item.user.id, { action: 'decline' }, item.user.username)}
                  {button('Ban', item.user.id, { action: 'ban' }, item.user.username)}
                </>,
              ),
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="group-members-heading">
        <h2 id="group-members-heading" className="section-heading">
          Members ({shown.total})
        </h2>
        {shown.members.length > 0 ? (
          <ul className="group-member-list">{shown.members.map((item) => row(item, actionsFor(item)))}</ul>
        ) : (
          <EmptyState title="No members on this page." />
        )}
        <Pager
          page={shown.page}
          pages={shown.pages}
          pathFor={(n) => `${groupPath(group.slug, 'members')}&page=${n}`}
          label="Member pages"
        />
        {self?.role === 'owner' && (
          <p className="field-hint">
            To hand the group over, make another member an owner, then{' '}
            {button('step down to moderator', self.user.id, { role: 'moderator' })}.
          </p>
        )}
      </section>
      {shown.banned && shown.banned.length > 0 && (
        <section aria-labelledby="group-banned-heading">
          <h2 id="group-banned-heading" className="section-heading">
            Banned
          </h2>
          <ul className="group-member-list">
            {shown.banned.map((item) => row(item, button('Unban', item.user.id, { action: 'unban' }, item.user.username)))}
          </ul>
        </section>
      )}
    </div>
  );
}
