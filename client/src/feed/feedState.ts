import type { FeedComment } from '@shared/feed/comments.js';
import type { FeedEntry, FeedPage } from '@shared/feed/feed.js';
import type { FeedSource } from '@shared/feed/feed-source.js';
import { feelKey, type FeelSummary } from '@shared/feed/feels.js';

/**
 * The feed as the client keeps it: entries (level p) with their comments (level c) nested, and
 * the feels of both stored apart, by `feelKey`, so a feel changes one small record and a
 * comment or a page merges without touching feels. Pure functions, for the atoms and their spec.
 */
export type StoredComment = Omit<FeedComment, 'feels' | 'replies'> & { replies: StoredComment[] };
export type StoredEntry = Omit<FeedEntry, 'feels' | 'comments'> & { comments: StoredComment[] };

export interface FeedList {
  entries: StoredEntry[];
  /** The cursor of the next page; null when the last page is shown. */
  before: number | null;
}

export type FeelsByKey = Record<string, FeelSummary>;

/** The key a feed is kept under: its source, or one post (the post page). */
export function feedKeyOf(source: FeedSource | { kind: 'post'; pid: number }): string {
  switch (source.kind) {
    case 'home':
      return 'home';
    case 'tag':
      return `tag:${source.tag}`;
    case 'group':
      return `group:${source.slug}`;
    case 'user':
      return `user:${source.username.toLowerCase()}`;
    case 'search':
      return `search:${source.q.toLowerCase()}`;
    case 'post':
      return `post:${source.pid}`;
  }
}

/** Comments without their feels, and the feels by key. */
export function splitComments(comments: FeedComment[], feels: FeelsByKey = {}): { comments: StoredComment[]; feels: FeelsByKey } {
  const stored = comments.map(({ feels: summary, replies, ...comment }): StoredComment => {
    feels[feelKey({ pid: comment.pid, commentId: comment.id })] = summary;
    return { ...comment, replies: splitComments(replies, feels).comments };
  });
  return { comments: stored, feels };
}

/** Entries without their feels (and their comments' feels), and the feels by key. */
export function splitEntries(entries: FeedEntry[]): { entries: StoredEntry[]; feels: FeelsByKey } {
  const feels: FeelsByKey = {};
  const stored = entries.map(({ feels: summary, comments, ...entry }): StoredEntry => {
    feels[feelKey({ pid: entry.post.pid, commentId: null })] = summary;
    return { ...entry, comments: splitComments(comments, feels).comments };
  });
  return { entries: stored, feels };
}

/** A feed page as the list to show (replacing what was shown). */
export function listOf(page: FeedPage): { list: FeedList; feels: FeelsByKey } {
  const { entries, feels } = splitEntries(page.entries);
  return { list: { entries, before: page.before }, feels };
}

/** Entries merged in place by post id; new ones are added at the end (the next page). */
export function mergeEntries(current: StoredEntry[], incoming: StoredEntry[]): StoredEntry[] {
  const byPid = new Map(incoming.map((entry) => [entry.post.pid, entry]));
  const merged = current.map((entry) => byPid.get(entry.post.pid) ?? entry);
  const known = new Set(current.map((entry) => entry.post.pid));
  return [...merged, ...incoming.filter((entry) => !known.has(entry.post.pid))];
}

/**
 * A comment written or edited: an edit changes its words in place; a new one is added after
 * the others (a reply under its parent, whose reply count grows). The same comment arriving
 * twice (the writer's answer and the live push) is added once.
 */
export function withComment(entry: StoredEntry, comment: StoredComment, commentCount: number): StoredEntry {
  const edit = (existing: StoredComment): StoredComment => ({ ...existing, text: comment.text, editedAt: comment.editedAt });
  if (comment.parentId === null) {
    const known = entry.comments.some((existing) => existing.id === comment.id);
    return {
      ...entry,
      commentCount,
      comments: known
        ? entry.comments.map((existing) => (existing.id === comment.id ? edit(existing) : existing))
        : [...entry.comments, comment],
    };
  }
  return {
    ...entry,
    commentCount,
    comments: entry.comments.map((parent) => {
      if (parent.id !== comment.parentId) return parent;
      const known = parent.replies.some((reply) => reply.id === comment.id);
      return known
        ? { ...parent, replies: parent.replies.map((reply) => (reply.id === comment.id ? edit(reply) : reply)) }
        : { ...parent, replyCount: parent.replyCount + 1, replies: [...parent.replies, comment] };
    }),
  };
}

/** A comment deleted (a top-level one with its replies). */
export function withoutComment(
  entry: StoredEntry,
  commentId: number,
  parentId: number | null,
  commentCount: number,
): StoredEntry {
  if (parentId === null) {
    return { ...entry, commentCount, comments: entry.comments.filter((comment) => comment.id !== commentId) };
  }
  return {
    ...entry,
    commentCount,
    comments: entry.comments.map((parent) =>
      parent.id === parentId && parent.replies.some((reply) => reply.id === commentId)
        ? { ...parent, replyCount: parent.replyCount - 1, replies: parent.replies.filter((reply) => reply.id !== commentId) }
        : parent,
    ),
  };
}

/** Older top-level comments ("show more comments") before the shown ones. */
export function withOlderComments(entry: StoredEntry, older: StoredComment[], more: boolean): StoredEntry {
  const known = new Set(entry.comments.map((comment) => comment.id));
  return { ...entry, moreComments: more, comments: [...older.filter((comment) => !known.has(comment.id)), ...entry.comments] };
}

/** Older replies of one comment before the shown ones. */
export function withOlderReplies(entry: StoredEntry, parentId: number, older: StoredComment[]): StoredEntry {
  return {
    ...entry,
    comments: entry.comments.map((parent) => {
      if (parent.id !== parentId) return parent;
      const known = new Set(parent.replies.map((reply) => reply.id));
      return { ...parent, replies: [...older.filter((reply) => !known.has(reply.id)), ...parent.replies] };
    }),
  };
}

/** Every feed list with `change` applied to the entries of post `pid`. */
export function changeEntry(
  feeds: Record<string, FeedList>,
  pid: number,
  change: (entry: StoredEntry) => StoredEntry,
): Record<string, FeedList> {
  let changed = false;
  const next: Record<string, FeedList> = {};
  for (const [key, list] of Object.entries(feeds)) {
    const entries = list.entries.map((entry) => (entry.post.pid === pid ? change(entry) : entry));
    changed ||= entries.some((entry, index) => entry !== list.entries[index]);
    next[key] = { ...list, entries };
  }
  return changed ? next : feeds;
}

/** Entries without a member's posts, and without their comments and replies on the others. */
export function withoutAuthor(entries: StoredEntry[], authorId: number): StoredEntry[] {
  const keep = (comment: StoredComment) => comment.author.id !== authorId;
  return entries
    .filter((entry) => entry.post.author.id !== authorId)
    .map((entry) => ({
      ...entry,
      comments: entry.comments.filter(keep).map((comment) => ({ ...comment, replies: comment.replies.filter(keep) })),
    }));
}
