import { useAtom, useAtomValue } from 'jotai';
import { ArrowLeftRight, Ellipsis, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MENU_BREAKPOINT_PX } from '@shared/constants/layout.js';
import { PATHS } from '@shared/routing/routes.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { userAtom } from '../sessions/userAtom.js';
import { TeamSwitcher } from '../teams/TeamSwitcher.js';
import { MemberHeader } from './MemberHeader.js';
import { MenuGroup } from './MenuGroup.js';
import { MenuLinkItem } from './MenuLinkItem.js';
import { ADMIN_MENU_LINK, isUnderOneOf, MORE_MENU_LINKS, PRIMARY_MENU_LINKS } from './menuLinks.js';
import { menuStateAtom } from './menuStateAtom.js';
import { profileBoxOpenAtom } from './profileBoxOpenAtom.js';
import { useIsNarrow } from './useIsNarrow.js';
import { useMenuTop } from './useMenuTop.js';

/**
 * How long the pointer rests on the closed rail before it opens: passing over the rail on the way
 * elsewhere leaves it closed, and a short stop on an icon shows just that entry's name.
 */
const HOVER_OPEN_DELAY_MS = 300;

/**
 * The member's header and side menu. The menu lists the five main pages first, then "More" (the
 * member's other pages, shown open while one of them is the current page), "Switch account" for
 * members of a team, "Admin" for administrators, and Logout. On desktop the menu is a rail of
 * icons that opens while hovered; while it is closed, the hovered or keyboard-focused entry shows
 * its name beside the rail (the entry's own label, so it stays the link's accessible name).
 * Under 768 px the menu is off screen, out of the tab order, until the menu button opens it.
 */
export function SideMenu() {
  const user = useAtomValue(userAtom);
  const [state, setState] = useAtom(menuStateAtom);
  const [profileOpen, setProfileOpen] = useAtom(profileBoxOpenAtom);
  const narrow = useIsNarrow(MENU_BREAKPOINT_PX);
  const location = useLocation();
  const top = useMenuTop(location.pathname.startsWith(PATHS.earnCredits));
  const onMorePage = isUnderOneOf(MORE_MENU_LINKS, location.pathname);
  const [moreOpen, setMoreOpen] = useState(onMorePage);
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const menuId = useId();
  const profileId = useId();
  const hoverTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    window.clearTimeout(hoverTimer.current);
    setState('closed');
    setProfileOpen(false);
    setSwitcherOpen(false);
    setMoreOpen(onMorePage);
  }, [location.pathname, onMorePage, setState, setProfileOpen]);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  useEffect(() => {
    if (state !== 'click-open') return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setState('closed');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, setState]);

  if (!user) return null;
  const open = state !== 'closed';
  const hasTeams = Object.keys(user.multiAccounts).length > 0;
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
  // What opens under an entry has no room in the closed rail: there a press opens the rail with
  // it shown, until pointer and focus leave; in the open menu a press shows or hides it.
  const toggler = (isOpen: boolean, setOpen: (open: boolean) => void) => () => {
    if (!narrow && state === 'closed') {
      setOpen(true);
      setState('hover-open');
    } else {
      setOpen(!isOpen);
    }
  };
  const toggleProfile = toggler(profileOpen, setProfileOpen);

  return (
    <>
      <MemberHeader
        menuId={menuId}
        menuOpen={open}
        onToggleMenu={() => setState(state === 'click-open' ? 'closed' : 'click-open')}
      />
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
            </div>
          )}
        </div>
        <ul className="side-menu-links">
          {PRIMARY_MENU_LINKS.map((link) => (
            <MenuLinkItem key={link.to} link={link} />
          ))}
          <MenuGroup label="More" Icon={Ellipsis} open={moreOpen} current={onMorePage} onToggle={toggler(moreOpen, setMoreOpen)}>
            <ul className="side-menu-links side-menu-sublinks">
              {MORE_MENU_LINKS.map((link) => (
                <MenuLinkItem key={link.to} link={link} />
              ))}
            </ul>
          </MenuGroup>
          {hasTeams && (
            <MenuGroup
              label="Switch account"
              Icon={ArrowLeftRight}
              open={switcherOpen}
              onToggle={toggler(switcherOpen, setSwitcherOpen)}
            >
              <TeamSwitcher className="team-switcher-menu" />
            </MenuGroup>
          )}
          {user.isAdmin && <MenuLinkItem link={ADMIN_MENU_LINK} />}
          <MenuLinkItem link={{ to: PATHS.logout, label: 'Logout', Icon: LogOut }} />
        </ul>
      </nav>
    </>
  );
}
