import { useAtom, useAtomValue } from 'jotai';
import { ChartColumn, Coins, LayoutDashboard, LogOut, type LucideIcon, Megaphone, Menu, Settings, Users } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { MENU_BREAKPOINT_PX } from '@shared/constants/layout.js';
import { PATHS } from '@shared/routing/routes.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { NotificationBell } from '../notifications/NotificationBell.js';
import { CreditCount } from '../realtime/CreditCount.js';
import { userAtom } from '../sessions/userAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { teamPagePath } from '../teams/teamPaths.js';
import { TeamSwitcher } from '../teams/TeamSwitcher.js';
import { BrandHeader } from './BrandHeader.js';
import { menuStateAtom } from './menuStateAtom.js';
import { profileBoxOpenAtom } from './profileBoxOpenAtom.js';
import { useIsNarrow } from './useIsNarrow.js';
import { useMenuTop } from './useMenuTop.js';

interface MenuLink {
  to: string;
  label: string;
  Icon: LucideIcon;
  end: boolean;
}

const MENU_LINKS: readonly MenuLink[] = [
  { to: PATHS.home, label: 'Dashboard', Icon: LayoutDashboard, end: true },
  { to: PATHS.campaigns, label: 'Campaigns', Icon: Megaphone, end: false },
  { to: PATHS.earnCredits, label: 'Earn Credits', Icon: Coins, end: false },
  { to: PATHS.detailedStats, label: 'Detailed Stats', Icon: ChartColumn, end: false },
  { to: PATHS.settings, label: 'Settings', Icon: Settings, end: false },
  { to: PATHS.logout, label: 'Logout', Icon: LogOut, end: false },
];

/**
 * How long the pointer rests on the closed rail before it opens: passing over the rail on the way
 * elsewhere leaves it closed, and a short stop on an icon shows just that entry's name.
 */
const HOVER_OPEN_DELAY_MS = 300;

/**
 * The member's header and side menu. On desktop the menu is a rail of icons that opens while
 * hovered; while it is closed, the hovered or keyboard-focused entry shows its name beside the
 * rail (the entry's own label, so it stays the link's accessible name). Under 768 px the menu
 * is off screen, out of the tab order, until the menu button opens it.
 */
export function SideMenu() {
  const user = useAtomValue(userAtom);
  const team = useAtomValue(currentTeamAtom);
  const [state, setState] = useAtom(menuStateAtom);
  const [profileOpen, setProfileOpen] = useAtom(profileBoxOpenAtom);
  const narrow = useIsNarrow(MENU_BREAKPOINT_PX);
  const location = useLocation();
  const top = useMenuTop(location.pathname.startsWith(PATHS.earnCredits));
  const menuId = useId();
  const profileId = useId();
  const hoverTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    window.clearTimeout(hoverTimer.current);
    setState('closed');
    setProfileOpen(false);
  }, [location.pathname, setState, setProfileOpen]);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  useEffect(() => {
    if (state !== 'click-open') return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setState('closed');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, setState]);

  if (!user) return null;
  const open = state !== 'closed';
  const openAfterHover = () => {
    if (narrow || state !== 'closed') return;
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(
      () => setState((current) => (current === 'closed' ? 'hover-open' : current)),
      HOVER_OPEN_DELAY_MS,
    );
  };
  const closeHover = () => {
    window.clearTimeout(hoverTimer.current);
    if (state === 'hover-open') setState('closed');
  };
  const toggleProfile = () => {
    setProfileOpen(!profileOpen);
    // The box has no room in the closed rail: opening it opens the rail until pointer and focus leave.
    if (!profileOpen && !narrow && state === 'closed') setState('hover-open');
  };

  return (
    <>
      <header className="member-header">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setState(state === 'click-open' ? 'closed' : 'click-open')}
        >
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
              <span className="team-chip-name">{team.name}</span>
            </Link>
          )}
          <CreditCount />
          <NotificationBell />
        </div>
      </header>
      {narrow && state === 'click-open' && <div className="menu-scrim" onClick={() => setState('closed')} aria-hidden="true" />}
      <nav
        id={menuId}
        aria-label="Main"
        className={`side-menu side-menu-${state} ${narrow ? 'side-menu-narrow' : ''}`}
        style={{ top }}
        inert={narrow && state !== 'click-open'}
        onMouseEnter={openAfterHover}
        onMouseLeave={closeHover}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node) && closeHover()}
      >
        <div className="side-menu-profile">
          <button
            type="button"
            className="profile-button"
            aria-expanded={profileOpen}
            aria-controls={profileId}
            onClick={toggleProfile}
          >
            <img src={mediaUrl(user.image)} alt="" width={36} height={36} className="avatar" />
            <span className="side-menu-label">{user.first_name}</span>
          </button>
          {profileOpen && (
            <div id={profileId} className="profile-box">
              <Link to={PATHS.profile}>View profile</Link>
              <Link to={PATHS.logout}>Log out</Link>
              <TeamSwitcher className="team-switcher-menu" />
            </div>
          )}
        </div>
        <ul className="side-menu-links">
          {MENU_LINKS.map(({ to, label, Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className="side-menu-link">
                <span className="side-menu-icon">
                  <Icon aria-hidden="true" size={20} />
                </span>
                <span className="side-menu-label">{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
