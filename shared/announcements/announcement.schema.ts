import { z } from 'zod';
import { text } from '../validation/text.js';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_CLASSES, ANNOUNCEMENT_TYPES } from './announcements.js';

/** What an admin sends to create or change an announcement (kept apart so the client's entry chunk has no zod). */
const pathPattern = text()
  .trim()
  .regex(/^\/[^\s]*$/, 'Paths start with / (end with * to match every path below).')
  .max(200);

/** A moment, as `Date.prototype.toISOString` or a datetime-local value with its offset writes it. */
const moment = text()
  .trim()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d/, 'Please enter a date and time.')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Please enter a date and time.')
  .nullable()
  .default(null);

export const announcementSchema = z
  .object({
    heading: text().trim().min(1, 'Please enter a heading.').max(120),
    content: text().trim().min(1, 'Please enter the content.').max(5000),
    footer: text().trim().max(500).default(''),
    link: text()
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
    /** Shown only from `startsAt` (null: at once) until `endsAt` (null: until ended). */
    startsAt: moment,
    endsAt: moment,
  })
  .refine((values) => !values.startsAt || !values.endsAt || Date.parse(values.endsAt) > Date.parse(values.startsAt), {
    message: 'The end must be after the start.',
    path: ['endsAt'],
  });
export type AnnouncementPayload = z.input<typeof announcementSchema>;
