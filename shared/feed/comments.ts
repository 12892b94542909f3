import type { PostAuthor } from '../campaigns/campaigns.js';
import type { FeelSummary } from './feels.js';

/** Comments on a post (level c) and replies to them (one level). */
export const COMMENT_LIMITS = {
  text: 2000,
  /** An author may change the words this long after writing them. */
  editWindowMs: 15 * 60_000,
  /** Top-level comments a feed entry carries (the newest ones). */
  firstComments: 3,
  /** Replies each of those carries (the newest ones). */
  firstReplies: 2,
  /** Comments a "show more comments" page holds. */
  page: 20,
} as const;

export interface FeedComment {
  id: number;
  pid: number;
  /** The top-level comment this replies to; null for a top-level comment. */
  parentId: number | null;
  author: PostAuthor;
  text: string;
  createdAt: string;
  editedAt: string | null;
  feels: FeelSummary;
  /** A top-level comment's visible replies (0 for a reply). */
  replyCount: number;
  /** The newest replies, oldest first (empty for a reply). */
  replies: FeedComment[];
}

/** Oldest first; `more` says whether older ones exist (ask again with `before` the first id). */
export interface CommentsPage {
  items: FeedComment[];
  more: boolean;
}

/** `@username` in a comment: the mentioned member is notified (unless they blocked the writer). */
export const MENTION_PATTERN = /(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{3,24})(?![A-Za-z0-9_])/g;

/** The distinct usernames a text mentions, lower case, at most `max`. */
export function mentionedUsernames(value: string, max = 10): string[] {
  const names = new Set<string>();
  for (const match of value.matchAll(MENTION_PATTERN)) {
    names.add(match[1].toLowerCase());
    if (names.size >= max) break;
  }
  return [...names];
}
