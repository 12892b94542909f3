/**
 * Request headers of the /data protocol. The XHR marker is the CSRF defence:
 * a cross-site form cannot set custom headers, so state-changing calls without it are refused.
 */
export const XHR_HEADER = 'x-requested-with';
export const XHR_HEADER_VALUE = 'XMLHttpRequest';
export const CURRENT_TEAM_HEADER = 'x-current-team';
export const SOCKET_ID_HEADER = 'x-socket-id';

/** Methods that change state and therefore must carry the XHR marker. */
export const STATE_CHANGING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Query flag carried from the page address onto every /data request. */
export const NO_LOGIN_PARAM = 'noLogin';

/** Path prefix of every API call. */
export const DATA_PREFIX = '/data';
