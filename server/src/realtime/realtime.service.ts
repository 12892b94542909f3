import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { Server, Socket } from 'socket.io';
import type { Ack, ClientToServerEvents, ServerToClientEvents, SocketData } from '@shared/realtime/events.js';
import { rooms, SOCKET_EVENT_WINDOW_MS, type SocketRefusal } from '@shared/realtime/events.js';
import type { ConnectionHandover } from '@shared/realtime/handover.js';
import { toErrorResponse } from '../common/errors/error-response.js';
import { ServerErrorRecorder } from '../common/errors/server-error-recorder.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ConnectionRegistry } from './connection-registry.js';
import { RoomPresence } from './room-presence.js';
import { handoverIsValid, issueHandover } from './connection-handover.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The acknowledgement a client event answers with. */
type AckOf<E extends keyof ClientToServerEvents> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];
/** Answers one client event; the payload is untrusted and must be validated. */
export type SocketEventHandler<E extends keyof ClientToServerEvents> = (
  socket: RealtimeSocket,
  payload: unknown,
) => Promise<AckOf<E>>;
/** A listener every socket shares; Socket.IO calls it with the socket as `this`. */
type SharedListener = (this: RealtimeSocket, payload: unknown, ack: unknown) => void;
type EventName = keyof ServerToClientEvents;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/** How long counting a member's connections waits for the other processes. */
const COUNT_TIMEOUT_MS = 1000;
/** How long a stopping process still answers its tabs after telling them it stops. */
const DRAIN_GRACE_MS = 300;
/** How often a draining process looks whether its last connection has ended. */
const DRAIN_CHECK_MS = 25;

/** A connection as a room check sees it, on whichever process it is. */
export interface ConnectionInRooms {
  id: string;
  userId: number | null;
  rooms: string[];
}

export interface SendOptions {
  /**
   * Rooms or connection ids that must not get the event: e.g. the tab that caused it (its
   * X-Socket-Id header), or the members who dismissed an announcement.
   */
  except?: (string | null)[];
  /**
   * Only this process's sockets: for events every process sends on its own (e.g. from a timer
   * each one runs), which the adapter must not repeat to the others.
   */
  local?: boolean;
}

/**
 * The one way services push to browsers: typed events to a user's every tab, to an audience,
 * or to everyone. With REDIS_URL the adapter carries them to sockets of other processes too.
 */
@Injectable()
export class RealtimeService {
  private readonly logger = new Logger(RealtimeService.name);
  private server: RealtimeServer | null = null;
  /** Set by drain(): the process is shutting down, and takes no new connection. */
  private stopping = false;
  /** Set by drain() after its grace: connections end as soon as they have answered. */
  private drainingNow = false;
  constructor(
    private readonly errorLog: ServerErrorRecorder,
    private readonly registry: ConnectionRegistry,
    private readonly presence: RoomPresence,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One listener per event, shared by every socket (it reads its socket from `this`): a connection adds no closure of its own. */
  private readonly listeners = new Map<keyof ClientToServerEvents, SharedListener>();

  attach(server: RealtimeServer): void {
    this.server = server;
    this.presence.follow(server.sockets.adapter);
  }

  /**
   * Feature modules answer client events here. Plain listeners on each socket keep a connection
   * light (Nest's @SubscribeMessage builds an rxjs pipeline per handler per socket). A handler
   * that throws is answered as HTTP would answer it (refusalOf): an AppError's code and words,
   * `unavailable` with `retryAfter` while the database cannot be reached, else `internal`.
   */
  handle<E extends keyof ClientToServerEvents>(event: E, handler: SocketEventHandler<E>): void {
    this.listeners.set(
      event,
      sharedListener((socket, payload, ack) =>
        this.answer(socket, event, handler as SocketEventHandler<keyof ClientToServerEvents>, payload, ack),
      ),
    );
  }

  /** Called once per connection by the gateway. */
  listen(socket: RealtimeSocket): void {
    for (const [event, listener] of this.listeners)
      (socket.on as (event: string, listener: SharedListener) => void)(event, listener);
  }

  /**
   * Answers one event, past the socket's event limit. Each event is counted until its
   * acknowledgement has gone out, so a process shutting down ends a connection only once it has
   * answered it.
   */
  private answer(
    socket: RealtimeSocket,
    event: keyof ClientToServerEvents,
    handler: SocketEventHandler<keyof ClientToServerEvents>,
    payload: unknown,
    ack: unknown,
  ): void {
    const refusal = this.overLimit(socket);
    if (typeof ack !== 'function') return;
    const reply = ack as (answer: Ack<unknown, string>) => void;
    if (refusal) return reply({ error: refusal });
    const answer = (result: Ack<unknown, string>) => {
      reply(result);
      socket.data.pendingAcks--;
      if (this.drainingNow && socket.data.pendingAcks === 0) socket.disconnect(true);
    };
    socket.data.pendingAcks++;
    handler(socket, payload).then(answer, (error: unknown) => answer({ error: this.refusalOf(event, socket, error) }));
  }

  /**
   * Counts the event against the socket's limit; beyond it, the refusal to answer with. Counted
   * on the socket, not in Redis: a connection lives on one process, so the count is exact however
   * many run.
   */
  private overLimit(socket: RealtimeSocket): SocketRefusal | null {
    const now = Date.now();
    if (now - socket.data.windowStartedAt > SOCKET_EVENT_WINDOW_MS) {
      socket.data.windowStartedAt = now;
      socket.data.eventCount = 0;
    }
    socket.data.eventCount++;
    if (socket.data.eventCount <= this.config.socketEventsPerWindow) return null;
    const retryAfter = Math.max(1, Math.ceil((socket.data.windowStartedAt + SOCKET_EVENT_WINDOW_MS - now) / 1000));
    return { code: ErrorCode.RateLimited, message: 'Too many requests. Please slow down.', retryAfter };
  }

  get draining(): boolean {
    return this.stopping;
  }

  /** Connections open on this process. */
  get localConnections(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  /**
   * For a shutdown: tells every tab connected to this process (`server:restarting`, with a
   * member's tab's handover), keeps answering for DRAIN_GRACE_MS (an event a tab sent before the
   * notice reached it is answered, not dropped with its connection), then ends each connection
   * once its pending acknowledgements are answered (at once when none is), and resolves when this
   * process has no connection left. The gateway refuses new ones meanwhile. A claim that reaches
   * no process in time (sent after the notice, or crossing the end of its connection) is not
   * lost: the tab sends it again over its new connection with the handover (handedOver).
   */
  async drain(): Promise<void> {
    this.stopping = true;
    const server = this.server;
    if (!server) {
      this.drainingNow = true;
      return;
    }
    const nowMs = Date.now();
    for (const socket of server.sockets.sockets.values()) this.tellRestarting(server, socket, nowMs);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS));
    this.drainingNow = true;
    for (const socket of server.sockets.sockets.values()) {
      if (socket.data.pendingAcks === 0) socket.disconnect(true);
    }
    const sockets = server.sockets.sockets;
    await new Promise<void>((resolve) => {
      if (sockets.size === 0) return resolve();
      const check = setInterval(() => {
        if (sockets.size > 0) return;
        clearInterval(check);
        resolve();
      }, DRAIN_CHECK_MS);
    });
  }

