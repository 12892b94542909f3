import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import {
  TEAM_ROLE_LABELS,
  TEAM_TABS,
  teamApiPath,
  teamRoleAllows,
  type TeamDetail,
  type TeamPermission,
  type TeamTab,
} from '@shared/teams/teams.js';
import { plural } from '../campaigns/campaignStatus.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { TabLinks } from '../tabs/TabLinks.js';
import { currentTeamAtom } from './currentTeamAtom.js';
import { switchTeam } from './switchTeam.js';
import { TeamAuditTab } from './TeamAuditTab.js';
import { TeamCreditsTab } from './TeamCreditsTab.js';
import { TeamMembersTab } from './TeamMembersTab.js';
import { teamPagePath } from './teamPaths.js';
import { TeamSettingsTab } from './TeamSettingsTab.js';
import { useTeamData } from './useTeamData.js';

const TAB_LABELS: Record<TeamTab, string> = { members: 'Members', credits: 'Credits', audit: 'Audit', settings: 'Settings' };
/** A tab shown only to roles with this permission (the server refuses the rest anyway). */
const TAB_PERMISSION: Partial<Record<TeamTab, TeamPermission>> = { audit: 'read_audit' };

const isTeamTab = (tab: string): tab is TeamTab => (TEAM_TABS as readonly string[]).includes(tab);

/** A team's page: its header (with a way to act as it) and the tabs its member's role may see. */
export function TeamSection({ teamId, tab }: { teamId: number; tab: string }) {
  const loaded = useTeamData<TeamDetail>(teamApiPath(teamId));
  const [changed, setChanged] = useState<{ version: number; team: TeamDetail } | null>(null);
  const current = useAtomValue(currentTeamAtom);
  const [switching, setSwitching] = useState(false);
  // A change this tab made shows at once; a later change signalled by the server reads the team again.
  const team = (changed?.version === loaded.version ? changed.team : null) ?? loaded.data;
  const update = (next: TeamDetail) => setChanged({ version: loaded.version, team: next });

  if (loaded.failure && !team) {
    return (
      <>
        <ErrorState failure={loaded.failure} onRetry={loaded.reload} title="This team could not be opened" />
        <Link to={PATHS.settingsMultiAccounts}>See your teams</Link>
      </>
    );
  }
  if (!team) return <LoadingState label="Loading the team…" />;

  const visibleTabs = TEAM_TABS.filter((name) => {
    const needed = TAB_PERMISSION[name];
    return !needed || teamRoleAllows(team.role, needed);
  });
  if (!isTeamTab(tab) || !visibleTabs.includes(tab)) return <Navigate replace to={teamPagePath(team.id)} />;

  const actAs = async () => {
    if (switching) return;
    setSwitching(true);
    await switchTeam(team.id);
    setSwitching(false);
  };
  const isCurrent = current?.id === team.id;
  return (
    <section aria-labelledby="team-heading" className="team-section">
      <p className="team-back">
        <Link to={PATHS.settingsMultiAccounts}>All your teams</Link>
      </p>
      <div className="team-header">
        <img src={mediaUrl(team.image)} alt="" width={72} height={72} className="team-picture team-header-picture" />
        <div className="team-header-text">
          <h2 id="team-heading">{team.name}</h2>
          <p className="muted">
            Your role: {TEAM_ROLE_LABELS[team.role]} · <span data-testid="team-credits">{plural(team.credits, 'credit')}</span>
          </p>
        </div>
        <div className="team-actions">
          {isCurrent ? (
            <>
              <span className="badge">You act as this team</span>
              <button type="button" className="button button-small" onClick={() => void switchTeam(null)}>
                Act as yourself
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-primary button-small"
              aria-disabled={switching || undefined}
              onClick={() => void actAs()}
            >
              {switching ? 'Switching…' : 'Act as this team'}
            </button>
          )}
        </div>
      </div>
      <TabLinks
        label="Team sections"
        tabs={visibleTabs.map((name) => ({ to: teamPagePath(team.id, name), label: TAB_LABELS[name] }))}
      />
      {tab === 'members' && <TeamMembersTab team={team} onChange={update} />}
      {tab === 'credits' && <TeamCreditsTab team={team} onChange={update} />}
      {tab === 'audit' && <TeamAuditTab team={team} version={loaded.version} />}
      {tab === 'settings' && <TeamSettingsTab team={team} onChange={update} />}
    </section>
  );
}
