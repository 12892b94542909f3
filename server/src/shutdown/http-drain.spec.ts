import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ErrorCode } from '@shared/api/error-codes.js';
import { drainHttp } from './http-drain.js';

/** A plain Node server: /slow waits until the test lets it answer; anything else answers at once. */
let server: Server;
let port: number;
let releaseSlow: () => void;
let slowArrived: Promise<void>;
const handled: string[] = [];

beforeEach(async () => {
  handled.length = 0;
  let arrived: () => void;
  slowArrived = new Promise((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (releaseSlow = resolve));
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    handled.push(request.url!);
    if (request.url !== '/slow') return response.end('fast');
    arrived();
    void released.then(() => response.end('slow'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  releaseSlow();
  server.closeAllConnections();
  server.close();
});

/** A connection written to by hand (requests pipelined on it); `text()` answers everything it got once closed. */
function connection() {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`),
    text: () => closed.then(() => received),
  };
}

function refusesConnections(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });
}

it('finishes the request under way, answers the next one on its connection 503 with Retry-After, and resolves once the connection has closed', async () => {
  const busy = connection();
  busy.get('/slow');
  await slowArrived;

  let drained = false;
  const draining = drainHttp(server, false).then(() => (drained = true));
  expect(await refusesConnections()).toBe(true);
  busy.get('/after');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(drained).toBe(false);
  releaseSlow();

  const text = await busy.text();
  await draining;
  const [slow, after] = text.split(/(?=HTTP\/1\.1 )/);
  expect(slow).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nslow$/);
  expect(after).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
  expect(after).toMatch(/\r\nretry-after: 1\r\n/i);
  expect(after).toMatch(/\r\nconnection: close\r\n/i);
  const body = JSON.parse(after.slice(after.indexOf('\r\n\r\n') + 4));
  expect(body).toEqual({
    data: null,
    errors: [expect.objectContaining({ code: ErrorCode.ShuttingDown, retryAfter: 1 })],
    maintenance: false,
  });
  expect(handled).toEqual(['/slow']);
});

it('closes idle keep-alive connections at once, and resolves when none is left', async () => {
  const idle = connection();
  idle.get('/fast');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await drainHttp(server, false);
  expect(await idle.text()).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*fast$/);
});

it('still hands Socket.IO its own requests (it ends its connections itself)', async () => {
  const busy = connection();
  busy.get('/slow');
  await slowArrived;
  const draining = drainHttp(server, false);
  busy.get('/socket.io/?EIO=4&transport=polling');
  await new Promise((resolve) => setTimeout(resolve, 50));
  releaseSlow();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(handled).toEqual(['/slow', '/socket.io/?EIO=4&transport=polling']);
  server.closeAllConnections();
  await draining;
});
