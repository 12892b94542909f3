/**
 * Feels: a member's reaction to a post or a comment, one per member and thing, changeable and
 * removable. Never earns or costs credits. The database's check constraints name the same set.
 */
export const FEEL_KINDS = ['like', 'love', 'haha', 'wow', 'sad', 'angry'] as const;
export type FeelKind = (typeof FEEL_KINDS)[number];

export const FEEL_LABELS: Record<FeelKind, { emoji: string; label: string }> = {
  like: { emoji: '👍', label: 'Like' },
  love: { emoji: '❤️', label: 'Love' },
  haha: { emoji: '😆', label: 'Haha' },
  wow: { emoji: '😮', label: 'Wow' },
  sad: { emoji: '😢', label: 'Sad' },
  angry: { emoji: '😠', label: 'Angry' },
};

/** How many members gave each kind; kinds nobody gave are left out. */
export type FeelCounts = Partial<Record<FeelKind, number>>;

/** The feels of one post or comment as one viewer sees them. */
export interface FeelSummary {
  counts: FeelCounts;
  /** The viewer's own feel; null when they gave none (or are a visitor). */
  mine: FeelKind | null;
}

/** What a feel is on: a post, or a comment (of that post). */
export interface FeelTarget {
  pid: number;
  commentId: number | null;
}

/** The key a feel summary is stored under on the client: `p:<pid>` or `c:<comment id>`. */
export function feelKey(target: FeelTarget): string {
  return target.commentId === null ? `p:${target.pid}` : `c:${target.commentId}`;
}

export interface Feeler {
  id: number;
  username: string;
  first_name: string;
  kind: FeelKind;
}

export interface FeelersPage {
  items: Feeler[];
  page: number;
  /** Whether a further page exists. */
  more: boolean;
}

export const FEELERS_PAGE_SIZE = 30;
