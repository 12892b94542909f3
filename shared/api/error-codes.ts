/** Machine-readable error codes; the server maps each to an HTTP status in one place. */
export const ErrorCode = {
  Validation: 'validation',
  Unauthenticated: 'unauthenticated',
  SessionRevoked: 'session_revoked',
  Forbidden: 'forbidden',
  MissingXhrMarker: 'missing_xhr_marker',
  NotFound: 'not_found',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RateLimited: 'rate_limited',
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  session_revoked: 406,
  forbidden: 403,
  missing_xhr_marker: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
};
