import { lazy } from 'react';

/**
 * The member menu (side menu, header, team switcher, icons) is a chunk of its own: visitors on the
 * landing page, login and a shared post never need it. The boot fetches it with the member's
 * session, before the first screen shows, so a member never sees the page without it.
 */
export function loadMemberMenu() {
  return import('./SideMenu.js');
}

export const SideMenu = lazy(() => loadMemberMenu().then((module) => ({ default: module.SideMenu })));
