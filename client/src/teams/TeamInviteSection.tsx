import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { PATHS } from '@shared/routing/routes.js';
import {
  TEAM_INVITE_TOKEN_PATTERN,
  TEAM_ROLE_LABELS,
  teamInviteApiPath,
  type TeamDetail,
  type TeamInvitePreview,
} from '@shared/teams/teams.js';
import { api } from '../api/api.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { useApiData } from '../api/useApiData.js';
import { reloadSession } from '../boot/sessionReload.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { formatDateTime } from '../format/dates.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { teamPagePath } from './teamPaths.js';

/**
 * The page a team invitation mail links to: the team and role offered, to accept or decline.
 * The link is single-use and expires; it works only for the invited account.
 */
export function TeamInviteSection({ token }: { token: string }) {
  const wellFormed = TEAM_INVITE_TOKEN_PATTERN.test(token);
  const preview = useApiData<TeamInvitePreview>(wellFormed ? teamInviteApiPath(token) : null);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const [declined, setDeclined] = useState(false);

  const answer = async (accept: boolean) => {
    if (busy) return;
    setBusy(true);
    setProblem([]);
    const result = await api.request<TeamDetail | null>({
      method: 'POST',
      path: teamInviteApiPath(token, accept ? '/accept' : '/decline'),
    });
    setBusy(false);
    if (!isSuccess(result.status)) {
      setProblem(errorsOrFallback(result.errors, result.status));
      return;
    }
    await reloadSession();
    if (accept && result.data) navigate(teamPagePath(result.data.id));
    else setDeclined(true);
  };

  const back = <Link to={PATHS.settingsMultiAccounts}>See your teams and invitations</Link>;
  const failure = wellFormed ? preview.failure : { status: 404, errors: [] };
  if (failure) {
    const otherAccount = hasErrorCode(failure.errors, ErrorCode.TeamInviteOtherAccount);
    return (
      <div>
        {otherAccount ? (
          <div className="error-state" role="alert">
            <p className="error-state-title">This invitation is for another account</p>
            <p>
              Log in as the account the invitation was sent to, then open the link again.{' '}
              <Link to={PATHS.loginMulti}>Switch accounts</Link>
            </p>
          </div>
        ) : !wellFormed || hasErrorCode(failure.errors, ErrorCode.LinkInvalid, ErrorCode.NotFound) ? (
          <div className="error-state" role="alert">
            <p className="error-state-title">This invitation link can no longer be used</p>
            <p>It was used already, it expired, or it was cancelled. Ask the team&apos;s owner to invite you again.</p>
          </div>
        ) : (
          <ErrorState failure={failure} onRetry={preview.reload} title="The invitation could not be loaded" />
        )}
        <p>{back}</p>
      </div>
    );
  }
  if (!preview.data) {
    return (
      <div>
        <LoadingState label="Checking the invitation…" />
      </div>
    );
  }
  const invitation = preview.data;
  return (
    <div>
      <div className="team-header">
        <img src={mediaUrl(invitation.team.image)} alt="" width={72} height={72} className="team-picture team-header-picture" />
        <div className="team-header-text">
          <h2 className="team-invite-name">{invitation.team.name}</h2>
          <p className="muted">
            {invitation.invitedBy ? `@${invitation.invitedBy.username} invites you` : 'You are invited'} to join as{' '}
            {TEAM_ROLE_LABELS[invitation.role].toLowerCase()}. Answer before {formatDateTime(invitation.expiresAt)}.
          </p>
        </div>
      </div>
      <FormAlert errors={problem} />
      {declined ? (
        <p role="status">You declined the invitation. {back}</p>
      ) : (
        <div className="team-actions">
          <button
            type="button"
            className="button button-primary"
            aria-disabled={busy || undefined}
            onClick={() => void answer(true)}
          >
            {busy ? 'Answering…' : 'Accept and join'}
          </button>
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void answer(false)}>
            Decline
          </button>
        </div>
      )}
    </div>
  );
}
