import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import { fastifyCookie } from '@fastify/cookie';
import { z } from 'zod';
import {
  LIVE_TIME_INTERVAL_MS,
  MAX_SOCKETS_PER_USER,
  SOCKET_PATH,
  rooms,
  type Ack,
  type LiveData,
  type ResumeAnswer,
  type SocketData,
} from '@shared/realtime/events.js';
import { AnnouncementsService } from '../announcements/announcements.service.js';
import { SESSION_COOKIE } from '../auth/session-cookies.js';
import { toErrorResponse } from '../common/errors/error-response.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { SHUTTING_DOWN_RETRY_AFTER_SECONDS } from '../shutdown/draining-answer.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { activeRole, TeamAccessService } from '../teams/team-access.service.js';
import { ClockTicks } from '../realtime/clock-ticks.js';
import { CONNECTION_STATE_RECOVERY, guardRecovery } from '../realtime/connection-recovery.js';
import { RealtimeService, type RealtimeServer, type RealtimeSocket } from '../realtime/realtime.service.js';
import { RoomAccess } from '../realtime/room-access.js';

/** A handshake refused on purpose; its message is for the user. */
class HandshakeRefusal extends Error {}

const NOT_THIS_SESSION = 'This connection does not belong to the signed-in session.';

const handshakeSchema = z
  .object({ socketId: z.string().max(100).optional(), teamId: z.number().int().min(1).max(2_147_483_647).nullish() })
  .passthrough();
