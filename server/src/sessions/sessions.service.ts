import { Injectable } from '@nestjs/common';
import type { SessionInfo } from '@shared/accounts/account.answers.js';
import { randomToken, sha256, sha256Hex } from '../common/crypto/tokens.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { AuthContext, AuthUser } from './auth-context.js';
import { describeDevice } from './describe-device.js';
import { MemberCache, type CachedSession } from './member-cache.js';
import { SessionsRepository, type RevokedSession } from './sessions.repository.js';

export const SESSION_LIFETIME_DAYS = 30;
/** Sliding expiry is written at most this often per session, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Server-side sessions in PostgreSQL: the cookie carries an opaque random token, the table
 * only its hash. Expiry slides by 30 days with use; revocation takes effect on the next request
 * (in other processes once their cache hears of it, see MemberCache).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly realtime: RealtimeService,
    private readonly cache: MemberCache,
  ) {}

  async create(
    userId: number,
    client: { userAgent: string; ip: string; device: string },
  ): Promise<{ token: string; socketId: string }> {
    const token = randomToken();
    const socketId = randomToken(18);
    await this.sessions.insert({
      userId,
      tokenHash: sha256(token),
      socketId,
      userAgent: client.userAgent.slice(0, 500),
      ip: client.ip,
      device: client.device,
      lifetimeDays: SESSION_LIFETIME_DAYS,
    });
    return { token, socketId };
  }

  /**
   * The session's user, or null when the token is unknown, revoked or expired. A session not
   * cached is read with its member (and touched when due) in one statement.
   */
  async authenticate(token: string): Promise<AuthContext | null> {
    if (!token || token.length > 100) return null;
    const key = sha256Hex(token); // the token's stored hash, in hex
    const readAlong: { member?: AuthUser | null } = {};
    const since = this.cache.users.mark();
    const load = async (): Promise<CachedSession | null> => {
      const found = await this.sessions.findActiveWithMember(Buffer.from(key, 'hex'), SESSION_LIFETIME_DAYS, TOUCH_INTERVAL_MS);
      readAlong.member = found?.member;
      return found?.session ?? null;
    };
    let session = await this.cache.sessions.get(key, load);
    if (session && session.expiresAt <= Date.now()) {
      // Expired as this process last saw it; another process may have extended it since.
      this.cache.forgetSession(key);
      session = await this.cache.sessions.get(key, load);
    }
    if (!session) return null;
    if (Date.now() - session.lastSeenAt > TOUCH_INTERVAL_MS) await this.touch(session);
    const { userId } = session;
    const loadUser = () => this.sessions.authUserOf(userId);
    const user =
      readAlong.member === undefined
        ? await this.cache.users.get(userId, loadUser)
        : await this.cache.users.getOrAdopt(userId, readAlong.member, since, loadUser);
    return user && { sessionId: session.sessionId, socketId: session.socketId, user };
  }

  /**
   * Whether the session keyed by `socketId` is still the user's and live (not logged out,
   * expired, or ended by a suspension). Read from the database: a socket coming back after a
   * drop must not ride on a cache entry another process has not dropped yet.
   */
  async isLive(socketId: string, userId: number): Promise<boolean> {
    return (await this.sessions.activeUserOfSocket(socketId)) === userId;
  }

  /** Slides the expiry; written at most once a minute per session and process. */
  private async touch(session: CachedSession): Promise<void> {
    const now = Date.now();
    session.lastSeenAt = now; // before the await: concurrent requests must not all write
    session.expiresAt = now + SESSION_LIFETIME_DAYS * 86_400_000;
    await this.sessions.touch(session.sessionId, SESSION_LIFETIME_DAYS);
  }

  async revokeTokens(tokens: string[]): Promise<void> {
    if (tokens.length === 0) return;
    this.forgetRevoked(await this.sessions.revokeByTokenHashes(tokens.map(sha256)));
  }

  /** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
  async revokeOwn(userId: number, sessionId: string): Promise<boolean> {
    return this.forgetRevoked(await this.sessions.revokeOwn(userId, sessionId)) > 0;
  }

  async revokeAllOf(userId: number, exceptSessionId?: string): Promise<void> {
    this.forgetRevoked(await this.sessions.revokeAllOf(userId, exceptSessionId));
  }

  /** Drops revoked sessions from this process's cache and ends their open sockets in every process; answers how many. */
  private forgetRevoked(revoked: RevokedSession[]): number {
    for (const session of revoked) this.cache.forgetSession(session.tokenHash.toString('hex'));
    this.realtime.disconnectSessions(revoked.map((session) => session.socketId));
    return revoked.length;
  }

  async listActive(userId: number, currentSessionId: string): Promise<SessionInfo[]> {
    const sessions = await this.sessions.activeOf(userId);
    return sessions.map((session) => ({
      id: Number(session.id),
      device: describeDevice(session.userAgent),
      ip: session.ip,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      current: session.id === currentSessionId,
    }));
  }
}