  /** A connection that completed its handshake while the process was starting to drain: told and ended at once. */
  endIfDraining(socket: RealtimeSocket): boolean {
    if (!this.stopping) return false;
    if (this.server) this.tellRestarting(this.server, socket, Date.now());
    socket.disconnect(true);
    return true;
  }

  /**
   * The restart notice, with the handover of a member's tab (visitors hold no ticket and get
   * none). Sent `local`, as the clock's ticks are: it is kept for no recovery and crosses no Redis.
   */
  private tellRestarting(server: RealtimeServer, socket: RealtimeSocket, nowMs: number): void {
    const { userId, sessionKey } = socket.data;
    const handover =
      userId === null || sessionKey === null
        ? null
        : issueHandover(this.config.sessionSecret, socket.id, { userId, sessionKey }, nowMs);
    server.local.to(socket.id).emit('server:restarting', handover);
  }

  /**
   * The ended connection whose surf ticket `socket` may claim: `handover` must have been issued by
   * a stopping process of this deployment to a connection of the same member and session, must
   * not have expired, and that connection must have ended (on every process: while it is open,
   * its ticket is claimed over it). Null when any of that fails.
   */
  async handedOver(socket: RealtimeSocket, handover: ConnectionHandover): Promise<string | null> {
    const { userId, sessionKey } = socket.data;
    if (userId === null || sessionKey === null || handover.connection === socket.id) return null;
    if (!handoverIsValid(this.config.sessionSecret, handover, { userId, sessionKey }, Date.now())) return null;
    if (this.server?.sockets.sockets.has(handover.connection)) return null;
    if ((await this.registry.ownerOf(handover.connection)) !== null) return null;
    return handover.connection;
  }

  private refusalOf(event: string, socket: RealtimeSocket, error: unknown): SocketRefusal {
    const response = toErrorResponse(error, socket.id);
    if (response.unexpected) {
      this.logger.error(`${event} failed (socket ${socket.id}): ${error instanceof Error ? error.stack : String(error)}`);
      this.errorLog.recordServerError(error, 'SOCKET', event);
    }
    const [{ code, message, retryAfter }] = response.errors;
    return retryAfter === undefined ? { code, message } : { code, message, retryAfter };
  }

  sendToUser<E extends EventName>(userId: number, event: E, args: EventArgs<E>, options: SendOptions = {}): void {
    this.emit(rooms.user(userId), event, args, options);
  }

