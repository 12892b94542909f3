import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuthUser } from './auth-context.js';
import type { CachedSession } from './member-cache.js';

export interface NewSession {
  userId: number;
  tokenHash: Buffer;
  socketId: string;
  userAgent: string;
  ip: string;
  device: string;
  lifetimeDays: number;
}

/** What revoking a session must undo elsewhere: its open socket and its cache entry. */
export interface RevokedSession {
  socketId: string;
  tokenHash: Buffer;
}

export interface ActiveSession {
  id: string;
  userAgent: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
}

interface SessionRow {
  id: string;
  user_id: number;
  socket_id: string;
  last_seen_at: Date;
  expires_at: Date;
}

/** A session found by its token, with its member's row as requests see it (null: no such account). */
export interface SessionWithMember {
  session: CachedSession;
  member: AuthUser | null;
}

interface AuthUserRow {
  id: number;
  username: string;
  first_name: string;
  email: string;
  role: AuthUser['role'];
  image: AuthUser['image'];
  email_confirmed_at: Date | null;
  finished_get_started: boolean;
  needs_setup: boolean;
}

/**
 * Signed-in browsers: the `sessions` table, keyed by the SHA-256 of the cookie's token, and the
 * member a session belongs to as every request sees it (a few columns of `users`).
 */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(session: NewSession): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO sessions (user_id, token_hash, socket_id, user_agent, ip, device, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
      [session.userId, session.tokenHash, session.socketId, session.userAgent, session.ip, session.device, session.lifetimeDays],
    );
  }

  /**
   * The session of this token hash unless it is revoked or expired, with its member, in one
   * round trip; a session last seen more than `touchAfterMs` ago is touched in the same statement
   * (as `touch` does), so a request after a quiet minute costs one statement, not three.
   */
  async findActiveWithMember(tokenHash: Buffer, lifetimeDays: number, touchAfterMs: number): Promise<SessionWithMember | null> {
    const [row]: (SessionRow & Partial<AuthUserRow> & { member_id: number | null })[] = await this.dataSource.query(
      `WITH found AS (
         SELECT id, user_id, socket_id, last_seen_at, expires_at FROM sessions
          WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
       ), touched AS (
         UPDATE sessions s SET last_seen_at = now(), expires_at = now() + make_interval(days => $2)
           FROM found
          WHERE s.id = found.id AND s.revoked_at IS NULL
            AND found.last_seen_at < now() - make_interval(secs => $3::float8 / 1000)
         RETURNING s.last_seen_at, s.expires_at
       )
       SELECT found.id, found.user_id, found.socket_id,
              coalesce(touched.last_seen_at, found.last_seen_at) AS last_seen_at,
              coalesce(touched.expires_at, found.expires_at) AS expires_at,
              u.id AS member_id, u.username, u.first_name, u.email, u.role, u.image, u.email_confirmed_at,
              u.finished_get_started, u.needs_setup
         FROM found LEFT JOIN touched ON true LEFT JOIN users u ON u.id = found.user_id`,
      [tokenHash, lifetimeDays, touchAfterMs],
    );
    if (!row) return null;
    return {
      session: toCachedSession(row),
      member: row.member_id === null ? null : toAuthUser({ ...(row as AuthUserRow), id: row.member_id }),
    };
  }

  /** The signed-in member as requests see it (null for no such account). */
  async authUserOf(id: number): Promise<AuthUser | null> {
    const [row]: AuthUserRow[] = await this.dataSource.query(
      `SELECT id, username, first_name, email, role, image, email_confirmed_at, finished_get_started, needs_setup
         FROM users WHERE id = $1`,
      [id],
    );
    return row ? toAuthUser(row) : null;
  }

  /** The user of the session keyed by this socketId unless it is revoked or expired (null then). */
  async activeUserOfSocket(socketId: string): Promise<number | null> {
    const [row]: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM sessions WHERE socket_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [socketId],
    );
    return row?.user_id ?? null;
  }

  /** Marks the session seen now and moves its expiry to `lifetimeDays` from now, unless it was revoked. */
  async touch(sessionId: string, lifetimeDays: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => $2) WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId, lifetimeDays],
    );
  }

  /** The user's sessions that are neither revoked nor expired, last used first. */
  async activeOf(userId: number): Promise<ActiveSession[]> {
    const rows: { id: string; user_agent: string; ip: string; created_at: Date; last_seen_at: Date }[] =
      await this.dataSource.query(
        `SELECT id, user_agent, ip, created_at, last_seen_at FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC`,
        [userId],
      );
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.user_agent,
      ip: row.ip,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    }));
  }

  revokeByTokenHashes(tokenHashes: Buffer[]): Promise<RevokedSession[]> {
    return this.revokeWhere(`token_hash = ANY($1)`, [tokenHashes]);
  }

  /** Only when the session is this user's. */
  revokeOwn(userId: number, sessionId: string): Promise<RevokedSession[]> {
    return this.revokeWhere(`id = $1 AND user_id = $2`, [sessionId, userId]);
  }

  /** Every session of the user but `exceptSessionId` (ids start at 1, so without one: all). */
  revokeAllOf(userId: number, exceptSessionId?: string): Promise<RevokedSession[]> {
    return this.revokeWhere(`user_id = $1 AND id <> $2`, [userId, exceptSessionId ?? '0']);
  }

  /** Ends the matching sessions that are not revoked yet and answers them. */
  private async revokeWhere(condition: string, parameters: unknown[]): Promise<RevokedSession[]> {
    const [rows]: [{ socket_id: string; token_hash: Buffer }[], number] = await this.dataSource.query(
      `UPDATE sessions SET revoked_at = now() WHERE ${condition} AND revoked_at IS NULL RETURNING socket_id, token_hash`,
      parameters,
    );
    return rows.map((row) => ({ socketId: row.socket_id, tokenHash: row.token_hash }));
  }
}

function toCachedSession(row: SessionRow): CachedSession {
  return {
    sessionId: row.id,
    socketId: row.socket_id,
    userId: row.user_id,
    lastSeenAt: row.last_seen_at.getTime(),
    expiresAt: row.expires_at.getTime(),
  };
}

function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    email: row.email,
    role: row.role,
    image: row.image,
    emailConfirmed: row.email_confirmed_at !== null,
    finishedGetStarted: row.finished_get_started,
    needsSetup: row.needs_setup,
  };
}
