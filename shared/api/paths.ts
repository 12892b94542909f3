import { NO_LOGIN_PARAM } from './headers.js';

/**
 * The login address for a visitor who hit a member page or a 401: the return path is the
 * current path and query with noLogin=1 removed, encoded.
 */
export function loginRedirectPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NO_LOGIN_PARAM);
  const query = params.toString();
  return `/login?redi=${encodeURIComponent(pathname + (query ? `?${query}` : ''))}`;
}

/**
 * Only same-site relative paths may be returned to after login; anything else (another
 * host, a scheme, a protocol-relative `//host`, a backslash trick) falls back to /home.
 */
export function safeReturnPath(redi: string | null | undefined, fallback = '/home'): string {
  if (!redi || !redi.startsWith('/') || redi.startsWith('//') || redi.includes('\\')) return fallback;
  try {
    const resolved = new URL(redi, 'http://same.site');
    return resolved.host === 'same.site' ? resolved.pathname + resolved.search + resolved.hash : fallback;
  } catch {
    return fallback;
  }
}
