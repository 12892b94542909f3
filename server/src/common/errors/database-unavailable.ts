import pg from 'pg';
import { CannotExecuteNotConnectedError, ConnectionIsNotSetError } from 'typeorm';

/** Seconds a client should wait before retrying while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * Errors the app's pool saw come from a connection rather than from a query (see
 * database/observed-pool.ts): whatever failed while a connection was being made or handed out
 * (refused, reset, timed out, a server refusing logins, a pool with no connection free in time or
 * already closed), and whatever a query got from a connection that had died or was being closed.
 */
const connectionFailures = new WeakSet<object>();

/** Marks `error` as a failure of the database connection (not of a query); answers it. */
export function markConnectionFailure<E>(error: E): E {
  if (typeof error === 'object' && error !== null) connectionFailures.add(error);
  return error;
}

/** Node's socket errors for a connection that could not be made or was lost. */
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
 * PostgreSQL's SQLSTATEs for a server that is going away or not taking this session: class 08
 * (connection exception), 53300 too_many_connections, 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery), 57P04
 * database_dropped, 57P05 idle_session_timeout.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53300|57P0[1-5])$/;

/**
 * Severities that end the session: the server closes the connection after sending them, so the
 * statement cannot be answered on it whatever its SQLSTATE (e.g. 55000 "database is not currently
 * accepting connections").
 */
const SESSION_ENDING_SEVERITIES = new Set(['FATAL', 'PANIC']);

/**
 * True when `error` says the database cannot be reached (refused, lost or timed-out connections,
 * a server shutting down or not accepting connections, no pool connection in time), as opposed
 * to a query the database refused or a bug. Decided by where the error arose and by its class,
 * never by its wording:
 * - errors the app's pool marked as connection failures (markConnectionFailure);
 * - node-postgres's DatabaseError (a message from the server) by its SQLSTATE and severity;
 * - Node's socket errors by their code;
 * - TypeORM's errors for a data source that is not connected.
 * TypeORM wraps the driver's error (`driverError`); Node wraps per-address failures in an
 * AggregateError; pg-pool sets `cause`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (connectionFailures.has(error)) return true;
  if (error instanceof pg.DatabaseError) {
    return (
      (error.code !== undefined && UNAVAILABLE_SQLSTATE.test(error.code)) ||
      (error.severity !== undefined && SESSION_ENDING_SEVERITIES.has(error.severity))
    );
  }
  if (isDataSourceNotConnected(error)) return true;
  const { code, driverError, cause, errors } = error as {
    code?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}

/** A call on a DataSource that is not connected (TypeORM's own classes for it). */
function isDataSourceNotConnected(error: object): boolean {
  return error instanceof ConnectionIsNotSetError || error instanceof CannotExecuteNotConnectedError;
}
