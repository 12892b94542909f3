// A comment fan-out generator process (started by bench/social/run.mjs, pinned to the generator
// core). Its sockets are members' tabs (socket.io-client; session cookie and auth.socketId as the
// browser sends them); each says it shows one post (`posts:watch`) and notes when each
// 'post:comment' arrives, by comment id, on the clock all processes share.
import { io } from 'socket.io-client';
import { serveRequests, sharedNow } from '../fanout/lib/common.mjs';

const sockets = [];
/** comment id → receipt times, one per socket that got it */
const receipts = new Map();
let duplicates = 0;
let disconnects = 0;

function connect(url, member, timeoutMs) {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: timeoutMs,
      extraHeaders: { cookie: member.cookie },
      auth: { socketId: member.socketId },
    });
    const seen = new Set();
    socket.on('post:comment', ({ comment }) => {
      const at = sharedNow();
      if (seen.has(comment.id)) {
        duplicates++;
        return;
      }
      seen.add(comment.id);
      if (!receipts.has(comment.id)) receipts.set(comment.id, []);
      receipts.get(comment.id).push(at);
    });
    socket.once('connect', () => {
      socket.on('disconnect', () => disconnects++);
      resolve({ socket, error: null });
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ socket: null, error: error?.message ?? String(error) });
    });
  });
}

serveRequests({
  /** Opens one socket per member, at most `concurrency` handshakes in flight. */
  async connect({ url, members, concurrency, timeoutMs = 30_000 }) {
    const errors = {};
    let next = 0;
    const startedAt = sharedNow();
    const lane = async () => {
      while (next < members.length) {
        const { socket, error } = await connect(url, members[next++], timeoutMs);
        if (socket) sockets.push(socket);
        else errors[error] = (errors[error] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, members.length) }, lane));
    return { connected: sockets.length, errors, seconds: (sharedNow() - startedAt) / 1000 };
  },

  /** Every socket watches the post; answers how many the server let in. */
  async watch({ pid }) {
    const answers = await Promise.all(
      sockets.map((socket) => socket.timeout(10_000).emitWithAck('posts:watch', { pids: [pid] })),
    );
    const watching = answers.filter((answer) => answer?.data?.pids?.includes(pid)).length;
    const refusals = {};
    for (const answer of answers)
      if (!answer?.data?.pids?.includes(pid)) {
        const key = answer?.error?.code ?? JSON.stringify(answer);
        refusals[key] = (refusals[key] ?? 0) + 1;
      }
    return { watching, refusals };
  },

  /** For each comment (id → when its POST was sent), the delay to each receipt here, how many arrived, the last one's delay. */
  async stats({ sentAt }) {
    const latencies = [];
    const received = {};
    const lastMs = {};
    for (const [id, sent] of Object.entries(sentAt)) {
      const times = receipts.get(Number(id)) ?? [];
      received[id] = times.length;
      for (const at of times) latencies.push(at - sent);
      if (times.length) lastMs[id] = Math.max(...times) - sent;
    }
    return {
      latencies,
      received,
      lastMs,
      duplicates,
      disconnects,
      stillConnected: sockets.filter((socket) => socket.connected).length,
    };
  },

  async close() {
    for (const socket of sockets) socket.close();
    sockets.length = 0;
    return {};
  },
});
