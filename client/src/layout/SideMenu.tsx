import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { MENU_BREAKPOINT_PX } from '@shared/constants/layout.js';
import { PATHS } from '@shared/routing/routes.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { NotificationBell } from '../notifications/NotificationBell.js';
import { CreditCount } from '../realtime/CreditCount.js';
import { userAtom } from '../session/userAtom.js';
import { BrandHeader } from './BrandHeader.js';
import { menuStateAtom } from './menuStateAtom.js';
import { profileBoxOpenAtom } from './profileBoxOpenAtom.js';
import { useIsNarrow } from './useIsNarrow.js';
import { useMenuTop } from './useMenuTop.js';

const MENU_LINKS = [
  { to: PATHS.home, label: 'Dashboard', icon: '▦', end: true },
  { to: PATHS.campaigns, label: 'Campaigns', icon: '✎', end: false },
  { to: PATHS.earnCredits, label: 'Earn Credits', icon: '★', end: false },
  { to: PATHS.detailedStats, label: 'Detailed Stats', icon: '▤', end: false },
  { to: PATHS.settings, label: 'Settings', icon: '⚙', end: false },
];

/**
 * The member's header and side menu. On desktop the menu is a rail that opens while hovered
 * (or focused, for keyboards); under 768 px it is hidden and the menu button opens it.
 */
export function SideMenu() {
  const user = useAtomValue(userAtom);
  const [state, setState] = useAtom(menuStateAtom);
  const [profileOpen, setProfileOpen] = useAtom(profileBoxOpenAtom);
  const narrow = useIsNarrow(MENU_BREAKPOINT_PX);
  const location = useLocation();
  const top = useMenuTop(location.pathname.startsWith(PATHS.earnCredits));
  const menuId = useId();
  const profileId = useId();

  useEffect(() => {
    setState('closed');
    setProfileOpen(false);
  }, [location.pathname, setState, setProfileOpen]);

  useEffect(() => {
    if (state !== 'click-open') return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setState('closed');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, setState]);

  if (!user) return null;
  const open = state !== 'closed';
  const openByHover = () => !narrow && state === 'closed' && setState('hover-open');
  const closeHover = () => state === 'hover-open' && setState('closed');

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
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <BrandHeader to={PATHS.home} />
        <div className="member-header-end">
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
        onMouseEnter={openByHover}
        onMouseLeave={closeHover}
        onFocus={openByHover}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node) && closeHover()}
      >
        <div className="side-menu-profile">
          <button
            type="button"
            className="profile-button"
            aria-expanded={profileOpen}
            aria-controls={profileId}
            onClick={() => setProfileOpen(!profileOpen)}
          >
            <img src={mediaUrl(user.image)} alt="" width={36} height={36} className="avatar" />
            <span className="side-menu-label">{user.first_name}</span>
          </button>
          {profileOpen && (
            <div id={profileId} className="profile-box">
              <Link to={PATHS.profile}>View profile</Link>
              <Link to={PATHS.logout}>Log out</Link>
            </div>
          )}
        </div>
        <ul className="side-menu-links">
          {MENU_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="side-menu-link">
                <span className="side-menu-icon" aria-hidden="true">
                  {link.icon}
                </span>
                <span className="side-menu-label">{link.label}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={PATHS.logout} className="side-menu-link">
              <span className="side-menu-icon" aria-hidden="true">
                ⎋
              </span>
              <span className="side-menu-label">Logout</span>
            </NavLink>
          </li>
        </ul>
      </nav>
    </>
  );
}
