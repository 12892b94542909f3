// A fan-out load generator process (started by bench/fanout/run.mjs, pinned to the generator
// core). It opens its share of the sockets, one WebSocket connection each, and notes for every
// 'announcement:show' when each socket received it, on the clock all processes share. It tells
// the coordinator as soon as all of its sockets have one announcement ('complete') and answers
// questions over the IPC channel.
//
// Clients (BENCH_FANOUT_CLIENT): 'socket.io-client' (the default, as a browser tab would use it)
// or 'ws': a minimal Engine.IO 4 / Socket.IO 5 protocol client on the `ws` package (open packet →
// CONNECT with auth → events; answers pings). It does less work per message than socket.io-client,
// so the generator core is less likely to be what limits the measured fan-out time.
import { io } from 'socket.io-client';
import { serveRequests, sharedNow } from './lib/common.mjs';

const EVENT = 'announcement:show';
const CLIENT = process.env.BENCH_FANOUT_CLIENT || 'socket.io-client';
// `ws` comes with socket.io-client (engine.io-client depends on it); loaded only for the 'ws' client.
const WebSocket = CLIENT === 'ws' ? (await import('ws')).default : null;
const connections = [];
/** announcement id → { count, duplicates, first, last } */
const received = new Map();
let connectedCount = 0;
let disconnects = 0;
const disconnectReasons = {};

function onAnnouncement(connection, announcement) {
  const at = sharedNow();
  const id = announcement?.id;
  let record = received.get(id);
  if (!record) {
    record = { count: 0, duplicates: 0, first: at, last: at, reported: false };
    received.set(id, record);
  }
  if (connection.seen.has(id)) {
    record.duplicates++;
    return;
  }
  connection.seen.add(id);
  record.count++;
  record.last = at;
  if (record.count === connectedCount && !record.reported) {
    record.reported = true;
    process.send({ type: 'complete', id, count: record.count, first: record.first, last: record.last });
  }
}

function onDisconnect(reason) {
  disconnects++;
  disconnectReasons[reason] = (disconnectReasons[reason] ?? 0) + 1;
}

/** Answers `{ connection: { seen, isConnected(), close() } | null, error }`. */
function connectWithSocketIoClient(url, client, timeoutMs) {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: timeoutMs,
      extraHeaders: client?.cookie ? { cookie: client.cookie } : undefined,
      auth: client?.socketId ? { socketId: client.socketId } : undefined,
      localAddress: client?.localAddress,
    });
    const connection = { seen: new Set(), isConnected: () => socket.connected, close: () => socket.close() };
    socket.on(EVENT, (announcement) => onAnnouncement(connection, announcement));
    socket.once('connect', () => {
      socket.on('disconnect', onDisconnect);
      resolve({ connection, error: null });
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ connection: null, error: error?.message ?? String(error) });
    });
  });
}

function connectWithWs(url, client, timeoutMs) {
  return new Promise((resolve) => {
    const address = new URL('/socket.io/?EIO=4&transport=websocket', url.replace(/^http/, 'ws'));
    const ws = new WebSocket(address, {
      headers: client?.cookie ? { cookie: client.cookie } : {},
      perMessageDeflate: false,
      localAddress: client?.localAddress,
    });
    let connected = false;
    let settled = false;
    const connection = { seen: new Set(), isConnected: () => connected, close: () => ws.terminate() };
    const settle = (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        ws.terminate();
        resolve({ connection: null, error });
      } else resolve({ connection, error: null });
    };
    const timer = setTimeout(() => settle('timeout'), timeoutMs);
    ws.on('message', (data) => {
      const text = data.toString();
      switch (text[0]) {
        case '0': // Engine.IO open → Socket.IO CONNECT to the main namespace, with the auth payload
          ws.send(client?.socketId ? `40${JSON.stringify({ socketId: client.socketId })}` : '40');
          return;
        case '2': // ping → pong
          ws.send('3');
          return;
        case '4': {
          if (text[1] === '0') {
            connected = true;
            settle(null);
          } else if (text[1] === '4') {
            settle(JSON.parse(text.slice(2)).message ?? 'connect_error');
          } else if (text[1] === '2') {
            const [event, payload] = JSON.parse(text.slice(2));
            if (event === EVENT) onAnnouncement(connection, payload);
          } else if (text[1] === '1') {
            if (connected) onDisconnect('io server disconnect');
            connected = false;
          }
          return;
        }
        default:
      }
    });
    ws.on('close', () => {
      if (connected) onDisconnect('transport close');
      connected = false;
      settle('closed before CONNECT');
    });
    ws.on('error', (error) => settle(error.message));
  });
}

const connectOne = CLIENT === 'ws' ? connectWithWs : connectWithSocketIoClient;

serveRequests({
  /**
   * Opens `clients.length` sockets with at most `concurrency` handshakes in flight. A client is
   * `{ cookie?, socketId?, localAddress? }` (no cookie: a visitor's socket; localAddress: the
   * loopback source address to connect from, so that many sockets need not share one address's
   * ephemeral ports).
   */
  async connect({ url, clients, concurrency, timeoutMs = 30_000 }) {
    const errors = {};
    let next = 0;
    const startedAt = sharedNow();
    const lane = async () => {
      while (next < clients.length) {
        const client = clients[next++];
        const { connection, error } = await connectOne(url, client, timeoutMs);
        if (connection) connections.push(connection);
        else errors[error] = (errors[error] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, clients.length) }, lane));
    connectedCount = connections.length;
    return {
      client: CLIENT,
      connected: connections.length,
      failed: clients.length - connections.length,
      errors,
      startedAt,
      finishedAt: sharedNow(),
    };
  },

  /** What this process saw of one announcement. */
  async stats({ id }) {
    const record = received.get(id);
    return {
      id,
      connected: connectedCount,
      stillConnected: connections.filter((c) => c.isConnected()).length,
      count: record?.count ?? 0,
      duplicates: record?.duplicates ?? 0,
      first: record?.first ?? null,
      last: record?.last ?? null,
      disconnects,
      disconnectReasons,
    };
  },

  async close() {
    for (const connection of connections) connection.close();
    connections.length = 0;
    return {};
  },
});
