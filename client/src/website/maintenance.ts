import { PATHS } from '@shared/routing/routes.js';

/** Where a tab was when maintenance sent it to /maintenance, for the way back (this tab only). */
const RETURN_KEY = 'surfex:maintenance-return';

/** How often the maintenance page asks whether maintenance is over (besides listening for the push). */
export const MAINTENANCE_POLL_MS = 5_000;

function isAdminPath(pathname: string): boolean {
  return pathname === PATHS.admin || pathname.startsWith(`${PATHS.admin}/`);
}

/**
 * Sends a tab to /maintenance, remembering where it was so the maintenance page can bring it
 * back. The admin area stays usable, so an admin can switch maintenance off again; a tab already
 * on the maintenance page stays as it is.
 */
export function enterMaintenance(
  location: { pathname: string; search: string; hash?: string },
  navigate: (path: string) => void,
): void {
  if (location.pathname === PATHS.maintenance || isAdminPath(location.pathname)) return;
  try {
    window.sessionStorage.setItem(RETURN_KEY, `${location.pathname}${location.search}${location.hash ?? ''}`);
  } catch {
    // No storage (a private window's quota, or no window at all): the way back is the landing page.
  }
  navigate(PATHS.maintenance);
}

/**
 * The server's push when an admin turns maintenance on or off: on, the tab moves to /maintenance
 * at once; off, a tab on the maintenance page goes back.
 */
export function followMaintenancePush(maintenance: boolean, navigate: (path: string) => void): void {
  if (maintenance) enterMaintenance(window.location, navigate);
  else if (window.location.pathname === PATHS.maintenance) leaveMaintenance(navigate);
}

/** Maintenance ended: back to where the tab was (the landing page when it came straight here). */
export function leaveMaintenance(navigate: (path: string) => void): void {
  let back: string | null;
  try {
    back = window.sessionStorage.getItem(RETURN_KEY);
    window.sessionStorage.removeItem(RETURN_KEY);
  } catch {
    back = null;
  }
  navigate(back && back.startsWith('/') && !back.startsWith('//') ? back : PATHS.landing);
}
