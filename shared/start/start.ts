import type { PublicWebsite } from '../website/website.js';
import type { MediaObject } from '../media/media.js';

/**
 * rufP is the /data protocol version. The client starts only when it is present (spec 4);
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
  announcements: unknown[];
  currentTeam: { id: number } | null;
  socketId: string;
  multiAccounts: Record<string, unknown>;
}

export interface UiNotifications {
  unread: number;
  latest: unknown[];
}

export interface StartAnswer {
  rufP: number;
  website: PublicWebsite;
  user: StartUser | null;
  users: Record<string, { u: string }>;
  uiNotifications: UiNotifications;
}
