import { Injectable, Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import type { Ack, ClientToServerEvents, ServerToClientEvents, SocketData } from '@shared/realtime/events.js';
import { rooms, type SocketRefusal } from '@shared/realtime/events.js';
import { toErrorResponse } from '../common/errors/error-response.js';
import { ErrorLog } from '../error-log/error-log.service.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The acknowledgement a client event answers with. */
type AckOf<E extends keyof ClientToServerEvents> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];
/** Answers one client event; the payload is untrusted and must be validated. */
export type SocketEventHandler<E extends keyof ClientToServerEvents> = (
  socket: RealtimeSocket,
  payload: unknown,
) => Promise<AckOf<E>>;
type EventName = keyof ServerToClientEvents;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/** How often a draining process looks whether its last connection has ended. */
const DRAIN_CHECK_MS = 25;

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
  /** Set by drain(): the process is shutting down. */
  private drainingNow = false;
  constructor(private readonly errorLog: ErrorLog) {}

  private readonly handlers = new Map<keyof ClientToServerEvents, SocketEventHandler<keyof ClientToServerEvents>>();

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  /**
   * Feature modules answer client events here. Plain listeners on each socket keep a connection
   * light (Nest's @SubscribeMessage builds an rxjs pipeline per handler per socket). A handler
   * that throws is answered as HTTP would answer it (refusalOf): an AppError's code and words,
   * `unavailable` with `retryAfter` while the database cannot be reached, else `internal`.
   */
  handle<E extends keyof ClientToServerEvents>(event: E, handler: SocketEventHandler<E>): void {
    this.handlers.set(event, handler as unknown as SocketEventHandler<keyof ClientToServerEvents>);
  }

  /**
   * Called once per connection by the gateway. Each event is counted until its acknowledgement
   * has gone out, so a process shutting down ends a connection only once it has answered it.
   */
  listen(socket: RealtimeSocket): void {
    for (const [event, handler] of this.handlers) {
      (socket.on as (event: string, listener: (payload: unknown, ack: unknown) => void) => void)(event, (payload, ack) => {
        if (typeof ack !== 'function') return;
        const answer = (reply: Ack<unknown, string>) => {
          (ack as (answer: Ack<unknown, string>) => void)(reply);
          socket.data.pendingAcks--;
          if (this.drainingNow && socket.data.pendingAcks === 0) socket.disconnect(true);
        };
        socket.data.pendingAcks++;
        handler(socket, payload).then(answer, (error: unknown) => answer({ error: this.refusalOf(event, socket, error) }));
      });
    }
  }

  get draining(): boolean {
    return this.drainingNow;
  }

  /** Connections open on this process. */
  get localConnections(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  /**
   * For a shutdown: tells every tab connected to this process (`server:restarting`), ends each
   * connection once its pending acknowledgements are answered (at once when none is), and
   * resolves when this process has no connection left. The gateway refuses new ones meanwhile.
   */
  drain(): Promise<void> {
    this.drainingNow = true;
    const server = this.server;
    if (!server) return Promise.resolve();
    server.local.emit('server:restarting');
    for (const socket of server.sockets.sockets.values()) {
      if (socket.data.pendingAcks === 0) socket.disconnect(true);
    }
    const sockets = server.sockets.sockets;
    return new Promise((resolve) => {
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
    if (!this.drainingNow) return false;
    socket.emit('server:restarting');
    socket.disconnect(true);
    return true;
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

  /** Whether a connection id belongs to this user (used to bind work to one tab's connection). */
  async connectionBelongsTo(connectionId: string, userId: number): Promise<boolean> {
    if (!this.server) return false;
    const sockets = await this.server.in(connectionId).fetchSockets();
    return sockets.some((socket) => socket.id === connectionId && socket.data.userId === userId);
  }

  async connectionsOf(userId: number): Promise<number> {
    if (!this.server) return 0;
    return (await this.server.in(rooms.user(userId)).fetchSockets()).length;
  }

  private emit<E extends EventName>(room: string | string[], event: E, args: EventArgs<E>, options: SendOptions): void {
    if (!this.server) return;
    const except = (options.except ?? []).filter((name): name is string => Boolean(name));
    const server = options.local ? this.server.local : this.server;
    const target = except.length ? server.to(room).except(except) : server.to(room);
    (target.emit as (event: E, ...args: EventArgs<E>) => boolean)(event, ...args);
  }
}
