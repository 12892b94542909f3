import { z } from 'zod';
import type { PostItem } from '../campaigns/campaigns.js';
import type { GroupVisibility } from '../groups/groups.js';
import { text } from '../validation/text.js';
import type { FeedComment } from './comments.js';
import type { FeelSummary } from './feels.js';
import { POST_SEARCH_MIN_LENGTH, type FeedSource } from './feed-source.js';

/** Entries a feed page holds. */
export const FEED_PAGE_SIZE = 20;

/** The group a post was written in, as its entry names it. */
export interface FeedGroup {
  slug: string;
  name: string;
  visibility: GroupVisibility;
  /** Whether the viewer is one of its active owners or moderators, who may delete any comment on its posts. */
  viewerModerates: boolean;
}

/** One entry of a feed: the post (level p) with its first comments (level c) and what the viewer sees of it. */
export interface FeedEntry {
  post: PostItem;
  group: FeedGroup | null;
  feels: FeelSummary;
  /** Visible comments and replies. */
  commentCount: number;
  /** The newest top-level comments, oldest first, each with its newest replies. */
  comments: FeedComment[];
  /** Whether more top-level comments exist than `comments` holds. */
  moreComments: boolean;
  /** Whether the viewer saved the post (false for visitors). */
  bookmarked: boolean;
}

/** Newest first; `before` is what to send for the next page, null when this was the last. */
export interface FeedPage {
  entries: FeedEntry[];
  before: number | null;
}

const key = text().trim().min(1).max(100);

/** The feed query: `source`, its `key` (tag, group slug, username or search text) and the `before` cursor. */
export const feedQuerySchema = z
  .discriminatedUnion('source', [
    z.object({ source: z.literal('home') }),
    z.object({ source: z.literal('tag'), key: key.toLowerCase() }),
    z.object({ source: z.literal('group'), key }),
    z.object({ source: z.literal('user'), key }),
    z.object({
      source: z.literal('search'),
      key: text()
        .trim()
        .min(POST_SEARCH_MIN_LENGTH, `Type at least ${POST_SEARCH_MIN_LENGTH} characters to search posts.`)
        .max(100, 'Search with at most 100 characters.'),
    }),
  ])
  .and(z.object({ before: z.coerce.number().int().min(1).max(2_147_483_647).optional() }));
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** The query string of a feed page. */
export function feedQueryString(source: FeedSource, before?: number | null): string {
  const params = new URLSearchParams({ source: source.kind });
  if (source.kind === 'tag') params.set('key', source.tag);
  if (source.kind === 'group') params.set('key', source.slug);
  if (source.kind === 'user') params.set('key', source.username);
  if (source.kind === 'search') params.set('key', source.q);
  if (before) params.set('before', String(before));
  return params.toString();
}

/** The calls of posts' social side (comments, feels, entries), by path. */
export const SOCIAL_PATHS = {
  /** GET → FeedEntry (the post page; anyone who may see the post). */
  entry: (pid: number) => `/data/posts/${pid}/entry`,
  /** GET CommentsQuery → CommentsPage; POST CommentPayload → FeedComment. */
  comments: (pid: number) => `/data/posts/${pid}/comments`,
  /** PUT CommentEditPayload → FeedComment; DELETE → null. */
  comment: (commentId: number) => `/data/comments/${commentId}`,
  /** PUT FeelPayload → FeelSummary; DELETE → FeelSummary. */
  postFeel: (pid: number) => `/data/posts/${pid}/feel`,
  commentFeel: (commentId: number) => `/data/comments/${commentId}/feel`,
  /** GET FeelersQuery → FeelersPage. */
  postFeelers: (pid: number) => `/data/posts/${pid}/feels`,
  commentFeelers: (commentId: number) => `/data/comments/${commentId}/feels`,
} as const;
