import { z } from 'zod';

/** Spec 3 "Announcement". `auth`: who sees it; `only` / `except`: path patterns (a trailing * matches a prefix). */
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
}

export interface AdminAnnouncement extends Announcement {
  endedAt: string | null;
  dismissals: number;
}

const pathPattern = z
  .string()
  .trim()
  .regex(/^\/[^\s]*$/, 'Paths start with / (end with * to match every path below).')
  .max(200);

export const announcementSchema = z.object({
  heading: z.string().trim().min(1, 'Please enter a heading.').max(120),
  content: z.string().trim().min(1, 'Please enter the content.').max(5000),
  footer: z.string().trim().max(500).default(''),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/[^/\\]|https:\/\/)/, 'Use a path on this site or an https address.')
    .nullable()
    .default(null),
  classContext: z.enum(ANNOUNCEMENT_CLASSES).default('info'),
  type: z.enum(ANNOUNCEMENT_TYPES),
  auth: z.enum(ANNOUNCEMENT_AUDIENCES),
  only: z.array(pathPattern).max(20).default([]),
  except: z.array(pathPattern).max(20).default([]),
});
export type AnnouncementPayload = z.input<typeof announcementSchema>;

/** Whether an announcement shows on a page: within `only` (when given) and outside `except`. */
export function announcementShowsOn(announcement: Pick<Announcement, 'only' | 'except'>, pathname: string): boolean {
  const matches = (pattern: string) =>
    pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
  if (announcement.only.length > 0 && !announcement.only.some(matches)) return false;
  return !announcement.except.some(matches);
}

export const ANNOUNCEMENT_ENDPOINTS = {
  /** + '/:id/dismiss' (member) */
  dismiss: '/data/announcements',
  /** GET list, POST create; + '/:id' PUT; + '/:id/end' POST (admin) */
  admin: '/data/admin/announcements',
} as const;
