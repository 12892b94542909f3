import { Link } from 'react-router-dom';
import { TEAM_ROLE_LABELS, type MultiAccount } from '@shared/teams/teams.js';
import { plural } from '../campaigns/campaignStatus.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { teamPagePath } from './teamPaths.js';
import { activeMemberCount } from './teamSession.js';

/** One of the member's teams: picture, name (to its page), the member's role, its members and credits. */
export function TeamCard({ team, current }: { team: MultiAccount; current: boolean }) {
  const members = activeMemberCount(team.members);
  return (
    <li className="team-card" data-testid="team-card">
      <img src={mediaUrl(team.image)} alt="" width={56} height={56} className="team-picture" />
      <div className="team-card-text">
        <Link to={teamPagePath(team.id)} className="team-card-name">
          {team.name}
        </Link>
        {current && <span className="badge">Current</span>}
        <p className="muted">
          Your role: {TEAM_ROLE_LABELS[team.role]} · {plural(members, 'active member')} · {plural(team.credits, 'credit')}
        </p>
      </div>
    </li>
  );
}
