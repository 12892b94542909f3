import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { runPrepared, type PreparedStatement } from '../database/prepared.js';
import { commentVisibleTo, postVisibleTo } from '../posts/post-visibility.js';
import { selectComments, type CommentRow } from './comment-rows.js';

/** A live comment as far as deciding who may change it needs. */
export interface CommentForChange {
  id: number;
  pid: number;
  parentId: number | null;
  authorId: number;
  text: string;
  postOwnerId: number;
  /** Whether the member asking is an active owner or moderator of the post's group. */
  moderatedByAsker: boolean;
  createdAt: Date;
}

/** The picking of threads: how many top-level comments per post, and replies per comment. */
export interface ThreadPick {
  /** Top-level comments per post (the newest). */
  comments: number;
  replies: number;
  /** Only top-level comments older than this id. */
  before?: number;
}

/**
 * Every feed page and post page reads its threads: prepared once per connection, so PostgreSQL
 * does not plan it each time. Parameters: viewer, post ids, top-level comments per post, replies
 * per comment, only top-level comments older than this id.
 */
const THREADS: PreparedStatement = {
  name: 'comments_threads_of',
  text: `WITH top AS (
         SELECT c.* FROM unnest($2::int[]) AS t(pid)
         CROSS JOIN LATERAL (
           SELECT c.* FROM comments c
            WHERE c.post_id = t.pid AND c.parent_id IS NULL AND c.id < $5 AND ${commentVisibleTo('c', '$1::int')}
            ORDER BY c.id DESC LIMIT $3) c
       ), picked AS (
         SELECT * FROM top
         UNION ALL
         SELECT r.* FROM top CROSS JOIN LATERAL (
           SELECT r.* FROM comments r WHERE r.parent_id = top.id AND ${commentVisibleTo('r', '$1::int')}
            ORDER BY r.id DESC LIMIT $4) r
       )
       ${selectComments('picked', '$1::int')}`,
};

/** Comments on posts (`comments`), always read as one viewer sees them. */
@Injectable()
export class CommentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * For each post, its newest visible top-level comments (at most `pick.comments`) and the
   * newest visible replies of each (at most `pick.replies`), in one query.
   */
  async threadsOf(viewerId: number | null, pids: number[], pick: ThreadPick): Promise<CommentRow[]> {
    if (pids.length === 0) return [];
    return runPrepared<CommentRow>(this.dataSource, THREADS, [
      viewerId,
      pids,
      pick.comments,
      pick.replies,
      pick.before ?? Number.MAX_SAFE_INTEGER,
    ]);
  }

  /** The newest visible replies of a top-level comment older than `before`, at most `limit`. */
  repliesOf(viewerId: number | null, parentId: number, before: number | undefined, limit: number): Promise<CommentRow[]> {
    return this.dataSource.query(
      `${selectComments(
        `(SELECT r.* FROM comments r WHERE r.parent_id = $2 AND r.id < $3 AND ${commentVisibleTo('r', '$1::int')}
           ORDER BY r.id DESC LIMIT $4)`,
        '$1::int',
      )} ORDER BY k.id DESC`,
      [viewerId, parentId, before ?? Number.MAX_SAFE_INTEGER, limit],
    );
  }

  /** One comment if the viewer may see it (and its post), else null. */
  async visibleComment(viewerId: number | null, commentId: number): Promise<CommentRow | null> {
    const [row]: CommentRow[] = await this.dataSource.query(
      selectComments(
        `(SELECT c.* FROM comments c JOIN posts p ON p.id = c.post_id
           WHERE c.id = $2 AND p.deleted_at IS NULL AND ${postVisibleTo('p', '$1::int')} AND ${commentVisibleTo('c', '$1::int')})`,
        '$1::int',
      ),
      [viewerId, commentId],
    );
    return row ?? null;
  }

  /** A top-level comment of this post the viewer sees (what a reply may answer). */
  async topLevelOn(viewerId: number | null, pid: number, commentId: number): Promise<{ id: number } | null> {
    const [row]: { id: string }[] = await this.dataSource.query(
      `SELECT c.id FROM comments c
        WHERE c.id = $3 AND c.post_id = $2 AND c.parent_id IS NULL AND ${commentVisibleTo('c', '$1::int')}`,
      [viewerId, pid, commentId],
    );
    return row ? { id: Number(row.id) } : null;
  }

  /** A live comment on a live post, with who wrote it, who owns the post, and whether `askerId` moderates its group. */
  async forChange(commentId: number, askerId: number): Promise<CommentForChange | null> {
    const [row]: {
      id: string;
      post_id: number;
      parent_id: string | null;
      user_id: number;
      text: string;
      owner_id: number;
      moderated: boolean;
      created_at: Date;
    }[] = await this.dataSource.query(
      `SELECT c.id, c.post_id, c.parent_id, c.user_id, c.text, p.user_id AS owner_id, c.created_at,
              EXISTS (SELECT 1 FROM group_members m
                       WHERE m.group_id = p.group_id AND m.user_id = $2 AND m.status = 'active'
                         AND m.role IN ('owner', 'moderator')) AS moderated
           FROM comments c JOIN posts p ON p.id = c.post_id
          WHERE c.id = $1 AND c.deleted_at IS NULL AND p.deleted_at IS NULL`,
      [commentId, askerId],
    );
    return row
      ? {
          id: Number(row.id),
          pid: row.post_id,
          parentId: row.parent_id === null ? null : Number(row.parent_id),
          authorId: row.user_id,
          text: row.text,
          postOwnerId: row.owner_id,
          moderatedByAsker: row.moderated,
          createdAt: row.created_at,
        }
      : null;
  }

  /** Answers the new comment's id. */
  async insert(userId: number, pid: number, parentId: number | null, text: string): Promise<number> {
    const [row]: { id: string }[] = await this.dataSource.query(
      `INSERT INTO comments (post_id, user_id, parent_id, text) VALUES ($1, $2, $3, $4) RETURNING id`,
      [pid, userId, parentId, text],
    );
    return Number(row.id);
  }

  async updateText(commentId: number, text: string): Promise<void> {
    await this.dataSource.query(`UPDATE comments SET text = $2, edited_at = now() WHERE id = $1`, [commentId, text]);
  }

  /** Soft-deletes the comment and, for a top-level one, its replies with it. */
  async markDeleted(commentId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE comments SET deleted_at = now() WHERE (id = $1 OR parent_id = $1) AND deleted_at IS NULL`,
      [commentId],
    );
  }

  /** Live comments and replies on the post (every viewer's count is the same). */
  async countOn(pid: number): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM comments WHERE post_id = $1 AND deleted_at IS NULL`,
      [pid],
    );
    return row.n;
  }

  /**
   * Of the members these usernames (lower case) name, those a comment by `authorId` on the post
   * may notify: not the author, only members who may see the post (members blocked either way
   * with the author are never notified by them: NotificationsService.notifyFrom).
   */
  async mentionable(usernames: string[], authorId: number, pid: number): Promise<number[]> {
    if (usernames.length === 0) return [];
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT u.id FROM users u JOIN posts p ON p.id = $3
        WHERE lower(u.username) = ANY($1::text[]) AND u.id <> $2 AND ${postVisibleTo('p', 'u.id')}`,
      [usernames, authorId, pid],
    );
    return rows.map((row) => row.id);
  }
}
