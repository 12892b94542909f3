import { RESERVED_SOCIAL_CODES } from '../feed/feed-source.js';
import { text } from '../validation/text.js';

/** A tag as posts store it and members follow it: lower case letters, digits and dashes, up to 30. */
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;

/** The message of a tag that names a kind of profile object (/profile/u/…, /profile/g/…). */
export const RESERVED_TAG_MESSAGE = `"${RESERVED_SOCIAL_CODES.join('" and "')}" cannot be used as tags.`;

function isReservedTag(tag: string): boolean {
  return (RESERVED_SOCIAL_CODES as readonly string[]).includes(tag);
}

/** One tag, as typed: trimmed, a leading # dropped, lower-cased, then checked. Posts and tag follows share it. */
export const tagSchema = text()
  .trim()
  .transform((value) => value.replace(/^#+/, '').toLowerCase())
  .pipe(
    text()
      .regex(TAG_PATTERN, 'Tags use letters, digits and dashes.')
      .refine((tag) => !isReservedTag(tag), RESERVED_TAG_MESSAGE),
  );

/** A trending tag: how many public posts of the last 7 days carry it. */
export interface TrendingTag {
  tag: string;
  posts: number;
}

/** GET /data/tags: the tags the member follows (A–Z) and the trending ones (most used first). */
export interface TagsOverview {
  followed: string[];
  trending: TrendingTag[];
}

/** GET /data/tags/:tag: one tag's header. */
export interface TagAnswer {
  tag: string;
  following: boolean;
  /** Members following it. */
  followers: number;
  /** Public posts carrying it in the last 7 days. */
  postsThisWeek: number;
}

/** How many days of posts make a tag trending, and how many trending tags are shown. */
export const TRENDING = { days: 7, tags: 20 } as const;

export const TAG_ENDPOINTS = {
  /** GET → TagsOverview */
  overview: '/data/tags',
  /** GET `${one}/<tag>` → TagAnswer; POST / DELETE `${one}/<tag>/follow` → TagAnswer */
  one: '/data/tags',
} as const;

/** The tag's page. */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}

export function tagFollowPath(tag: string): string {
  return `${TAG_ENDPOINTS.one}/${encodeURIComponent(tag)}/follow`;
}
