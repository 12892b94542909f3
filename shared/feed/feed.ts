import type { PostItem } from '../campaigns/campaigns.js';
import type { GroupVisibility } from '../groups/groups.js';
import type { FeedComment } from './comments.js';
import type { FeelSummary } from './feels.js';
import type { FeedSource } from './feed-source.js';

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
