import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { BrandHeader } from './BrandHeader.js';

/** The logged-out bar: Login always, Signup only while signups are open. */
export function TopBar() {
  const website = useAtomValue(websiteAtom);
  return (
    <header className="topbar">
      <BrandHeader to={PATHS.landing} />
      <nav aria-label="Account" className="topbar-nav">
        <NavLink className="button" to={PATHS.login}>
          Login
        </NavLink>
        {website?.signups && (
          <NavLink className="button button-primary" to={PATHS.signup}>
            Signup
          </NavLink>
        )}
      </nav>
    </header>
  );
}
