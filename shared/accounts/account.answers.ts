import type { MediaObject } from '../media/media.js';
import type { EmailCategory } from './account.schemas.js';

/** Answers of the account calls (issue 3). */
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
}

export type EmailPreferencesAnswer = Record<EmailCategory, boolean> & { email: string };

/** Where the client goes after a successful login, signup or token link. */
export interface AuthAnswer {
  redirectTo: string;
}
