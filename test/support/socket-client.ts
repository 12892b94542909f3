import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type LiveData,
  type ServerToClientEvents,
} from '../../shared/realtime/events.js';
import type { StartAnswer } from '../../shared/start/start.js';
import type { TestBrowser } from './test-browser.js';

type EventName = keyof ServerToClientEvents;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/** How long a test waits for an event that must come, and watches for one that must not. */
export const EVENT_TIMEOUT_MS = 3000;
export const QUIET_WINDOW_MS = 300;

export interface ConnectOptions {
  /** The session cookie to send; by default the browser's own `sid` (none for a visitor). */
  sid?: string | null;
  /** `auth.socketId` of the handshake; by default the browser's socketId from /data/start. */
  socketId?: string | null;
  /** Further headers of the handshake, e.g. the X-Forwarded-For a proxy adds for the browser's address. */
  headers?: Record<string, string>;
  /** `auth.teamId` of the handshake: the tab's current team. */
  teamId?: number;
}

/**
 * A real `socket.io-client` connection as a browser tab holds it, that keeps every event the
 * server pushes from the moment it connects, so a test never misses one that arrived before it
 * started waiting. Events are consumed in order by `next`.
 */
export class TestSocket {
  private readonly received: { event: EventName; args: unknown[] }[] = [];
  private readonly waiters = new Set<() => void>();
  /** Why the server ended the connection, once it did. */
  disconnectReason: string | null = null;

  constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.onAny((event: EventName, ...args: unknown[]) => {
      // Connection state recovery appends the event's offset (a string) to what the server sent;
      // no event of ServerToClientEvents ends with a string of its own.
      if (typeof args[args.length - 1] === 'string') args = args.slice(0, -1);
      this.received.push({ event, args });
      this.wake();
    });
    socket.on('disconnect', (reason) => {
      this.disconnectReason = reason;
      this.wake();
    });
  }

  /** The connection id the server knows this tab by (what the X-Socket-Id header carries). */
  get id(): string {
    if (!this.socket.id) throw new Error('socket is not connected');
    return this.socket.id;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /**
   * The first not yet consumed `event` (that `where` accepts, when given), waiting for it up to
   * `timeoutMs`; answers its arguments.
   */
  async next<E extends EventName>(
    event: E,
    timeoutMs = EVENT_TIMEOUT_MS,
    where?: (...args: EventArgs<E>) => boolean,
  ): Promise<EventArgs<E>> {
    const find = () =>
      this.received.findIndex((entry) => entry.event === event && (!where || where(...(entry.args as EventArgs<E>))));
    if (!(await this.waitFor(() => find() !== -1, timeoutMs))) {
      throw new Error(`no '${event}' within ${timeoutMs} ms; received: ${this.describe()}`);
    }
    return this.received.splice(find(), 1)[0].args as EventArgs<E>;
  }

  /** Fails when `event` (that `where` accepts, when given) arrives, or has arrived unconsumed, within the window. */
  async expectNo<E extends EventName>(
    event: E,
    windowMs = QUIET_WINDOW_MS,
    where?: (...args: EventArgs<E>) => boolean,
  ): Promise<void> {
    const arrived = await this.waitFor(
      () => this.received.some((entry) => entry.event === event && (!where || where(...(entry.args as EventArgs<E>)))),
      windowMs,
    );
    if (arrived) throw new Error(`unexpected '${event}': ${this.describe()}`);
  }

  /** Resolves once the server has ended the connection (answers the reason). */
  async disconnected(timeoutMs = EVENT_TIMEOUT_MS): Promise<string> {
    if (!(await this.waitFor(() => this.disconnectReason !== null, timeoutMs))) {
      throw new Error(`still connected after ${timeoutMs} ms`);
    }
    return this.disconnectReason!;
  }

  /** Sends `session:resume` (or any payload, for validation tests) and answers the acknowledgement. */
  async resume(request: unknown, timeoutMs = EVENT_TIMEOUT_MS): Promise<unknown> {
    try {
      return await (this.socket.timeout(timeoutMs) as unknown as Socket).emitWithAck('session:resume', request);
    } catch {
      // Name what came instead (a Nest 'exception' event, for example), not only "timed out".
      throw new Error(`no acknowledgement of session:resume within ${timeoutMs} ms; received: ${this.describe()}`);
    }
  }

  /**
   * Drops the connection as a network blip does (the transport closes under the socket), so the
   * server keeps its state for a while; resolves once the client has noticed.
   */
  async drop(): Promise<void> {
    this.socket.io.engine.close();
    await this.disconnected();
  }

  /**
   * Connects again after drop() (these test sockets do not reconnect on their own); answers
   * whether the server recovered the connection, or rejects with the handshake's refusal.
   */
  async reconnect(): Promise<{ recovered: boolean }> {
    this.disconnectReason = null;
    await new Promise<void>((resolve, reject) => {
      const connected = () => settle(resolve);
      const refused = (error: Error) => settle(() => reject(new Error(`connect_error: ${error.message}`)));
      const settle = (then: () => void) => {
        this.socket.off('connect', connected).off('connect_error', refused);
        then();
      };
      this.socket.once('connect', connected).once('connect_error', refused);
      this.socket.connect();
    });
    return { recovered: this.socket.recovered };
  }

  close(): void {
    this.socket.close();
  }

  private describe(): string {
    return JSON.stringify(this.received.map((entry) => [entry.event, ...entry.args])).slice(0, 2000);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    if (condition()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        done(true);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      this.waiters.add(check);
    });
  }
}

