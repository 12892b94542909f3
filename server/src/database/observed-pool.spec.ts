import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { isDatabaseUnavailable } from '../common/errors/database-unavailable.js';
import { ObservedPool } from './observed-pool.js';

/**
 * A PostgreSQL server as far as the wire protocol goes: `behave` decides what each connection
 * gets, from the start-up message on. Lets the pool meet each way a connection fails, and a
 * query's own refusal, without a database.
 */
interface FakeServer {
  url: string;
  close(): Promise<void>;
}

type Behaviour = (socket: Socket, message: { type: string | null; body: Buffer }) => void;

const servers: Server[] = [];
const sockets = new Set<Socket>();

async function fakePostgres(behave: Behaviour): Promise<FakeServer> {
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    let started = false;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The start-up message has no type byte; every later one has.
        const offset = started ? 1 : 0;
        if (pending.length < offset + 4) return;
        const length = pending.readInt32BE(offset);
        if (pending.length < offset + length) return;
        const type = started ? pending.toString('latin1', 0, 1) : null;
        const body = pending.subarray(offset + 4, offset + length);
        pending = pending.subarray(offset + length);
        started = true;
        // Terminate: the client is closing its connection.
        if (type === 'X') socket.end();
        else behave(socket, { type, body });
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://app@127.0.0.1:${port}/app`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Hangs up on every client, as a server going away does. */
function hangUp(): void {
  for (const socket of sockets) socket.destroy();
}

afterEach(() => {
  hangUp();
  for (const server of servers.splice(0)) server.close();
});

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const authenticationOk = () => message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = () => message('Z', Buffer.from('I'));
/** An ErrorResponse with its severity (localized and not) and SQLSTATE. */
function errorResponse(severity: string, sqlstate: string, text: string): Buffer {
  const fields = [`S${severity}`, `V${severity}`, `C${sqlstate}`, `M${text}`].map((field) => `${field}\0`).join('');
  return message('E', Buffer.from(`${fields}\0`, 'utf8'));
}

/** Lets the session in, then answers each simple query with `answer`. */
function acceptsThen(answer: (socket: Socket) => void): Behaviour {
  return (socket, { type }) => {
    if (type === null) socket.write(Buffer.concat([authenticationOk(), readyForQuery()]));
    else if (type === 'Q') answer(socket);
  };
}

function pool(url: string, options: Partial<ConstructorParameters<typeof ObservedPool>[0]> = {}): ObservedPool {
  const observed = new ObservedPool({ connectionString: url, max: 1, connectionTimeoutMillis: 2000, ...options });
  observed.on('error', () => undefined);
  return observed;
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('the pool tells its connections’ failures from queries’', () => {
  it('a database that does not accept connections (FATAL 55000 at start-up) is unavailable', async () => {
    const server = await fakePostgres((socket) =>
      socket.end(errorResponse('FATAL', '55000', 'database "app" is not currently accepting connections')),
    );
    const observed = pool(server.url);
    const error = await failureOf(observed.query('SELECT 1'));
    expect(error).toMatchObject({ code: '55000' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    await observed.end();
  });

  it('a refused connection, through connect() as TypeORM asks for one, is unavailable', async () => {
    const server = await fakePostgres(() => undefined);
    const { url } = server;
    await server.close();
    const observed = pool(url);
    const error = await new Promise((resolve) => observed.connect((failure) => resolve(failure)));
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    await observed.end();
  });

  it('a server that never answers the start-up is unavailable once connectionTimeoutMillis has passed', async () => {
    const server = await fakePostgres(() => undefined);
    const observed = pool(server.url, { connectionTimeoutMillis: 100 });
    const error = await failureOf(observed.query('SELECT 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    await observed.end();
  });

  it('no connection free within connectionTimeoutMillis (every one busy) is unavailable', async () => {
    const server = await fakePostgres(acceptsThen(() => undefined));
    const observed = pool(server.url, { connectionTimeoutMillis: 100 });
    const busy = failureOf(observed.query('SELECT pg_sleep(60)'));
    const error = await failureOf(observed.query('SELECT 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    hangUp();
    await busy;
    await observed.end();
  });

  it('a connection lost under a query, and the next query on it, are unavailable', async () => {
    const server = await fakePostgres(acceptsThen((socket) => socket.destroy()));
    const observed = pool(server.url);
    const client = await observed.connect();
    const lost = await failureOf(client.query('SELECT 1'));
    expect(isDatabaseUnavailable(lost)).toBe(true);
    const after = await failureOf(client.query('SELECT 1'));
    expect(isDatabaseUnavailable(after)).toBe(true);
    client.release(true);
    await observed.end();
  });

  it('a query under way when its connection is closed is unavailable', async () => {
    const server = await fakePostgres(acceptsThen(() => undefined));
    const observed = pool(server.url);
    const client = await observed.connect();
    const query = failureOf(client.query('SELECT pg_sleep(60)'));
    await client.end();
    expect(isDatabaseUnavailable(await query)).toBe(true);
    client.release(true);
    await observed.end();
  });

  it('a server that terminates the session under a query (FATAL 57P01) is unavailable', async () => {
    const server = await fakePostgres(
      acceptsThen((socket) => socket.end(errorResponse('FATAL', '57P01', 'terminating connection due to administrator command'))),
    );
    const observed = pool(server.url);
    const error = await failureOf(observed.query('SELECT 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    await observed.end();
  });

  it('a query the database refuses on a live connection is not, even with a connection-like SQLSTATE class', async () => {
    const server = await fakePostgres(
      acceptsThen((socket) =>
        socket.write(Buffer.concat([errorResponse('ERROR', '55000', 'currval of sequence is not yet defined'), readyForQuery()])),
      ),
    );
    const observed = pool(server.url);
    const error = await failureOf(observed.query("SELECT currval('s')"));
    expect(error).toMatchObject({ code: '55000' });
    expect(isDatabaseUnavailable(error)).toBe(false);
    const client = await observed.connect();
    const refused = await failureOf(client.query('SELECT 1'));
    expect(isDatabaseUnavailable(refused)).toBe(false);
    client.release();
    await observed.end();
  });

  it('a pool already ended is unavailable', async () => {
    const server = await fakePostgres(acceptsThen(() => undefined));
    const observed = pool(server.url);
    await observed.end();
    expect(isDatabaseUnavailable(await failureOf(observed.query('SELECT 1')))).toBe(true);
  });
});
