import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { PATHS } from '@shared/routing/routes.js';
import { teamApiPath, teamRoleAllows, type TeamDetail } from '@shared/teams/teams.js';
import { api } from '../api/api.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { reloadSession } from '../boot/sessionReload.js';
import { errorsOrFallback, isSuccess } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { currentTeamAtom } from './currentTeamAtom.js';
import { switchTeam } from './switchTeam.js';
import { TeamForm } from './TeamForm.js';
import { teamPagePath } from './teamPaths.js';
import { ownerCount } from './teamSession.js';

/**
 * The team's name, picture and whether credits may be moved out (owners change them), and
 * leaving the team. A team always keeps an owner: its only owner is not offered to leave but
 * told to transfer ownership first; should the server still refuse (`last_owner`: another owner
 * left meanwhile), the tab says the same.
 */
export function TeamSettingsTab({ team, onChange }: { team: TeamDetail; onChange: (team: TeamDetail) => void }) {
  const current = useAtomValue(currentTeamAtom);
  const openModal = useSetAtom(openModalAtom);
  const closeModal = useSetAtom(closeModalAtom);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<ApiError[]>([]);
  const [saved, setSaved] = useState(false);
  const manages = teamRoleAllows(team.role, 'manage_members');
  const onlyOwner = team.role === 'owner' && ownerCount(team.members) <= 1;
  const transferFirst = (
    <p className="field-hint" data-testid="last-owner-hint">
      You are the team’s only owner, and a team always keeps one: transfer ownership first.{' '}
      <Link to={teamPagePath(team.id, 'members')}>Make another member an owner</Link> or transfer the ownership, then leave.
    </p>
  );

  const leave = async () => {
    setLeaving(true);
    setProblem([]);
    const result = await api.request<null>({ method: 'POST', path: teamApiPath(team.id, '/leave') });
    setLeaving(false);
    if (!isSuccess(result.status)) {
      setProblem(errorsOrFallback(result.errors, result.status));
      return;
    }
    if (current?.id === team.id) await switchTeam(null);
    else await reloadSession();
    navigate(PATHS.settingsMultiAccounts);
  };
  const confirmLeave = () => {
    if (leaving) return;
    const id = `team-leave-${team.id}`;
    openModal({
      id,
      header: `Leave ${team.name}?`,
      body: <p>You will no longer act for this team or see its campaigns and stats. An owner can invite you again.</p>,
      footer: (
        <>
          <button type="button" className="button" onClick={() => closeModal({ id })}>
            Stay
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              closeModal({ id });
              void leave();
            }}
          >
            Leave the team
          </button>
        </>
      ),
    });
  };

  return (
    <>
      <section aria-labelledby="team-settings-heading">
        <h3 id="team-settings-heading" className="section-heading">
          Team settings
        </h3>
        {manages ? (
          <>
            <TeamForm
              team={team}
              submitLabel="Save"
              send={(payload) => {
                setSaved(false);
                return api.request<TeamDetail>({ method: 'PUT', path: teamApiPath(team.id), json: payload });
              }}
              onSaved={(next) => {
                onChange(next);
                setSaved(true);
                void reloadSession();
              }}
            />
            <p role="status" className="form-status">
              {saved && 'Saved.'}
            </p>
          </>
        ) : (
          <dl className="team-facts">
            <div>
              <dt>Name</dt>
              <dd>{team.name}</dd>
            </div>
            <div>
              <dt>Moving credits out of the team</dt>
              <dd>{team.allowWithdraw ? 'Allowed for owners and managers' : 'Not allowed'}</dd>
            </div>
          </dl>
        )}
      </section>
      <section aria-labelledby="team-leave-heading" className="team-leave">
        <h3 id="team-leave-heading" className="section-heading">
          Leave the team
        </h3>
        {onlyOwner ? (
          transferFirst
        ) : (
          <>
            <FormAlert errors={problem} />
            {hasErrorCode(problem, ErrorCode.LastOwner) && transferFirst}
            <button type="button" className="button" aria-disabled={leaving || undefined} onClick={confirmLeave}>
              {leaving ? 'Leaving…' : 'Leave the team'}
            </button>
          </>
        )}
      </section>
    </>
  );
}
