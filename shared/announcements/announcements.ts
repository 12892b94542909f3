/** A site announcement. `auth`: who sees it; `only` / `except`: path patterns (a trailing * matches a prefix). */
export const ANNOUNCEMENT_TYPES = ['announcement', 'modal'] as const;
export const ANNOUNCEMENT_AUDIENCES = ['all', 'members', 'visitors'] as const;
export const ANNOUNCEMENT_CLASSES = ['info', 'success', 'warning', 'danger'] as const;

export interface Announcement {
  id: number;
  heading: string;
  content: string;
  footer: string;
  link: string | null;
  classContext: (typeof ANNOUNCEMENT_CLASSES)[number];
  type: (typeof ANNOUNCEMENT_TYPES)[number];
  auth: (typeof ANNOUNCEMENT_AUDIENCES)[number];
  only: string[];
  except: string[];
  createdAt: string;
  /** Shown from then (null: at once) until `endsAt` (null: until ended). */
  startsAt: string | null;
  endsAt: string | null;
}

/** Whether a (scheduled) announcement is within its window at `now`. */
export function announcementIsLive(announcement: Pick<Announcement, 'startsAt' | 'endsAt'>, now: number): boolean {
  if (announcement.startsAt !== null && Date.parse(announcement.startsAt) > now) return false;
  return announcement.endsAt === null || Date.parse(announcement.endsAt) > now;
}

export interface AdminAnnouncement extends Announcement {
  endedAt: string | null;
  dismissals: number;
}

/** Whether an announcement shows on a page: within `only` (when given) and outside `except`. */
export function announcementShowsOn(announcement: Pick<Announcement, 'only' | 'except'>, pathname: string): boolean {
  const matches = (pattern: string) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);
  if (announcement.only.length > 0 && !announcement.only.some(matches)) return false;
  return !announcement.except.some(matches);
}

export const ANNOUNCEMENT_ENDPOINTS = {
  /** + '/:id/dismiss' (member) */
  dismiss: '/data/announcements',
  /** GET list, POST create; + '/:id' PUT; + '/:id/end' POST (admin) */
  admin: '/data/admin/announcements',
} as const;
