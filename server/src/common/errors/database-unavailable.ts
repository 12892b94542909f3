/** Seconds a client should wait before retrying while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Socket errors of a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going away or not taking connections: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/**
 * node-postgres, pg-pool and TypeORM raise these without a code: a connection ended under a
 * query, a client left unusable by that, a pool that could not hand out a connection in time, a
 * data source already closed (a process shutting down while requests are still in flight).
 */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Driver not Connected',
];

/**
 * True when `error` says the database cannot be reached (refused, lost or timed-out connections,
 * a server shutting down), as opposed to a query it refused. TypeORM wraps the driver's error
 * (`driverError`); Node wraps per-address failures in an AggregateError; pg-pool sets `cause`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((lost) => message.startsWith(lost))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}