  sendToRoom<E extends EventName>(room: string | string[], event: E, args: EventArgs<E>, options: SendOptions = {}): void {
    this.emit(room, event, args, options);
  }

  sendToAll<E extends EventName>(event: E, args: EventArgs<E>, options: Pick<SendOptions, 'local'> = {}): void {
    if (!this.server) return;
    const target = options.local ? this.server.local : this.server;
    (target.emit as (event: E, ...args: EventArgs<E>) => boolean)(event, ...args);
  }

  /** Ends the connections of revoked sessions, in every process. */
  disconnectSessions(sessionKeys: string[]): void {
    if (!this.server || sessionKeys.length === 0) return;
    this.server.in(sessionKeys.map(rooms.session)).disconnectSockets(true);
  }

  /** Takes every tab of the user, in every process, out of the room. */
  leaveRoom(userId: number, room: string): void {
    this.server?.in(rooms.user(userId)).socketsLeave(room);
  }

  /**
   * The connections in any of these rooms, on every process, with the rooms each is in. A process
   * that does not answer within COUNT_TIMEOUT_MS is left out, as in connectionsOf.
   */
  async connectionsIn(roomNames: string[]): Promise<ConnectionInRooms[]> {
    if (!this.server || roomNames.length === 0) return [];
    let sockets: { id: string; data: SocketData; rooms: Set<string> }[];
    try {
      sockets = await this.server.in(roomNames).timeout(COUNT_TIMEOUT_MS).fetchSockets();
    } catch (error) {
      this.logger.warn(`Listing connections on every process failed (${String(error)}): listing this process's`);
      sockets = await this.server.local.in(roomNames).fetchSockets();
    }
    return sockets.map((socket) => ({ id: socket.id, userId: socket.data.userId, rooms: [...socket.rooms] }));
  }

  /**
   * Takes one connection, on whichever process it is, out of these rooms. Through Redis the leave
   * travels on the stream every later event of this process takes, so it lands before them.
   */
  leaveRooms(connectionId: string, roomNames: string[]): void {
    this.server?.in(connectionId).socketsLeave(roomNames);
  }

  /** Whether the connection is open and the member's: this process's in memory, another's through the registry. */
  async connectionBelongsTo(connectionId: string, userId: number): Promise<boolean> {
    if (!this.server) return false;
    const local = this.server.sockets.sockets.get(connectionId);
    if (local) return local.data.userId === userId;
    return (await this.registry.ownerOf(connectionId)) === userId;
  }

  /**
   * Makes a member's connection, and its account room's tab, known to every process (before its
   * client hears it is connected, so whatever it loads next is followed by the pushes after it),
   * until it ends (unregister).
   */
  async register(socket: RealtimeSocket): Promise<void> {
    const { userId } = socket.data;
    if (userId === null) return;
    await Promise.all([this.registry.register(socket.id, userId), this.presence.published(socket.rooms)]);
  }

  /**
   * Whether an account's room (rooms.ownAccount, rooms.team) has a tab on any process: this
   * process's in memory, the others' through one Redis read (RoomPresence). Cheap enough to ask
   * before every push of figures an account's tabs alone show.
   */
  hasTabsIn(accountRoom: string): Promise<boolean> {
    return this.presence.occupied(accountRoom);
  }

  /** Called by the gateway when a connection ends. */
  unregister(socket: RealtimeSocket): void {
    const { userId } = socket.data;
    if (userId !== null) this.registry.unregister(socket.id, userId);
  }

  /**
   * The member's connections on every process. A process that does not answer within
   * COUNT_TIMEOUT_MS (dying, or not yet known to be gone) is left out: its connections are
   * ending anyway, and the member's tabs must be able to reconnect meanwhile.
   */
  async connectionsOf(userId: number): Promise<number> {
    if (!this.server) return 0;
    try {
      return (await this.server.in(rooms.user(userId)).timeout(COUNT_TIMEOUT_MS).fetchSockets()).length;
    } catch (error) {
      this.logger.warn(`Counting connections on every process failed (${String(error)}): counting this process's`);
      return (await this.server.local.in(rooms.user(userId)).fetchSockets()).length;
    }
  }

  private emit<E extends EventName>(room: string | string[], event: E, args: EventArgs<E>, options: SendOptions): void {
    if (!this.server) return;
    const except = (options.except ?? []).filter((name): name is string => Boolean(name));
    const server = options.local ? this.server.local : this.server;
    const target = except.length ? server.to(room).except(except) : server.to(room);
    (target.emit as (event: E, ...args: EventArgs<E>) => boolean)(event, ...args);
  }
}

/** Turns a function of (socket, payload, ack) into a listener Socket.IO calls with the socket as `this`. */
function sharedListener(answer: (socket: RealtimeSocket, payload: unknown, ack: unknown) => void): SharedListener {
  return function (this: RealtimeSocket, payload: unknown, ack: unknown) {
    answer(this, payload, ack);
  };
}