const resumeSchema = z.object({ afterNotificationId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

/**
 * The one Socket.IO gateway. The handshake authenticates with the session cookie, exactly as
 * HTTP does; a member's socket must also present its session's socketId (from /data/start), so a
 * stolen or guessed id without the cookie gets nothing private. A member's `teamId` must name a
 * team they are active in (else `team_forbidden`), whose room the socket then joins. Visitors
 * connect too, for public announcements.
 *
 * A connection that drops comes back within RECOVERY_WINDOW_MS with its rooms and the events it
 * missed (connection-recovery.ts), only while its session is still live and its team tab's
 * member still active in the team, and only with the cookie of that session.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false, connectionStateRecovery: CONNECTION_STATE_RECOVERY })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly clock = new ClockTicks(LIVE_TIME_INTERVAL_MS);

  constructor(
    private readonly realtime: RealtimeService,
    private readonly sessions: SessionsService,
    private readonly notifications: NotificationsService,
    private readonly liveData: LiveDataService,
    private readonly teams: TeamAccessService,
    private readonly announcements: AnnouncementsService,
    private readonly roomAccess: RoomAccess,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.realtime.attach(server);
    this.realtime.handle('session:resume', (socket, body) => this.resume(socket, body));
    guardRecovery(server, (data, roomNames) => this.mayRecover(data, roomNames));
    server.use((socket, next) => {
      if (this.realtime.draining) return next(shuttingDown());
      (socket.recovered ? this.confirmRecovered(socket) : this.authenticate(socket).then(() => this.joinRooms(socket)))
        .then(() => this.realtime.register(socket))
        .then(
          () => next(),
          (error: unknown) => next(this.handshakeRefusal(error)),
        );
    });
    this.clock.start(server);
  }

  onApplicationShutdown(): void {
    this.clock.stop();
  }

  handleDisconnect(socket: RealtimeSocket): void {
    this.realtime.unregister(socket);
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    if (this.realtime.endIfDraining(socket)) return;
    this.realtime.listen(socket);
    // Kept for recovery like every event a socket is sent: the client learns its first offset from it,
    // which a connection that drops before any other event needs in order to be recovered.
    socket.emit('live:data', await this.liveFor(socket).catch((error: unknown) => this.clockOnly(error)));
  }

  /** The member's live data, with their current team's credit count while they are still active in it. */
  private async liveFor(socket: RealtimeSocket): Promise<LiveData> {
    const { userId, teamId } = socket.data;
    const [live, team] = await Promise.all([this.liveData.forUser(userId), teamId === null ? null : this.teams.team(teamId)]);
    return team && userId !== null && activeRole(team, userId)
      ? { ...live, team: { id: team.id, cc: Number(team.credits) } }
      : live;
  }

  /**
   * Live data when the credit count cannot be read (the database is down): the clock alone, so
   * the tab keeps the count it shows. Nest does not await handleConnection, so nothing may throw.
   */
  private clockOnly(error: unknown): LiveData {
    if (toErrorResponse(error, 'live data').unexpected) {
      this.logger.error(`Reading live data failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
    return { live_time: Date.now() };
  }

  /** Called by a (re)connected tab: what it missed, and the current live data. */
  private async resume(socket: RealtimeSocket, body: unknown): Promise<Ack<ResumeAnswer>> {
    const request = resumeSchema.safeParse(body);
    if (!request.success) return { error: { code: ErrorCode.Validation, message: 'Invalid request' } };
    const { userId } = socket.data;
    if (userId === null) {
      const live = await this.liveData.forUser(null);
      return { data: { notifications: [], unread: 0, live, announcements: this.announcements.forVisitors() } };
    }
    const [notifications, unread, live, announcements] = await Promise.all([
      this.notifications.since(userId, request.data.afterNotificationId),
      this.notifications.unreadCount(userId),
      this.liveFor(socket),
      this.announcements.forMember(userId),
    ]);
    return { data: { notifications, unread, live, announcements } };
  }

  private async authenticate(socket: RealtimeSocket): Promise<void> {
    socket.data.userId = null;
    socket.data.sessionKey = null;
    socket.data.teamId = null;
    socket.data.eventCount = 0;
    socket.data.windowStartedAt = Date.now();
    socket.data.pendingAcks = 0;
    const handshake = handshakeSchema.safeParse(socket.handshake.auth ?? {});
    const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
    const auth = token ? await this.sessions.authenticate(token) : null;
    if (!auth) return; // a visitor, or an ended session: public events only
    if (!handshake.success || handshake.data.socketId !== auth.socketId) throw new HandshakeRefusal(NOT_THIS_SESSION);
    if ((await this.realtime.connectionsOf(auth.user.id)) >= MAX_SOCKETS_PER_USER) {
      throw new HandshakeRefusal('Too many open connections. Please close some tabs.');
    }
    const teamId = handshake.data.teamId ?? null;
    if (teamId !== null) await this.teams.actingTeam(auth.user.id, teamId);
    socket.data.userId = auth.user.id;
    socket.data.sessionKey = auth.socketId;
    socket.data.teamId = teamId;
  }

  /**
   * Whether a dropped connection's saved state (rooms, data, missed events) may be given back:
   * its session must not have been logged out, expired or suspended since, and a team tab's
   * member must still be active in the team (a removal while it was away left its room only
   * on the server's side), and the member (or visitor) must still be allowed in every room it
   * would get back (a post or group room it lost while away). Decided before any missed event is
   * sent; on false it connects afresh.
   */
  private async mayRecover({ userId, sessionKey, teamId }: SocketData, roomNames: string[]): Promise<boolean> {
    if (userId !== null) {
      if (sessionKey === null || !(await this.sessions.isLive(sessionKey, userId))) return false;
      if (teamId !== null && activeRole(await this.teams.team(teamId), userId) === null) return false;
    }
    return this.roomAccess.mayStayIn(userId, roomNames);
  }

  /**
   * A recovered connection keeps its data and rooms, but its handshake must carry the cookie of
   * the session it belongs to, exactly as a new one (a visitor's: no session at all).
   */
  private async confirmRecovered(socket: RealtimeSocket): Promise<void> {
    const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
    const auth = token ? await this.sessions.authenticate(token) : null;
    if ((auth?.socketId ?? null) !== socket.data.sessionKey) throw new HandshakeRefusal(NOT_THIS_SESSION);
  }

  /**
   * What a refused handshake tells the client (`connect_error`): the refusal itself, or for any
   * other failure its code and words as HTTP would answer it (`unavailable` while the database
   * is down), never the error's own text.
   */
  private handshakeRefusal(error: unknown): Error {
    if (error instanceof HandshakeRefusal) return error;
    const response = toErrorResponse(error, 'socket handshake');
    if (response.unexpected)
      this.logger.error(`Socket handshake failed: ${error instanceof Error ? error.stack : String(error)}`);
    const [{ code, message, retryAfter }] = response.errors;
    return Object.assign(new Error(message), { data: { code, retryAfter } });
  }

  /**
   * Rooms are joined in the middleware, before the client hears it is connected, so nothing
   * sent between its `connect` and its `session:resume` can be missed.
   */
  private async joinRooms(socket: RealtimeSocket): Promise<void> {
    const { userId, sessionKey, teamId } = socket.data;
    const clockRoom = this.clock.nextRoom();
    if (userId !== null && sessionKey !== null) {
      const accountRoom = teamId === null ? rooms.ownAccount(userId) : rooms.team(teamId);
      await socket.join([rooms.user(userId), rooms.session(sessionKey), rooms.members, clockRoom, accountRoom]);
    } else {
      await socket.join([rooms.visitors, clockRoom]);
    }
  }
}

/** The handshake refusal of a process that is shutting down: the tab connects again, to another process. */
function shuttingDown(): Error {
  return Object.assign(new Error('This server is restarting. Reconnecting…'), {
    data: { code: ErrorCode.ShuttingDown, retryAfter: SHUTTING_DOWN_RETRY_AFTER_SECONDS },
  });
}
