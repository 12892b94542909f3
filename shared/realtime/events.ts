import type { Announcement } from '../announcements/announcements.js';
import type { ErrorCode } from '../api/error-codes.js';
import type { Order } from '../billing/billing.js';
import type { CampaignCounters, CampaignItem } from '../campaigns/campaigns.js';
import type { FeedComment } from '../feed/comments.js';
import type { FeelCounts, FeelKind, FeelTarget } from '../feed/feels.js';
import type { NotificationItem } from '../notifications/notifications.js';
import type { CommissionState } from '../referrals/commissions.js';
import type { SurfClaimRefusalCode } from '../surf/surf-outcomes.js';
import type { SurfClaim, SurfClaimAnswer } from '../surf/surf.js';
import type { ConnectionHandover } from './handover.js';

/** What one tracking batch added to one post's counts. */
export interface PostCountedNow {
  pid: number;
  seen: number;
  viewed: number;
  linkClicks: number;
  profileViews: number;
}

/** Live data: the member's credit count and the server's clock (ms since epoch), for countdowns. */
export interface LiveData {
  cc?: number;
  live_time: number;
  /** The current team's credit count (tabs whose handshake named a team), pushed when it changes. */
  team?: { id: number; cc: number };
}

/**
 * A refused socket request: a stable code (the client branches on it), words for people, and
 * the typed fields that code carries. Internal error text is never sent.
 */
export interface SocketRefusal<C extends string = ErrorCode> {
  code: C;
  message: string;
  /** Seconds until the same request may succeed (a countdown still running, a rate limit). */
  retryAfter?: number;
}

/** Answers to client requests through acknowledgements. */
export type Ack<T, C extends string = ErrorCode> = { data: T } | { error: SocketRefusal<C> };

/** What a tab that could not resume its connection as it was asks for: what it may have missed, and the current state. */
export interface ResumeAnswer {
  notifications: NotificationItem[];
  unread: number;
  live: LiveData;
  /** The announcements shown to this tab now (its audience's, minus a member's dismissed ones): they replace the tab's list. */
  announcements: Announcement[];
}

/** Events the server pushes. One map, used by the server's `Server<…>` and by the client socket. */
export interface ServerToClientEvents {
  'notification:new': (notification: NotificationItem, unread: number) => void;
  /** Another tab read notifications: `ids` null means all of them. */
  'notifications:read': (change: { ids: number[] | null; unread: number }) => void;
  'live:data': (live: LiveData) => void;
  'announcement:show': (announcement: Announcement) => void;
  /** Ended by an admin, or dismissed by this member on another device. */
  'announcement:hide': (change: { id: number }) => void;
  /** This tab's surf ticket was taken over by another tab (one open ticket per member). */
  'surf:replaced': (change: { ticketId: string }) => void;
  /**
   * To every tab of the member: an admin stopped their earning. An open surf bar asks for its
   * next post at once and is answered with the `earning_blocked` empty state.
   */
  'surf:stopped': (change: { reason: 'earning_blocked' }) => void;
  /**
   * The owner's campaigns' current figures, after views were paid (at most one push a second per
   * owner, at once when a campaign runs out of credits) or after the owner changed one in a tab.
   * The owner is the member (to their tabs acting for no team) or a team (to the tabs acting for it).
   */
  'campaigns:updated': (change: { campaigns: CampaignCounters[] }) => void;
  /**
   * To the owner's tabs (a member's acting for no team, or those acting for the team a post
   * belongs to): a post was written or edited (`item`, put in place or first), or deleted
   * (`item` null), so a list open in another tab follows.
   */
  'posts:changed': (change: { pid: number; item: CampaignItem | null }) => void;
  /**
   * To the owner's tabs: what a batch of tracking events just added to their posts' counts
   * (once a day per viewer, as the rollups count), so today's figures on Detailed Stats rise live.
   */
  'stats:counted': (change: { posts: PostCountedNow[] }) => void;
  /**
   * To the tabs watching the post: a comment was written or edited (merge by id; its `feels`
   * are empty for a new one), and how many the post has now.
   */
  'post:comment': (change: { pid: number; comment: FeedComment; commentCount: number }) => void;
  /** To the tabs watching the post: a comment (with its replies, for a top-level one) was deleted. */
  'post:comment-removed': (change: { pid: number; commentId: number; parentId: number | null; commentCount: number }) => void;
  /** To the tabs watching the post: the feel counts of the post or one of its comments after member `by` gave `kind` (null: took theirs back). */
  'post:feels': (change: { target: FeelTarget; counts: FeelCounts; by: number; kind: FeelKind | null }) => void;
  /**
   * To a tab watching these posts: it may no longer see them (the post or its group was deleted,
   * the member was removed or banned from its group or left it, the group became private, or a
   * block came between viewer and author), so it was taken out of their rooms and hears no more of them.
   */
  'post:access-lost': (change: { pids: number[] }) => void;
  /**
   * To the tabs showing a group's members: someone joined, asked to join, left, was accepted,
   * removed, banned or unbanned, or changed role, or the group was deleted. The tab reads the
   * group and its members again (what each viewer may see of them is the HTTP calls' to decide).
   */
  'group:members': (change: { slug: string }) => void;
  /**
   * To every tab of every member concerned (active, invited, or just removed): something about
   * the team changed — its name or picture, members, invitations, roles, credits. The tab reads
   * GET /data/teams (or /data/start) again; a member who is no longer active forgets it as current.
   */
  'teams:changed': (change: { teamId: number }) => void;
  /** To the buyer's tabs: an order was settled (paid, declined), so /upgrade/complete shows it live. */
  'billing:order': (order: Order) => void;
  /**
   * To the referrer's tabs: one of their referral commissions was created, credited or taken
   * back; the referrals page reads its commissions again.
   */
  'referral:commission': (change: { id: number; state: CommissionState }) => void;
  /**
   * To every tab connected to this process: it is shutting down. It still answers the requests
   * the tab has sent, then ends the connection ('io server disconnect'); the tab connects again
   * within SERVER_RESTART_RECONNECT_SPREAD_MS, which behind a load balancer reaches another process.
   * A member's tab gets its `handover` (null for visitors): its surf claim of the ticket this
   * connection holds goes over the new connection with it (`SurfClaim.handover`), so a Next click
   * made across the restart is still answered and credited.
   */
  'server:restarting': (handover: ConnectionHandover | null) => void;
  /**
   * To every tab, from a process whose link to Redis came back after events it sent could not
   * reach the other processes' tabs: each tab catches up (`session:resume`) as after a
   * reconnect, at a random moment within RESYNC_SPREAD_MS so that they do not all ask at once.
   */
  'realtime:resync': () => void;
  /**
   * To every tab, when an admin turns maintenance on or off (each process tells its own tabs as
   * it reloads the website settings): a member's or visitor's tab moves to /maintenance at once,
   * and the maintenance page goes back to where the tab was when it ends. The admin area stays.
   */
  'website:maintenance': (change: { maintenance: boolean }) => void;
}

