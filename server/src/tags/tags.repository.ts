import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TrendingTag } from '@shared/tags/tags.js';
import { postVisibleTo } from '../posts/post-visibility.js';

/**
 * A post everyone may see (what a visitor sees: not in a group, or in a public one). Trending
 * counts and tag headers read only these, so a private group's tags never show outside it.
 */
const PUBLIC_POST = postVisibleTo('p', 'NULL::int');

/** Tags members follow (`tag_follows`) and tags as posts carry them (`posts.tags`). */
@Injectable()
export class TagsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A–Z. */
  async followedBy(userId: number): Promise<string[]> {
    const rows: { tag: string }[] = await this.dataSource.query(`SELECT tag FROM tag_follows WHERE user_id = $1 ORDER BY tag`, [
      userId,
    ]);
    return rows.map((row) => row.tag);
  }

  /** False when the member already followed it. */
  async follow(userId: number, tag: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO tag_follows (user_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING tag`,
      [userId, tag],
    );
    return rows.length > 0;
  }

  async unfollow(userId: number, tag: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM tag_follows WHERE user_id = $1 AND tag = $2`, [userId, tag]);
  }

  /** The header of a tag's page, for this viewer. The post count probes the GIN index posts_tags. */
  async header(userId: number, tag: string, days: number): Promise<{ following: boolean; followers: number; posts: number }> {
    const [row]: { following: boolean; followers: number; posts: number }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM tag_follows WHERE user_id = $1 AND tag = $2) AS following,
              (SELECT count(*)::int FROM tag_follows WHERE tag = $2) AS followers,
              (SELECT count(*)::int FROM posts p
                WHERE p.tags @> ARRAY[$2::text] AND p.deleted_at IS NULL
                  AND p.created_at > now() - make_interval(days => $3) AND ${PUBLIC_POST}) AS posts`,
      [userId, tag, days],
    );
    return row;
  }

  /** The tags most used by public posts of the last `days` days, most used first (ties A–Z). */
  async trending(days: number, limit: number): Promise<TrendingTag[]> {
    const rows: { tag: string; posts: number }[] = await this.dataSource.query(
      `SELECT t.tag, count(*)::int AS posts
         FROM posts p CROSS JOIN LATERAL unnest(p.tags) AS t (tag)
        WHERE p.deleted_at IS NULL AND p.created_at > now() - make_interval(days => $1) AND cardinality(p.tags) > 0
          AND ${PUBLIC_POST}
        GROUP BY t.tag ORDER BY posts DESC, t.tag LIMIT $2`,
      [days, limit],
    );
    return rows;
  }
}
