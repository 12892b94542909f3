import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BookmarkedPost } from '@shared/bookmarks/bookmarks.js';
import { postVisibleTo } from '../posts/post-visibility.js';
import { PostsRepository, type PostFields } from '../posts/posts.repository.js';

/**
 * Whether member $1 may see post `p` (post-visibility.ts): a saved post leaves the list once
 * either member blocks the other.
 */
const VISIBLE_TO_MEMBER = `p.deleted_at IS NULL AND ${postVisibleTo('p', '$1::int')}`;

/** Members' saved posts: the `bookmarks` table. */
@Injectable()
export class BookmarksRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
  ) {}

  /**
   * Saves the post when the member may see it, in one statement; answers false when they may
   * not (or it does not exist). Saving again keeps the first time.
   */
  async save(userId: number, pid: number): Promise<boolean> {
    const [row]: { visible: boolean }[] = await this.dataSource.query(
      `WITH visible AS (SELECT p.id FROM posts p WHERE p.id = $2 AND ${VISIBLE_TO_MEMBER}),
            saved AS (INSERT INTO bookmarks (user_id, post_id) SELECT $1, id FROM visible ON CONFLICT DO NOTHING)
       SELECT EXISTS (SELECT 1 FROM visible) AS visible`,
      [userId, pid],
    );
    return row.visible;
  }

  async remove(userId: number, pid: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM bookmarks WHERE user_id = $1 AND post_id = $2`, [userId, pid]);
  }

  async isBookmarked(userId: number, pid: number): Promise<boolean> {
    const [row] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM bookmarks WHERE user_id = $1 AND post_id = $2) AS bookmarked`,
      [userId, pid],
    );
    return row.bookmarked;
  }

  /** Which of these posts the member saved: for a feed that shows each post's bookmark toggle. */
  async bookmarkedAmong(userId: number, pids: readonly number[]): Promise<Set<number>> {
    if (pids.length === 0) return new Set();
    const rows: { post_id: number }[] = await this.dataSource.query(
      `SELECT post_id FROM bookmarks WHERE user_id = $1 AND post_id = ANY($2::int[])`,
      [userId, pids],
    );
    return new Set(rows.map((row) => row.post_id));
  }

  /**
   * The member's saved posts, newest bookmark first, leaving out the ones they may no longer see
   * (deleted, or in a private group they left).
   */
  async pageOf(userId: number, limit: number, offset: number): Promise<BookmarkedPost[]> {
    const rows: (PostFields & { bookmarked_at: Date })[] = await this.dataSource.query(
      `SELECT p.id, p.user_id, p.text, p.link, p.youtube_id, p.image_ids, p.language, p.tags, p.created_at,
              u.username, u.first_name, u.image, b.created_at AS bookmarked_at
         FROM bookmarks b JOIN posts p ON p.id = b.post_id JOIN users u ON u.id = p.user_id
        WHERE b.user_id = $1 AND ${VISIBLE_TO_MEMBER}
        ORDER BY b.created_at DESC, b.post_id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return rows.map((row) => ({ post: this.posts.toPost(row), bookmarkedAt: row.bookmarked_at.toISOString() }));
  }
}
