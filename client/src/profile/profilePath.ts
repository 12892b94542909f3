import { PATHS } from '@shared/routing/routes.js';

/** The public profile address of a member, optionally at one of its tabs. */
export function profilePath(username: string, tab?: string): string {
  return `${PATHS.profile}/${encodeURIComponent(username)}${tab ? `/${encodeURIComponent(tab)}` : ''}`;
}
