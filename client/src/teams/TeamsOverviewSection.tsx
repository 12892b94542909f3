import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { TEAM_ENDPOINTS, type TeamDetail, type TeamsOverview } from '@shared/teams/teams.js';
import { api } from '../api/api.js';
import { reloadSession } from '../boot/sessionReload.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { currentTeamAtom } from './currentTeamAtom.js';
import { TeamCard } from './TeamCard.js';
import { TeamForm } from './TeamForm.js';
import { TeamInvitations } from './TeamInvitations.js';
import { teamPagePath } from './teamPaths.js';
import { teamsByName } from './teamSession.js';
import { TeamSwitcher } from './TeamSwitcher.js';
import { useTeamData } from './useTeamData.js';

/** /settings/multiAccounts: who this tab acts for, the member's teams, invitations to answer, a new team. */
export function TeamsOverviewSection() {
  const overview = useTeamData<TeamsOverview>(TEAM_ENDPOINTS.teams);
  const current = useAtomValue(currentTeamAtom);
  const navigate = useNavigate();

  const created = async (team: TeamDetail) => {
    await reloadSession();
    navigate(teamPagePath(team.id));
  };

  return (
    <>
      <section aria-labelledby="teams-heading">
        <h2 id="teams-heading" className="section-heading">
          Multi accounts
        </h2>
        <p className="muted">
          A team is an advertiser account several members run together, with its own credits, campaigns and stats. Act as a team
          to run its campaigns; Earn Credits always earns for you.
        </p>
        <TeamSwitcher label="Act as" className="team-switcher-page" />
      </section>
      {overview.failure ? (
        <ErrorState failure={overview.failure} onRetry={overview.reload} title="Your teams could not be loaded" />
      ) : !overview.data ? (
        <LoadingState label="Loading your teams…" />
      ) : (
        <>
          <section aria-labelledby="my-teams-heading" aria-busy={overview.loading || undefined}>
            <h2 id="my-teams-heading" className="section-heading">
              Your teams
            </h2>
            {Object.keys(overview.data.teams).length > 0 ? (
              <ul className="team-list">
                {teamsByName(overview.data.teams).map((team) => (
                  <TeamCard key={team.id} team={team} current={team.id === current?.id} />
                ))}
              </ul>
            ) : (
              <EmptyState title="You are in no team yet.">
                <p>Create one below, or accept an invitation.</p>
              </EmptyState>
            )}
          </section>
          <TeamInvitations invitations={overview.data.invitations} onAnswered={overview.reload} />
        </>
      )}
      <section aria-labelledby="create-team-heading">
        <h2 id="create-team-heading" className="section-heading">
          Create a team
        </h2>
        <TeamForm
          team={null}
          submitLabel="Create team"
          send={(payload) => api.request<TeamDetail>({ method: 'POST', path: TEAM_ENDPOINTS.teams, json: payload })}
          onSaved={(team) => void created(team)}
        />
      </section>
    </>
  );
}
