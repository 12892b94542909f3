import type { FeedComment } from '@shared/feed/comments.js';
import type { FeelCounts, FeelKind } from '@shared/feed/feels.js';
import type { PostAuthor } from '@shared/campaigns/campaigns.js';
import { commentVisibleTo } from '../posts/post-visibility.js';

/** One comment with its author, feels and reply count, as `selectComments` reads it. */
export interface CommentRow {
  id: string;
  post_id: number;
  parent_id: string | null;
  user_id: number;
  text: string;
  created_at: Date;
  edited_at: Date | null;
  username: string;
  first_name: string;
  image: PostAuthor['image'];
  feel_counts: FeelCounts;
  my_feel: FeelKind | null;
  reply_count: number;
}

/**
 * The columns of comments picked by `picked` (a subquery or CTE of `comments` rows, alias `k`),
 * with what a viewer (`viewer`: SQL of their id, null for a visitor) sees of each: the author,
 * the feel counts, their own feel, and for a top-level comment its visible replies.
 */
export function selectComments(picked: string, viewer: string): string {
  return `SELECT k.id, k.post_id, k.parent_id, k.user_id, k.text, k.created_at, k.edited_at,
         u.username, u.first_name, u.image,
         (SELECT coalesce(jsonb_object_agg(f.kind, f.n), '{}') FROM
            (SELECT kind, count(*)::int AS n FROM comment_feels WHERE comment_id = k.id GROUP BY kind) f) AS feel_counts,
         (SELECT kind FROM comment_feels WHERE comment_id = k.id AND user_id = ${viewer}) AS my_feel,
         CASE WHEN k.parent_id IS NULL
              THEN (SELECT count(*)::int FROM comments r WHERE r.parent_id = k.id AND ${commentVisibleTo('r', viewer)})
              ELSE 0 END AS reply_count
    FROM ${picked} k JOIN users u ON u.id = k.user_id`;
}

/** Rows (top-level comments and replies, any order) as FeedComments: replies under their parents, each list oldest first. */
export function toCommentTree(rows: CommentRow[]): FeedComment[] {
  const comments = rows.map(toComment).sort((a, b) => a.id - b.id);
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const top: FeedComment[] = [];
  for (const comment of comments) {
    const parent = comment.parentId === null ? undefined : byId.get(comment.parentId);
    if (parent) parent.replies.push(comment);
    else top.push(comment);
  }
  return top;
}

export function toComment(row: CommentRow): FeedComment {
  return {
    id: Number(row.id),
    pid: row.post_id,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    author: { id: row.user_id, username: row.username, first_name: row.first_name, image: row.image },
    text: row.text,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    feels: { counts: row.feel_counts, mine: row.my_feel },
    replyCount: row.reply_count,
    replies: [],
  };
}
