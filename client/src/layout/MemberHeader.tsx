import { useAtomValue } from 'jotai';
import { Menu, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { NotificationBell } from '../notifications/NotificationBell.js';
import { CreditCount } from '../realtime/CreditCount.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { teamPagePath } from '../teams/teamPaths.js';
import { BrandHeader } from './BrandHeader.js';

/**
 * The member's header: the menu button (phones), the logo, and at the end whose balance it is
 * (a "Team …" badge while acting for a team), the balance and the notifications bell. Everything
 * stays on one row down to 375 px: on phones the logo shrinks to its mark and the team's name
 * is shortened with an ellipsis (its full name is the badge's title and accessible name).
 */
export function MemberHeader({
  menuId,
  menuOpen,
  onToggleMenu,
}: {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const team = useAtomValue(currentTeamAtom);
  return (
    <header className="member-header">
      <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls={menuId} onClick={onToggleMenu}>
        <Menu aria-hidden="true" size={22} />
        <span className="visually-hidden">Menu</span>
      </button>
      <BrandHeader to={PATHS.home} />
      <div className="member-header-end">
        {team && (
          <Link
            to={teamPagePath(team.id)}
            className="team-chip"
            aria-label={`Acting for the team ${team.name}`}
            title={`Acting for the team ${team.name}`}
          >
            <Users aria-hidden="true" size={16} />
            <span className="team-chip-name">Team {team.name}</span>
          </Link>
        )}
        <CreditCount />
        <NotificationBell />
      </div>
    </header>
  );
}
