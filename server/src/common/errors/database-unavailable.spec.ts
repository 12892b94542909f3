import pg from 'pg';
import { CannotExecuteNotConnectedError, QueryFailedError } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import { isDatabaseUnavailable, markConnectionFailure } from './database-unavailable.js';
import { toErrorResponse } from './error-response.js';

/** An error as node-postgres raises it for a message from the server: its SQLSTATE and severity. */
function pgError(code: string, message = 'error from the server', severity = 'ERROR'): Error {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity });
}

describe('telling an unreachable database from a refused query', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'refused connections to every address of the host',
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
    ],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a host that cannot be resolved', Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' })],
    ['an error the pool saw come from a connection', markConnectionFailure(new Error('Connection terminated unexpectedly'))],
    ['a data source never connected', new CannotExecuteNotConnectedError()],
    [
      'a connection failure the pool marked, as pg-pool wraps a connection time-out',
      new Error('Connection terminated due to connection timeout', {
        cause: markConnectionFailure(new Error('Connection terminated unexpectedly')),
      }),
    ],
    ['a server shutting down (57P01)', pgError('57P01', 'terminating connection due to administrator command', 'FATAL')],
    ['a server that crashed (57P02)', pgError('57P02', 'terminating connection because of crash', 'FATAL')],
    ['a server still starting (57P03)', pgError('57P03', 'the database system is starting up', 'FATAL')],
    ['a connection exception (08006)', pgError('08006')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already', 'FATAL')],
    [
      'a database not accepting connections (55000, FATAL)',
      pgError('55000', 'database "app" is not currently accepting connections', 'FATAL'),
    ],
    ['any SQLSTATE the server ends the session with (FATAL)', pgError('XX000', 'could not open file', 'FATAL')],
    [
      'any of these wrapped by TypeORM',
      new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection', 'FATAL')),
    ],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value'))],
    ['a syntax error', pgError('42601')],
    ['a query refused for its object’s state (55000, ERROR)', pgError('55000', 'currval of sequence is not yet defined')],
    ['the same words as a lost connection, from elsewhere', new Error('Connection terminated unexpectedly')],
    ['a pool timeout’s words, from elsewhere', new Error('timeout exceeded when trying to connect')],
    ['a NUL in text', pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('answers 503 unavailable with a retry hint and no detail of the failure, and is not logged as a bug', () => {
    const response = toErrorResponse(
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }),
      'r1',
    );
    expect(response).toEqual({
      status: 503,
      errors: [{ code: ErrorCode.Unavailable, heading: expect.any(String), message: expect.any(String), retryAfter: 2 }],
      unexpected: false,
    });
    expect(JSON.stringify(response)).not.toMatch(/ECONNREFUSED|10\.0\.0\.5/);
  });
});