/** Every socket opened through this module, so a test file can close them all in afterEach. */
const openSockets = new Set<TestSocket>();

/** The socketId that /data/start gives this browser's session (null for a visitor). */
export async function socketIdOf(browser: TestBrowser): Promise<string | null> {
  const { body } = await browser.get<StartAnswer>('/data/start');
  return body.data?.user?.socketId ?? null;
}

function open(
  baseUrl: string,
  sid: string | null,
  socketId: string | null,
  headers: Record<string, string> = {},
  teamId?: number,
): TestSocket {
  const socket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    // One Manager per tab: io() would otherwise share one connection between sockets of the same URL.
    forceNew: true,
    reconnection: false,
    auth: { ...(socketId === null ? {} : { socketId }), ...(teamId === undefined ? {} : { teamId }) },
    extraHeaders: { ...headers, ...(sid ? { cookie: `sid=${sid}` } : {}) },
  });
  const testSocket = new TestSocket(socket);
  openSockets.add(testSocket);
  return testSocket;
}

/**
 * Connects a tab as the browser's session (cookie and socketId from /data/start) or, without a
 * browser, as a visitor. Resolves once the server has finished setting the connection up: its
 * first `live:data` (sent after the rooms are joined) has arrived; `live` is that first push.
 */
export async function connectSocket(
  baseUrl: string,
  browser?: TestBrowser,
  options: ConnectOptions = {},
): Promise<TestSocket & { live: LiveData }> {
  const sid = options.sid !== undefined ? options.sid : (browser?.sid ?? null);
  const socketId = options.socketId !== undefined ? options.socketId : browser ? await socketIdOf(browser) : null;
  const testSocket = open(baseUrl, sid, socketId, options.headers, options.teamId);
  await new Promise<void>((resolve, reject) => {
    testSocket.socket.once('connect', () => resolve());
    testSocket.socket.once('connect_error', (error) => reject(new Error(`connect_error: ${error.message}`)));
  });
  const [live] = await testSocket.next('live:data');
  return Object.assign(testSocket, { live });
}

/** A handshake the server must refuse: answers the connect_error message. */
export async function refusedConnection(
  baseUrl: string,
  options: { sid: string | null; socketId: string | null; teamId?: number },
): Promise<string> {
  const testSocket = open(baseUrl, options.sid, options.socketId, {}, options.teamId);
  return new Promise<string>((resolve, reject) => {
    testSocket.socket.once('connect', () => reject(new Error('the server accepted the connection')));
    testSocket.socket.once('connect_error', (error) => resolve(error.message));
  }).finally(() => testSocket.close());
}

/** Closes every socket opened since the last call. */
export function closeAllSockets(): void {
  for (const socket of openSockets) socket.close();
  openSockets.clear();
}
