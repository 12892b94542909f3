import type { MediaObject } from '../media/media.js';
import type { EmailCategory } from './account.schemas.js';

/** Answers of the account calls. */
export interface SignedInAccount {
  id: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  active: boolean;
}

export interface SessionInfo {
  id: number;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

export interface ReferralRow {
  username: string;
  joinedAt: string;
  website: string;
}

export interface ProfileAnswer {
  id: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  joinedAt: string;
  isOwn: boolean;
  followerCount: number;
  followingCount: number;
  /** Whether the viewer follows this member (false for a visitor and on the own profile). */
  viewerFollows: boolean;
  /**
   * Whether the viewer blocked this member (false for a visitor): a block hides both ways, so
   * the profile lists none of their posts, and the viewer may unblock them from it.
   */
  viewerBlocked: boolean;
}

export type EmailPreferencesAnswer = Record<EmailCategory, boolean> & { email: string };

/** What a mailed link did, and where the client goes next. */
export interface TokenLinkAnswer {
  outcome: 'email_confirmed' | 'email_changed' | 'invite_accepted';
  message: string;
  redirectTo: string;
}

export interface OwnProfileAnswer {
  id: number;
  username: string;
  first_name: string;
  email: string;
  image: MediaObject | string | null;
}

export interface AdminOverview {
  users: number;
  admins: number;
  activeSessions: number;
  /** Posts and comments with open member reports, waiting in the admin Reports queue. */
  openReports: number;
  recentClientErrors: { id: number; type: string; url: string; createdAt: string; firstLine: string }[];
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
