import { createAdapter, type RedisStreamsAdapterOptions } from '@socket.io/redis-streams-adapter';
import type { createClient } from 'redis';
import { MessageType, type ClusterMessage, type Session } from 'socket.io-adapter';

export type RedisClient = ReturnType<typeof createClient>;
type StreamsAdapter = ReturnType<ReturnType<typeof createAdapter>>;

/**
 * Socket joins, leaves and disconnections held for the other processes while Redis is
 * unreachable (see below); past this many, further ones apply to this process only.
 */
const MAX_HELD_CONTROL_MESSAGES = 10_000;

const UNREACHABLE = new Error('Redis is unreachable');

/**
 * The Redis keys and channels of one deployment. `maxLength`: the entries the stream keeps
 * (trimmed approximately, `MAXLEN ~`); every event sent through the adapter is one entry, and a
 * dropped connection can be recovered only while the last event it got is still in the stream.
 */
export function streamsOptions(deploymentKey: string, maxLength: number): RedisStreamsAdapterOptions {
  return {
    streamName: `${deploymentKey}:events`,
    channelPrefix: deploymentKey,
    sessionKeyPrefix: `${deploymentKey}:session:`,
    maxLen: maxLength,
    // Events carry JSON only: the adapter need not look for binary data in each.
    onlyPlaintext: true,
  };
}

/**
 * `@socket.io/redis-streams-adapter`: every broadcast is appended to a Redis stream that every
 * process reads, so a process that lost Redis for a moment reads on from where it was, and a
 * dropped connection can be recovered with the events it missed (connection-recovery.ts).
 *
 * While Redis is unreachable the adapter on its own would wait for it: node-redis holds the
 * commands until it reconnects, so broadcasts, disconnections and even handshakes (which count
 * a member's connections on every process) would hang on this process too. Instead, while the
 * client is not ready:
 * - a broadcast reaches this process's sockets at once and the others' not at all (`onMissed`
 *   is told, so the tabs can be asked to catch up once Redis is back);
 * - a socket join, leave or disconnection applies here at once and is held by node-redis for
 *   the other processes until Redis is back (a revoked session's socket elsewhere still ends);
 * - counting sockets counts this process's, and a dropped connection is not saved or recovered
 *   (it reconnects afresh and catches up).
 */
export function resilientStreamsAdapter(
  client: RedisClient,
  options: RedisStreamsAdapterOptions,
  onMissed: () => void,
): (nsp: unknown) => StreamsAdapter {
  observeUnawaitedCommands(client);
  const create = createAdapter(client, options);
  let heldControlMessages = 0;
  // A function, not an arrow: Socket.IO calls it with `new`.
  return function (nsp: unknown): StreamsAdapter {
    const adapter = create(nsp);
    const publish = adapter.doPublish.bind(adapter) as (message: ClusterMessage) => Promise<string>;
    adapter.doPublish = (message: ClusterMessage): Promise<string> => {
      const isBroadcast = message.type === MessageType.BROADCAST;
      if (client.isReady) {
        const published = publish(message);
        return isBroadcast ? published.catch((error: unknown) => Promise.reject(missed(error))) : published;
      }
      if (isBroadcast) return Promise.reject(missed(UNREACHABLE));
      if (heldControlMessages < MAX_HELD_CONTROL_MESSAGES) {
        heldControlMessages++;
        publish(message)
          .catch(() => undefined)
          .finally(() => heldControlMessages--);
      }
      return Promise.reject(UNREACHABLE);
    };

    const serverCount = adapter.serverCount.bind(adapter);
    adapter.serverCount = () => (client.isReady ? serverCount() : Promise.resolve(1));

    const persist = adapter.persistSession.bind(adapter);
    adapter.persistSession = (session) => {
      if (client.isReady) persist(session);
    };
    const restore = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = (pid: string, offset: string): Promise<Session> =>
      client.isReady ? restore(pid, offset) : Promise.reject(UNREACHABLE);
    return adapter;
  };

  function missed(error: unknown): unknown {
    onMissed();
    return error;
  }
}

/**
 * The adapter sends a few commands without waiting for their answers (saving a dropped
 * connection's state, asking the other processes for their sockets). When the connection to
 * Redis drops while one is on its way, node-redis rejects it; unobserved, that rejection would
 * end the process.
 */
function observeUnawaitedCommands(client: RedisClient): void {
  const commands = client as unknown as Record<'set' | 'publish', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['set', 'publish'] as const) {
    const send = commands[name].bind(client);
    commands[name] = (...args: unknown[]) => {
      const reply = send(...args);
      reply.catch(() => undefined);
      return reply;
    };
  }
}
