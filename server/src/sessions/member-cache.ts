import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { MediaObject } from '@shared/media/media.js';
import type { UiNotifications } from '@shared/start/start.js';
import type { TeamMemberStatus, TeamRole } from '@shared/teams/teams.js';
import { InvalidatingCache } from '../common/cache/invalidating-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { listenForChanges } from '../database/pg-listener.js';
import type { AuthUser } from './auth-context.js';

/** The channel notify_member_cache (sql/notify_member_cache.sql) and the team cache functions NOTIFY on. */
export const MEMBER_CACHE_CHANNEL = 'member_cache';

export interface CachedSession {
  sessionId: string;
  socketId: string;
  userId: number;
  /** ms since the epoch, as this process last saw them. */
  lastSeenAt: number;
  expiresAt: number;
}

/** One member row of a team, with what lists show of the person (read by TeamsRepository.withMembers). */
export interface TeamMemberRow {
  uid: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  role: TeamRole;
  status: TeamMemberStatus;
  invited_by: number | null;
  /** ISO times (read through json_agg). */
  invited_at: string | null;
  invite_expires_at: string | null;
  joined_at: string | null;
}

/** A team with all its members, active and invited: what the team cache keeps. */
export interface TeamRow {
  id: number;
  name: string;
  image_id: string | null;
  credits: string;
  allow_withdraw: boolean;
  created_by: number | null;
  created_at: Date;
  members: TeamMemberRow[];
}

/** Entries are reloaded at least this often, in case an invalidation was ever missed. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * What every signed-in request reads — the session, its user, the notification summary, the
 * announcements dismissed, the teams it may act for — kept in memory so that /data/start and the guard need no query in
 * the steady state.
 *
 * Kept true by invalidation, not by time:
 * - this process drops an entry synchronously when it changes the data (revoking a session,
 *   notifying, any state-changing request of the member: see forgetActingMember), so a member
 *   always reads their own writes;
 * - triggers on sessions, users, notifications, announcement_dismissals, teams and team_members
 *   NOTIFY every process on commit, whatever wrote the row (another process, the admin CLI, SQL
 *   by hand); those processes drop the entry within milliseconds. Until then a revoked session
 *   (or a removed team member) can still pass there — the price of not asking PostgreSQL on
 *   every request. Payloads: 's:<token hash>', 'm:<user id>', 't:<team id>' (a team and its
 *   members), 'tm:<user id>' (the teams a member belongs to).
 */
@Injectable()
export class MemberCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MemberCache.name);
  private listener: { close(): Promise<void> } | null = null;

  /** Keyed by the hex SHA-256 of the session token. */
  readonly sessions = new InvalidatingCache<string, CachedSession>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  readonly users = new InvalidatingCache<number, AuthUser>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  readonly notifications = new InvalidatingCache<number, UiNotifications>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  /** Ids of the active announcements the member dismissed. */
  readonly dismissals = new InvalidatingCache<number, ReadonlySet<number>>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  /** Teams with all their members, by team id: whether a member may act for one is read here. */
  readonly teams = new InvalidatingCache<number, TeamRow>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });
  /** The teams a member is active in or invited to, by user id. */
  readonly memberTeams = new InvalidatingCache<number, readonly number[]>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.listener = await listenForChanges(
      this.config.databaseUrl!,
      MEMBER_CACHE_CHANNEL,
      (payload) => this.onNotify(payload),
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  /** The member's user row, notifications or dismissals changed. */
  forgetMember(userId: number): void {
    this.users.delete(userId);
    this.notifications.delete(userId);
    this.dismissals.delete(userId);
  }

  /** The team, its members or one of their memberships changed. */
  forgetTeam(teamId: number, memberIds: readonly number[] = []): void {
    this.teams.delete(teamId);
    for (const userId of memberIds) this.memberTeams.delete(userId);
  }

  forgetSession(tokenHashHex: string): void {
    this.sessions.delete(tokenHashHex);
  }

  private onNotify(payload: string | undefined): void {
    if (payload?.startsWith('m:')) return this.forgetMember(Number(payload.slice(2)));
    if (payload?.startsWith('s:')) return this.forgetSession(payload.slice(2));
    if (payload?.startsWith('t:')) return this.forgetTeam(Number(payload.slice(2)));
    if (payload?.startsWith('tm:')) return void this.memberTeams.delete(Number(payload.slice(3)));
    // A reconnect (notifications may have been lost) or an unknown message: start over.
    this.sessions.clear();
    this.users.clear();
    this.notifications.clear();
    this.dismissals.clear();
    this.teams.clear();
    this.memberTeams.clear();
  }
}