export interface ClientToServerEvents {
  /**
   * After a connect that did not recover the connection as it was (a new one, or a drop longer
   * than the recovery window), or on `realtime:resync`: what was missed since the last
   * notification id this tab saw, and the current state.
   */
  'session:resume': (request: { afterNotificationId: number }, ack: (answer: Ack<ResumeAnswer>) => void) => void;
  /** The Next click: the server credits the view only if the ticket is this tab's and the timer has run out. */
  'surf:claim': (claim: SurfClaim, ack: (answer: Ack<SurfClaimAnswer, SurfClaimRefusalCode>) => void) => void;
  /**
   * The posts this tab shows now (replacing the previous set): it gets their comments and feels
   * live. Answers the ones it may see and now watches; posts it may not see are left out.
   */
  'posts:watch': (request: { pids: number[] }, ack: (answer: Ack<{ pids: number[] }>) => void) => void;
  /**
   * The group whose members this tab shows (null: none, replacing the previous one): it gets
   * `group:members` for it. Refused (not found, members only) for a group whose members it may not see.
   */
  'group:watch': (request: { slug: string | null }, ack: (answer: Ack<{ slug: string | null }>) => void) => void;
}

export interface SocketData {
  userId: number | null;
  /** The session key from /data/start (User.socketId); null for visitors. */
  sessionKey: string | null;
  /**
   * The team from the handshake's `auth.teamId`, kept only when the member is active in it (the
   * handshake is refused with `team_forbidden` otherwise); the socket then joins rooms.team(teamId).
   */
  teamId: number | null;
  /** Events received in the current rate-limit window. */
  eventCount: number;
  windowStartedAt: number;
  /** Events received and not acknowledged yet: a process shutting down ends the connection once none is left. */
  pendingAcks: number;
}

/** What a member's socket sends as `auth` in its handshake. */
export interface SocketHandshakeAuth {
  /** User.socketId from /data/start. */
  socketId: string;
  /**
   * The current team, as the `X-Current-Team` header would carry it; absent or null: none. It is
   * read at the handshake only: a tab that switches teams reconnects with the new one.
   */
  teamId?: number | null;
}

export const SOCKET_PATH = '/socket.io';
/** Cap on simultaneous connections of one user (tabs, devices). */
export const MAX_SOCKETS_PER_USER = 20;
/** Per-socket event limit: this many events per window by default (server setting SOCKET_EVENTS_PER_WINDOW), else refused. */
export const SOCKET_EVENTS_PER_WINDOW = 20;
export const SOCKET_EVENT_WINDOW_MS = 10_000;
/** Posts one tab may watch at once (what a screen shows, with room to scroll). */
export const MAX_WATCHED_POSTS = 50;
/**
 * After `server:restarting` and the end of its connection, a tab connects again after a random
 * wait up to this long, so the tabs of a stopping process do not all reach the others at once.
 */
export const SERVER_RESTART_RECONNECT_SPREAD_MS = 1000;
/** Tabs told to resync (`realtime:resync`) spread their catch-up over this long. */
export const RESYNC_SPREAD_MS = 5_000;
/** How often the server clock is pushed so countdowns do not drift. */
export const LIVE_TIME_INTERVAL_MS = 30_000;

/** Rooms: one per user (every tab), per user acting for no team, per session key, per team, and per audience. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  session: (sessionKey: string) => `session:${sessionKey}`,
  team: (teamId: number) => `team:${teamId}`,
  /**
   * A member's tabs acting for no team: pushes about the member's own campaigns and posts go
   * here, so a tab acting for a team shows the team's alone.
   */
  ownAccount: (userId: number) => `own:${userId}`,
  /** The tabs showing a post: its comments and feels are pushed here. */
  post: (pid: number) => `post:${pid}`,
  /** The tabs showing a group's members: membership changes are signalled here. */
  group: (groupId: number) => `group:${groupId}`,
  members: 'audience:members',
  visitors: 'audience:visitors',
} as const;

/**
 * Whether a room is an account's (rooms.ownAccount or rooms.team): the server tracks which of
 * those have a tab on any process, and reads an account's campaign figures only for them.
 */
export function isAccountRoom(room: string): boolean {
  return /^(own|team):\d+$/.test(room);
}
