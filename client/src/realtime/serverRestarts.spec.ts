import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { ErrorCode } from '@shared/api/error-codes.js';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shared/realtime/events.js';
import { followServerRestarts } from './serverRestarts.js';
import type { AppSocket } from './socketAtom.js';

/** A real Socket.IO server plays the app's: each test decides how it ends or refuses connections. */
let http: HttpServer;
let server: Server<ClientToServerEvents, ServerToClientEvents>;
let url: string;
let refuseWith: string | null = null;
let connections = 0;
const sockets: AppSocket[] = [];

beforeEach(async () => {
  refuseWith = null;
  connections = 0;
  http = createServer();
  server = new Server(http, { path: SOCKET_PATH });
  server.use((_socket, next) => {
    if (!refuseWith) return next();
    next(Object.assign(new Error('refused'), { data: { code: refuseWith, retryAfter: 1 } }));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await server.close();
});

/** A tab's socket as realtimeConnection.ts makes it, following restarts; `current` says whether the tab still wants it. */
function tab(current = () => true): { socket: AppSocket; handled: string[] } {
  const socket: AppSocket = io(url, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnectionDelay: 60_000 });
  sockets.push(socket);
  const restarts = followServerRestarts(socket, current, () => 0.5);
  const handled: string[] = [];
  socket.on('disconnect', (reason) => {
    if (restarts.handlesDisconnect(reason)) handled.push(`disconnect ${reason}`);
  });
  socket.on('connect_error', (error) => {
    if (restarts.handlesConnectError(error)) handled.push('connect_error');
  });
  return { socket, handled };
}

function connected(socket: AppSocket): Promise<void> {
  return new Promise((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a tab told the server is restarting connects again on its own within the spread once the server ends its connection', async () => {
  const { socket, handled } = tab();
  await connected(socket);
  server.emit('server:restarting', null);
  await until(() => connections === 1);
  server.disconnectSockets(true);
  // The server counts the new connection a moment before the client hears its handshake answered.
  await until(() => connections === 2 && socket.connected);
  expect(handled).toEqual(['disconnect io server disconnect']);
});

it('a connection the server ends without saying it restarts (a revoked session) is left to the tab to reload', async () => {
  const { socket, handled } = tab();
  await connected(socket);
  server.disconnectSockets(true);
  await until(() => !socket.connected);
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(connections).toBe(1);
  expect(handled).toEqual([]);
});

it('a handshake refused by a process shutting down is tried again, and connects once a process takes it', async () => {
  refuseWith = ErrorCode.ShuttingDown;
  const { socket, handled } = tab();
  await until(() => handled.length === 1);
  refuseWith = null;
  await connected(socket);
  expect(handled).toEqual(['connect_error']);
});

it('a handshake refused for another reason is not tried again by this', async () => {
  refuseWith = ErrorCode.Forbidden;
  const { socket, handled } = tab();
  await new Promise((resolve) => socket.once('connect_error', resolve));
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(handled).toEqual([]);
  expect(socket.connected).toBe(false);
});

it('a tab that dropped its socket meanwhile (logged out) does not bring it back', async () => {
  let current = true;
  const { socket } = tab(() => current);
  await connected(socket);
  server.emit('server:restarting', null);
  await new Promise((resolve) => setTimeout(resolve, 50));
  current = false;
  server.disconnectSockets(true);
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(connections).toBe(1);
  expect(socket.connected).toBe(false);
});

it("keeps the restart notice's handover and says the connection is leaving until the tab has connected again", async () => {
  const { socket } = tab();
  await connected(socket);
  const restarts = followServerRestarts(
    socket,
    () => true,
    () => 0,
  );
  const ended = socket.id!;
  expect(restarts.leaving()).toBe(false);
  expect(restarts.handoverFor(ended)).toBeNull();
  const handover = { connection: ended, expiresAt: Date.now() + 60_000, proof: 'signed' };
  server.emit('server:restarting', handover);
  await until(() => restarts.leaving());
  expect(restarts.handoverFor(ended)).toEqual(handover);
  server.disconnectSockets(true);
  await until(() => connections === 2 && socket.connected);
  expect(restarts.leaving()).toBe(false);
  expect(socket.id).not.toBe(ended);
  expect(restarts.handoverFor(ended)).toEqual(handover);
  expect(restarts.handoverFor(socket.id!)).toBeNull();
});
