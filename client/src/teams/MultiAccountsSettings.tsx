import { Link, Navigate, useParams } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { TEAM_INVITE_PAGE_SEGMENT } from '@shared/teams/teams.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { teamPagePath } from './teamPaths.js';
import { TeamSection } from './TeamSection.js';
import { TeamsOverviewSection } from './TeamsOverviewSection.js';
import './teams.css';

/** A team id as the address spells it: a positive whole number that PostgreSQL's integer holds. */
function teamIdOf(segment: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * /settings/multiAccounts and below: the overview and a team's tabs (`:team/:teamTab`, the
 * members tab when none is named). The invitation link (`invite/:token`) has a screen of its own.
 */
export function MultiAccountsSettings() {
  const { team, teamTab } = useParams();
  if (team === undefined) return <TeamsOverviewSection />;
  if (team === TEAM_INVITE_PAGE_SEGMENT) return <Navigate replace to={PATHS.settingsMultiAccounts} />;
  const teamId = teamIdOf(team);
  if (teamId === null) {
    return (
      <EmptyState title="There is no such team.">
        <Link to={PATHS.settingsMultiAccounts}>See your teams</Link>
      </EmptyState>
    );
  }
  if (!teamTab) return <Navigate replace to={teamPagePath(teamId)} />;
  return <TeamSection teamId={teamId} tab={teamTab} />;
}
