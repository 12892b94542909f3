import { NavLink } from 'react-router-dom';
import type { MenuLink } from './menuLinks.js';

/** One entry of the side menu: its icon, and its name (beside the closed rail, or in the open menu). */
export function MenuLinkItem({ link: { to, label, Icon, end } }: { link: MenuLink }) {
  return (
    <li>
      <NavLink to={to} end={end} className="side-menu-link">
        <span className="side-menu-icon">
          <Icon aria-hidden="true" size={20} />
        </span>
        <span className="side-menu-label">{label}</span>
      </NavLink>
    </li>
  );
}
