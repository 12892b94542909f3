/**
 * Request headers of the /data protocol. The XHR marker is the CSRF defence:
 * a cross-site form cannot set custom headers, so state-changing calls without it are refused.
 */
export const XHR_HEADER = 'x-requested-with';
export const XHR_HEADER_VALUE = 'XMLHttpRequest';
export const CURRENT_TEAM_HEADER = 'x-current-team';
export const SOCKET_ID_HEADER = 'x-socket-id';

/**
 * Sent with every call that moves credits or money: a retry with the same key gets the first
 * answer again and moves nothing; the same key with another request is refused. One key per
 * user action, 8 to 100 letters, digits, `-` or `_`.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Methods that change state and therefore must carry the XHR marker. */
export const STATE_CHANGING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Query flag carried from the page address onto every /data request. */
export const NO_LOGIN_PARAM = 'noLogin';

/** Path prefix of every API call. */
export const DATA_PREFIX = '/data';
