import { QueryFailedError, TypeORMError } from 'typeorm';
import { ErrorCode } from '@shared/api/error-codes.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { toErrorResponse } from './error-response.js';

/** An error as node-postgres raises it for a message from the server (a `code` with the SQLSTATE). */
function pgError(code: string, message = 'error from the server'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
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
    ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
    ['a client left unusable by a lost connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no pool connection in time', new Error('timeout exceeded when trying to connect')],
    ['a data source closed under a request (shutting down)', new TypeORMError('Driver not Connected')],
    [
      'a connection that timed out while being made',
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
    ],
    ['a server shutting down (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server that crashed (57P02)', pgError('57P02')],
    ['a server still starting (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', pgError('08006')],
    ['too many connections (53300)', pgError('53300')],
    [
      'any of these wrapped by TypeORM',
      new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value'))],
    ['a syntax error', pgError('42601')],
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
