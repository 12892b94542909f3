import { safeReturnPath } from '@shared/api/paths.js';
import { PATHS } from '@shared/routing/routes.js';

/** Going back to these after logging in would loop (login, signup) or undo it (logout). */
const NOT_A_WAY_BACK = new Set<string>([PATHS.login, PATHS.loginMulti, PATHS.logout, PATHS.signup]);

/** Where /login sends the member: the same-site `redi` path of the address, else /home. */
export function loginReturnPath(search: string): string {
  const path = safeReturnPath(new URLSearchParams(search).get('redi'), PATHS.home);
  const pathname = path.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
  return NOT_A_WAY_BACK.has(pathname) ? PATHS.home : path;
}
