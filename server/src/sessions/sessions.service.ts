import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SessionInfo } from '@shared/accounts/account.answers.js';
import { randomToken, sha256, sha256Hex } from '../common/crypto/tokens.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { AuthContext, AuthUser } from './auth-context.js';
import { describeDevice } from './describe-device.js';
import { MemberCache, type CachedSession } from './member-cache.js';

export const SESSION_LIFETIME_DAYS = 30;
/** Sliding expiry is written at most this often per session, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

interface SessionRow {
  id: string;
  user_id: number;
  socket_id: string;
  last_seen_at: Date;
  expires_at: Date;
}

interface UserRow {
  id: number;
  username: string;
  first_name: string;
  email: string;
  role: 'member' | 'admin';
  image: AuthContext['user']['image'];
  email_confirmed_at: Date | null;
  finished_get_started: boolean;
  needs_setup: boolean;
}

/**
 * Server-side sessions in PostgreSQL: the cookie carries an opaque random token, the table
 * only its hash. Expiry slides by 30 days with use; revocation takes effect on the next request
 * (in other processes once their cache hears of it, see MemberCache).
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
    private readonly cache: MemberCache,
  ) {}

  async create(userId: number, userAgent: string, ip: string): Promise<{ token: string; socketId: string }> {
    const token = randomToken();
    const socketId = randomToken(18);
    await this.dataSource.query(
      `INSERT INTO sessions (user_id, token_hash, socket_id, user_agent, ip, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
      [userId, sha256(token), socketId, userAgent.slice(0, 500), ip, SESSION_LIFETIME_DAYS],
    );
    return { token, socketId };
  }

  /** The session's user, or null when the token is unknown, revoked or expired. */
  async authenticate(token: string): Promise<AuthContext | null> {
    if (!token || token.length > 100) return null;
    const key = sha256Hex(token); // the token's stored hash, in hex
    let session = await this.cache.sessions.get(key, () => this.loadSession(key));
    if (session && session.expiresAt <= Date.now()) {
      // Expired as this process last saw it; another process may have extended it since.
      this.cache.forgetSession(key);
      session = await this.cache.sessions.get(key, () => this.loadSession(key));
    }
    if (!session) return null;
    if (Date.now() - session.lastSeenAt > TOUCH_INTERVAL_MS) await this.touch(session);
    const { userId } = session;
    const user = await this.cache.users.get(userId, () => this.loadUser(userId));
    return user && { sessionId: session.sessionId, socketId: session.socketId, user };
  }

  private async loadSession(hashHex: string): Promise<CachedSession | null> {
    const [row]: SessionRow[] = await this.dataSource.query(
      `SELECT id, user_id, socket_id, last_seen_at, expires_at FROM sessions
        WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [Buffer.from(hashHex, 'hex')],
    );
    return row
      ? {
          sessionId: row.id,
          socketId: row.socket_id,
          userId: row.user_id,
          lastSeenAt: row.last_seen_at.getTime(),
          expiresAt: row.expires_at.getTime(),
        }
      : null;
  }

  private async loadUser(id: number): Promise<AuthUser | null> {
    const [row]: UserRow[] = await this.dataSource.query(
      `SELECT id, username, first_name, email, role, image, email_confirmed_at, finished_get_started, needs_setup
         FROM users WHERE id = $1`,
      [id],
    );
    return row
      ? {
          id: row.id,
          username: row.username,
          firstName: row.first_name,
          email: row.email,
          role: row.role,
          image: row.image,
          emailConfirmed: row.email_confirmed_at !== null,
          finishedGetStarted: row.finished_get_started,
          needsSetup: row.needs_setup,
        }
      : null;
  }

  /** Slides the expiry; written at most once a minute per session and process. */
  private async touch(session: CachedSession): Promise<void> {
    const now = Date.now();
    session.lastSeenAt = now; // before the await: concurrent requests must not all write
    session.expiresAt = now + SESSION_LIFETIME_DAYS * 86_400_000;
    await this.dataSource.query(
      `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => $2) WHERE id = $1 AND revoked_at IS NULL`,
      [session.sessionId, SESSION_LIFETIME_DAYS],
    );
  }

  async revokeTokens(tokens: string[]): Promise<void> {
    if (tokens.length === 0) return;
    await this.revokeWhere(`token_hash = ANY($1)`, [tokens.map(sha256)]);
  }

  /** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
  async revokeOwn(userId: number, sessionId: string): Promise<boolean> {
    return (await this.revokeWhere(`id = $1 AND user_id = $2`, [sessionId, userId])) > 0;
  }

  async revokeAllOf(userId: number, exceptSessionId?: string): Promise<void> {
    await this.revokeWhere(`user_id = $1 AND id <> $2`, [userId, exceptSessionId ?? '0']);
  }

  /** Revokes sessions and ends their open sockets in every process. */
  private async revokeWhere(condition: string, parameters: unknown[]): Promise<number> {
    const [rows]: [{ socket_id: string; token_hash: Buffer }[], number] = await this.dataSource.query(
      `UPDATE sessions SET revoked_at = now() WHERE ${condition} AND revoked_at IS NULL RETURNING socket_id, token_hash`,
      parameters,
    );
    for (const row of rows) this.cache.forgetSession(row.token_hash.toString('hex'));
    this.realtime.disconnectSessions(rows.map((row) => row.socket_id));
    return rows.length;
  }

  async listActive(userId: number, currentSessionId: string): Promise<SessionInfo[]> {
    const rows: { id: string; user_agent: string; ip: string; created_at: Date; last_seen_at: Date }[] =
      await this.dataSource.query(
        `SELECT id, user_agent, ip, created_at, last_seen_at FROM sessions
          WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC`,
        [userId],
      );
    return rows.map((row) => ({
      id: Number(row.id),
      device: describeDevice(row.user_agent),
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      current: row.id === currentSessionId,
    }));
  }
}
