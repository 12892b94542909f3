/**
 * Who may call a route. 'optional' resolves the user when there is one (a stale cookie still
 * answers 406 so the client logs out cleanly); routes without `@Auth` ignore sessions.
 */
export type AuthLevel = 'optional' | 'member' | 'admin';
export const AUTH_LEVEL = 'authLevel';

/**
 * Routes marked so answer a stale `X-Current-Team` header (a team the member is not active in)
 * as if it were absent rather than refusing it: /data/start, so a client can always start and
 * learn that its stored team is gone.
 */
export const STALE_TEAM_IGNORED = 'staleTeamIgnored';
