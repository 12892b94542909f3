import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { TEAM_ROLE_LABELS, teamApiPath, type TeamDetail, type TeamInvitation } from '@shared/teams/teams.js';
import { api } from '../api/api.js';
import { reloadSession } from '../boot/sessionReload.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { formatDateTime } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { teamPagePath } from './teamPaths.js';

/** Teams that invited the member: accept (the member becomes active with the offered role) or decline. */
export function TeamInvitations({ invitations, onAnswered }: { invitations: TeamInvitation[]; onAnswered: () => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const [joined, setJoined] = useState<TeamDetail | null>(null);

  const answer = async (invitation: TeamInvitation, accept: boolean) => {
    if (busy !== null) return;
    setBusy(invitation.team.id);
    setProblem([]);
    const result = await api.request<TeamDetail>({
      method: 'POST',
      path: teamApiPath(invitation.team.id, accept ? '/accept' : '/decline'),
    });
    setBusy(null);
    if (!isSuccess(result.status)) {
      setProblem(errorsOrFallback(result.errors, result.status));
      onAnswered();
      return;
    }
    setJoined(accept ? result.data : null);
    await reloadSession();
    onAnswered();
  };

  return (
    <section aria-labelledby="team-invitations-heading">
      <h2 id="team-invitations-heading" className="section-heading">
        Invitations
      </h2>
      <FormAlert errors={problem} />
      <p role="status" className="form-status">
        {joined && (
          <>
            You joined {joined.name}. <Link to={teamPagePath(joined.id)}>Open the team</Link>
          </>
        )}
      </p>
      {invitations.length === 0 ? (
        <p className="muted">No team is waiting for your answer.</p>
      ) : (
        <ul className="team-list">
          {invitations.map((invitation) => (
            <li key={invitation.team.id} className="team-card" data-testid="team-invitation">
              <img src={mediaUrl(invitation.team.image)} alt="" width={56} height={56} className="team-picture" />
              <div className="team-card-text">
                <span className="team-card-name">{invitation.team.name}</span>
                <p className="muted">
                  As {TEAM_ROLE_LABELS[invitation.role].toLowerCase()}
                  {invitation.invitedBy && <> · invited by @{invitation.invitedBy.username}</>} · answer before{' '}
                  {formatDateTime(invitation.expiresAt)}
                </p>
              </div>
              <div className="team-actions">
                <button
                  type="button"
                  className="button button-primary button-small"
                  aria-label={`Accept the invitation of ${invitation.team.name}`}
                  aria-disabled={busy !== null || undefined}
                  onClick={() => void answer(invitation, true)}
                >
                  {busy === invitation.team.id ? 'Answering…' : 'Accept'}
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Decline the invitation of ${invitation.team.name}`}
                  aria-disabled={busy !== null || undefined}
                  onClick={() => void answer(invitation, false)}
                >
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
