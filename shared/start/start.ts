import type { PublicWebsite } from '../website/website.js';
import type { MediaObject } from '../media/media.js';
import type { Announcement } from '../announcements/announcements.js';
import type { NotificationItem } from '../notifications/notifications.js';
import type { CurrentTeam, MultiAccount, TeamInvitation } from '../teams/teams.js';

/**
 * rufP is the /data protocol version. The client starts only when it is present;
 * when it differs from the version the client was built for, the bundle is stale after a
 * deploy and the client reloads once to fetch the new one.
 */
export const PROTOCOL_VERSION = 1;

export interface StartUser {
  id: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  email: string;
  finishedGetStarted: boolean;
  /** False until the address is confirmed through the mailed link; the client shows a banner. */
  emailConfirmed: boolean;
  /** An account made by an admin or an import must choose its username and password first. */
  needsSetup: boolean;
  isAdmin: boolean;
  /** Active announcements for members that this member has not dismissed. */
  announcements: Announcement[];
  /** The team of the request's `X-Current-Team` header when the member is active in it; null otherwise. */
  currentTeam: CurrentTeam | null;
  socketId: string;
  /** The teams the member is active in, keyed by team id, each with its active and invited members. */
  multiAccounts: Record<string, MultiAccount>;
  /** Teams that invited the member and are waiting for an answer, newest first. */
  teamInvitations: TeamInvitation[];
}

export interface UiNotifications {
  unread: number;
  /** The newest unread ones. */
  latest: NotificationItem[];
  /** The newest notification id of the user, read or not: a reconnecting tab catches up from here. */
  lastId: number;
}

export interface StartAnswer {
  rufP: number;
  /** `announcements` is the visitors' part: active announcements for everyone or for visitors. */
  website: PublicWebsite & { announcements: Announcement[] };
  user: StartUser | null;
  users: Record<string, { u: string }>;
  uiNotifications: UiNotifications;
  /** The country of the request's address (ISO 3166-1 alpha-2), null when unknown: cookie consent depends on it. */
  visitorCountry: string | null;
}
