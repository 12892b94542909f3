import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { ClockTicks } from '../../server/src/realtime/clock-ticks.js';

/** ClockTicks on a real socket.io server with real clients: a short interval, 3 groups of 2 sockets. */
const INTERVAL_MS = 900;
const GROUPS = 3;
const CLIENTS = 6;

let http: HttpServer;
let server: Server;
let clock: ClockTicks;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  http = createServer();
  server = new Server(http);
  clock = new ClockTicks(INTERVAL_MS, GROUPS);
  server.use((socket, next) => {
    Promise.resolve(socket.join(clock.nextRoom())).then(() => next(), next);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  for (let i = 0; i < CLIENTS; i++) {
    const client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => client.once('connect', resolve).once('connect_error', reject));
    clients.push(client);
  }
});

afterAll(async () => {
  clock.stop();
  for (const client of clients) client.disconnect();
  await server.close();
});

it('gives every socket the server clock once per interval, a group at a time rather than all at once', async () => {
  const received: { client: number; at: number; liveTime: number }[] = [];
  clients.forEach((client, index) =>
    client.on('live:data', (live: { live_time: number }) =>
      received.push({ client: index, at: Date.now(), liveTime: live.live_time }),
    ),
  );
  clock.start(server);
  await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS + 150));

  // Every socket heard the clock within one interval, and the time is the server's now.
  expect(new Set(received.map((event) => event.client)).size).toBe(CLIENTS);
  for (const event of received) expect(Math.abs(event.at - event.liveTime)).toBeLessThan(1000);

  // A tick reaches one group: no 100 ms window saw more than CLIENTS / GROUPS sockets ticked.
  for (const event of received) {
    const sameTick = received.filter((other) => Math.abs(other.at - event.at) < 100);
    expect(new Set(sameTick.map((other) => other.client)).size).toBeLessThanOrEqual(CLIENTS / GROUPS);
  }
});
