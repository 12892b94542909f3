/**
 * Who may call a route. 'optional' resolves the user when there is one (a stale cookie still
 * answers 406 so the client logs out cleanly); routes without `@Auth` ignore sessions.
 */
export type AuthLevel = 'optional' | 'member' | 'admin';
export const AUTH_LEVEL = 'authLevel';
