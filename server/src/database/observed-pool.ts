import pg from 'pg';
import { markConnectionFailure } from '../common/errors/database-unavailable.js';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
type QueryCallback = (error: unknown, result?: unknown) => void;

/**
 * node-postgres's pool, telling the failures of its connections from the failures of queries
 * (isDatabaseUnavailable answers 503 for the first, by this mark rather than by wording):
 * - every error of `connect()` (which `pool.query` and TypeORM use to get a connection) is a
 *   connection failure: refused, reset, timed out, the server refusing the session (any
 *   SQLSTATE: not accepting connections, too many, starting up), no connection free within
 *   `connectionTimeoutMillis`, a pool already ended;
 * - a connection's 'error' event (its socket failed or the server hung up), and every error a
 *   query gets from a connection after that or once it is being closed, is one too.
 * A query's own errors (a constraint, bad SQL, a bug in its parameters) on a live connection stay
 * what they are.
 */
export class ObservedPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on('connect', observeConnection);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return super.connect().catch((error: unknown) => {
        throw markConnectionFailure(error);
      });
    }
    super.connect((error, client, done) => callback(error ? markConnectionFailure(error) : error, client, done));
  }
}

/** node-postgres with ObservedPool for its Pool: the `driver` TypeORM is given. */
export const observedPg = { ...pg, Pool: ObservedPool };

/** Runs once per connection, before the pool first hands it out. */
function observeConnection(client: pg.PoolClient): void {
  let lost = false;
  // The error a dying connection emits is the one its pending queries are failed with.
  client.on('error', (error: Error) => {
    lost = true;
    markConnectionFailure(error);
  });
  client.on('end', () => (lost = true));
  const end = client.end;
  client.end = function (this: pg.PoolClient, ...args: unknown[]) {
    lost = true;
    return (end as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof client.end;
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result?: unknown) =>
        (callback as QueryCallback)(error && lost ? markConnectionFailure(error) : error, result);
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw lost ? markConnectionFailure(error) : error;
    });
  } as typeof client.query;
}
