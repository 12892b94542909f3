import { z } from 'zod';
import { text } from '../validation/text.js';
import type { MediaObject } from '../media/media.js';
import { isLanguageCode } from '../constants/languages.js';
import { tagSchema } from '../tags/tags.js';
import type { InvalidTraffic } from '../earnings/earnings.js';

/** Posts and their campaigns. A campaign is the credits a member assigns to one post. */
export const POST_LIMITS = { text: 5000, tags: 10, tag: 30, images: 4 } as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** Accepts a YouTube address in any of its usual forms, or a bare video id; answers the id. */
export function youtubeIdOf(value: string): string | null {
  const trimmed = value.trim();
  if (YOUTUBE_ID.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    const host = url.hostname.replace(/^www\.|^m\./, '');
    const id =
      host === 'youtu.be'
        ? url.pathname.slice(1)
        : host === 'youtube.com' || host === 'youtube-nocookie.com'
          ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? '')
          : '';
    return YOUTUBE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** `URL.canParse` is missing in browsers before 2023. */
function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export const postSchema = z.object({
  text: text().trim().min(1, 'Please write something.').max(POST_LIMITS.text, `Use at most ${POST_LIMITS.text} characters.`),
  link: text()
    .trim()
    .max(2000)
    .refine((value) => /^https?:\/\/\S+$/.test(value) && parsesAsUrl(value), 'Please enter a full address starting with https://')
    .nullable()
    .default(null),
  youtube: text()
    .trim()
    .max(200)
    .refine((value) => youtubeIdOf(value) !== null, 'Please enter a YouTube video address.')
    .nullable()
    .default(null),
  language: text().refine(isLanguageCode, 'Please choose a language.'),
  tags: z.array(tagSchema).max(POST_LIMITS.tags, `Use at most ${POST_LIMITS.tags} tags.`).default([]),
  /** Ids of pictures uploaded with POST images. */
  imageIds: z.array(text().uuid()).max(POST_LIMITS.images, `Use at most ${POST_LIMITS.images} pictures.`).default([]),
  /**
   * The group the post is written in (the writer must be one of its active members); null: the
   * member's own. Chosen when the post is written: an edit leaves it where it is.
   */
  groupId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
});
export type PostPayload = z.input<typeof postSchema>;

export const creditAmountSchema = z.object({
  amount: z
    .number({ error: 'Please enter a number of credits.' })
    .int('Use whole credits.')
    .min(1, 'Use at least 1 credit.')
    .max(1_000_000, 'Use at most 1,000,000 credits at once.'),
});
export type CreditAmountPayload = z.infer<typeof creditAmountSchema>;

export const campaignSettingsSchema = z.object({
  /** Views a day at most; null for no cap. */
  dailyViewCap: z.number().int().min(1).max(100_000).nullable(),
});
export type CampaignSettingsPayload = z.infer<typeof campaignSettingsSchema>;

export interface PostAuthor {
  id: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
}

export interface PostItem {
  pid: number;
  author: PostAuthor;
  text: string;
  link: string | null;
  youtubeId: string | null;
  images: MediaObject[];
  language: string;
  tags: string[];
  createdAt: string;
}

export type CampaignStatus = 'not_promoted' | 'active' | 'paused' | 'daily_cap_reached' | 'out_of_credits';

/** What a campaign's status is decided from. */
export interface CampaignStatusFacts {
  paused: boolean;
  credits: number;
  /** Whether credits were ever assigned to the campaign. */
  everFunded: boolean;
  /** Views today (0 when the last view was on an earlier day). */
  viewsToday: number;
  dailyViewCap: number | null;
}

/**
 * The status a member sees on a post: paused by them; never given credits, so not promoted yet;
 * spent its credits; shown as often as its daily cap allows until the day ends; otherwise active,
 * shown to members earning credits.
 */
export function campaignStatusOf(facts: CampaignStatusFacts): CampaignStatus {
  if (facts.paused) return 'paused';
  if (facts.credits === 0) return facts.everFunded ? 'out_of_credits' : 'not_promoted';
  if (facts.dailyViewCap !== null && facts.viewsToday >= facts.dailyViewCap) return 'daily_cap_reached';
  return 'active';
}

/**
 * A campaign's views the earnings review refunded as invalid, over its whole life: how many, the
 * credits that came back, and why by category (largest first, never by member). The views served
 * are the campaign's `viewsTotal`.
 */
export type CampaignInvalidTraffic = Omit<InvalidTraffic, 'served'>;

/** The days over which a campaign's recent daily spend is averaged. */
export const RECENT_SPEND_DAYS = 7;

/** What the days a campaign's credits last are estimated from. */
export interface CampaignSpendFacts {
  status: CampaignStatus;
  credits: number;
  /** Credits its paid views spent in the recent window. */
  recentSpend: number;
  /**
   * The days that spend is spread over: the window, or the time since its first paid view in
   * it when later (never under one day), so a campaign that started yesterday is not averaged
   * over a week.
   */
  recentSpendDays: number;
}

/**
 * In how many days a campaign spends its last credit at its recent daily spend (rounded up);
 * null when it is not spending: paused, out of credits, not promoted, or no paid view recently.
 */
export function runsOutInDaysOf(facts: CampaignSpendFacts): number | null {
  if (facts.status !== 'active' && facts.status !== 'daily_cap_reached') return null;
  if (facts.recentSpend <= 0 || facts.credits <= 0) return null;
  const perDay = facts.recentSpend / Math.max(1, facts.recentSpendDays);
  return Math.max(1, Math.ceil(facts.credits / perDay));
}

/** Link clicks per view paid, as a share (0–1); null before the first view. */
export function clickRateOf(clicks: number, views: number): number | null {
  return views > 0 ? clicks / views : null;
}

export interface CampaignItem {
  post: PostItem;
  credits: number;
  status: CampaignStatus;
  viewsToday: number;
  viewsTotal: number;
  /** Clicks on the post's link from the surf bar (Earn Credits), where the campaign's views are paid. */
  clicks: number;
  /** `clicks` per view paid (`viewsTotal`), as a share (0–1); null before the first view. */
  clickRate: number | null;
  /** Days until its credits run out at the recent daily spend; null when it is not spending. */
  runsOutInDays: number | null;
  lastViewAt: string | null;
  dailyViewCap: number | null;
  invalid: CampaignInvalidTraffic;
}

/**
 * A campaign's figures without its post: what a paid view, a move of credits, a pause, a new cap
 * or a view refunded as invalid changes.
 */
export type CampaignCounters = Pick<
  CampaignItem,
  | 'credits'
  | 'status'
  | 'viewsToday'
  | 'viewsTotal'
  | 'clicks'
  | 'clickRate'
  | 'runsOutInDays'
  | 'lastViewAt'
  | 'dailyViewCap'
  | 'invalid'
> & {
  pid: number;
};

export const CAMPAIGN_ENDPOINTS = {
  /** GET: the member's posts with their campaigns (CampaignItem[]). POST: create (PostPayload → CampaignItem). */
  posts: '/data/posts',
  /** + '/:pid': GET (anyone) → PostItem; PUT PostPayload → CampaignItem; DELETE → null (unspent credits go back). */
  post: '/data/posts',
  /** POST multipart, one file field `image` → MediaObject. */
  images: '/data/posts/images',
  /** + '/:pid/assign' | '/withdraw' (CreditAmountPayload) | '/pause' | '/resume' | '/settings' (CampaignSettingsPayload) → CampaignItem */
  campaign: '/data/campaigns',
} as const;
