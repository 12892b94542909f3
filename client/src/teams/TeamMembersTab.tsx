import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import {
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  teamApiPath,
  teamRoleAllows,
  type TeamDetail,
  type TeamInvitedMember,
  type TeamMember,
  type TeamRole,
} from '@shared/teams/teams.js';
import type { ApiRequest } from '../api/apiClient.js';
import { api } from '../api/api.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { reloadSession } from '../boot/sessionReload.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { formatDate, formatDateTime } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { TeamInviteForm } from './TeamInviteForm.js';
import { activeMembersInOrder, invitedMembersInOrder, ownerCount } from './teamSession.js';

/**
 * The team's active members with their roles and, listed apart, the invitations not answered
 * yet. An owner changes roles, removes members, hands the ownership over and cancels
 * invitations; everyone else sees the lists.
 */
export function TeamMembersTab({ team, onChange }: { team: TeamDetail; onChange: (team: TeamDetail) => void }) {
  const viewerId = useAtomValue(userAtom)?.id ?? null;
  const openModal = useSetAtom(openModalAtom);
  const closeModal = useSetAtom(closeModalAtom);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const manages = teamRoleAllows(team.role, 'manage_members');

  const run = async (request: ApiRequest) => {
    if (busy) return;
    setBusy(true);
    setProblem([]);
    const result = await api.request<TeamDetail>(request);
    setBusy(false);
    if (isSuccess(result.status) && result.data) {
      onChange(result.data);
      // The member's own role may have changed: the switcher and what the screens offer follow.
      void reloadSession();
    } else setProblem(errorsOrFallback(result.errors, result.status));
  };

  const confirm = (id: string, header: string, body: ReactNode, action: string, request: ApiRequest) =>
    openModal({
      id,
      header,
      body,
      footer: (
        <>
          <button type="button" className="button" onClick={() => closeModal({ id })}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              closeModal({ id });
              void run(request);
            }}
          >
            {action}
          </button>
        </>
      ),
    });

  const setRole = (member: TeamMember, role: TeamRole) =>
    void run({ method: 'PUT', path: teamApiPath(team.id, `/members/${member.uid}/role`), json: { role } });
  const remove = (member: TeamMember) =>
    confirm(
      `team-remove-${team.id}-${member.uid}`,
      `Remove ${member.first_name} from the team?`,
      <p>
        @{member.username} stops acting for {team.name} at once, in every open tab. You can invite them again later.
      </p>,
      'Remove',
      { method: 'DELETE', path: teamApiPath(team.id, `/members/${member.uid}`) },
    );
  const transfer = (member: TeamMember) =>
    confirm(
      `team-transfer-${team.id}-${member.uid}`,
      `Make ${member.first_name} the owner?`,
      <p>
        @{member.username} becomes an owner of {team.name} and you become a manager: you will no longer manage its members.
      </p>,
      'Transfer ownership',
      { method: 'POST', path: teamApiPath(team.id, '/transfer'), json: { uid: member.uid } },
    );

  const button = (label: string, name: string, onClick: () => void) => (
    <button
      type="button"
      className="button button-small"
      aria-label={`${label}: ${name}`}
      aria-disabled={busy || undefined}
      onClick={onClick}
    >
      {label}
    </button>
  );
  const actionsFor = (member: TeamMember) => {
    if (!manages) return null;
    const name = `@${member.username}`;
    if (member.uid === viewerId) {
      // The last owner cannot step down (the server refuses it too): a team always keeps an owner.
      return member.role === 'owner' && ownerCount(team.members) > 1
        ? button('Step down to manager', name, () => setRole(member, 'manager'))
        : null;
    }
    return (
      <>
        {TEAM_ROLES.filter((role) => role !== member.role).map((role) => (
          <span key={role}>{button(`Make ${TEAM_ROLE_LABELS[role].toLowerCase()}`, name, () => setRole(member, role))}</span>
        ))}
        {member.role !== 'owner' && button('Transfer ownership', name, () => transfer(member))}
        {button('Remove', name, () => remove(member))}
      </>
    );
  };
  const cancelInvite = (invited: TeamInvitedMember) =>
    void run({ method: 'DELETE', path: teamApiPath(team.id, `/invites/${invited.uid}`) });

  const active = activeMembersInOrder(team.members);
  const invited = invitedMembersInOrder(team.members);
  return (
    <div className="team-members">
      <FormAlert errors={problem} />
      {hasErrorCode(problem, ErrorCode.LastOwner) && (
        <p className="field-hint">A team always keeps an owner: make another member an owner first.</p>
      )}
      <section aria-labelledby="team-active-heading">
        <h3 id="team-active-heading" className="section-heading">
          Active members ({active.length})
        </h3>
        <ul className="team-member-list">
          {active.map((member) => (
            <li key={member.uid} className="team-member" data-testid="team-member">
              <img src={mediaUrl(member.image)} alt="" width={40} height={40} className="avatar" />
              <div className="team-member-names">
                <strong>{member.first_name}</strong> <span className="muted">@{member.username}</span>
                {member.uid === viewerId && <span className="muted"> (you)</span>}
                <span className={`team-role team-role-${member.role}`}>{TEAM_ROLE_LABELS[member.role]}</span>
                <span className="team-member-since muted">since {formatDate(member.since)}</span>
              </div>
              {manages && <div className="team-actions">{actionsFor(member)}</div>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="team-invited-heading">
        <h3 id="team-invited-heading" className="section-heading">
          Invited ({invited.length})
        </h3>
        {invited.length === 0 ? (
          <EmptyState title="No invitation is waiting for an answer." />
        ) : (
          <ul className="team-member-list">
            {invited.map((member) => (
              <li key={member.uid} className="team-member" data-testid="team-invited">
                <img src={mediaUrl(member.image)} alt="" width={40} height={40} className="avatar" />
                <div className="team-member-names">
                  <strong>{member.first_name}</strong> <span className="muted">@{member.username}</span>
                  <span className={`team-role team-role-${member.role}`}>{TEAM_ROLE_LABELS[member.role]}</span>
                  <span className="team-member-since muted">
                    invited {formatDateTime(member.invitedAt)}, until {formatDateTime(member.expiresAt)}
                  </span>
                </div>
                {manages && (
                  <div className="team-actions">
                    {button('Cancel invitation', `@${member.username}`, () => cancelInvite(member))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {manages && <TeamInviteForm team={team} onInvited={onChange} />}
    </div>
  );
}
