import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginRedirectPath } from '@shared/api/paths.js';
import { PATHS, type RouteDef, type ScreenName } from '@shared/routing/routes.js';
import { userAtom } from '../sessions/userAtom.js';

/**
 * Screens open to a member who has not finished onboarding: the mailed links (confirming
 * an address, mail preferences, a team invitation) must work before onboarding is done, or
 * they would be lost.
 */
const ALLOWED_BEFORE_ONBOARDING = new Set<ScreenName>([
  'getStarted',
  'setupExistingUser',
  'setup',
  'teamInvite',
  'emailSettings',
  'logout',
  'maintenance',
]);
/** An account made by an admin or an import chooses its username and password before anything else. */
const ALLOWED_BEFORE_SETUP = new Set<ScreenName>(['setupExistingUser', 'setup', 'logout', 'maintenance']);

/**
 * Who may see a screen: visitors on a member route go to login with a return
 * path; a member who has not finished onboarding is sent to /getStarted from anywhere else.
 */
export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (route.access === 'member' && !user) {
    return <Navigate replace to={loginRedirectPath(location.pathname, location.search)} />;
  }
  if (user?.needsSetup && !ALLOWED_BEFORE_SETUP.has(route.screen)) {
    return <Navigate replace to={PATHS.setupExistingUser} />;
  }
  if (user && !user.finishedGetStarted && !ALLOWED_BEFORE_ONBOARDING.has(route.screen)) {
    return <Navigate replace to={PATHS.getStarted} />;
  }
  if (route.adminOnly && !user?.isAdmin) {
    return (
      <div className="page page-centered">
        <h1>Not allowed</h1>
        <p>This area is for administrators.</p>
      </div>
    );
  }
  return children;
}
