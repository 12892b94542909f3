import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CampaignItem, CampaignStatus, PostItem } from '@shared/campaigns/campaigns.js';
import { MediaService } from '../media/media.service.js';

/** One post with its author and campaign, as the queries below select it. */
interface PostRow {
  id: number;
  user_id: number;
  text: string;
  link: string | null;
  youtube_id: string | null;
  image_ids: string[];
  language: string;
  tags: string[];
  created_at: Date;
  username: string;
  first_name: string;
  image: PostItem['author']['image'];
  credits: string;
  paused: boolean;
  daily_view_cap: number | null;
  views_total: string;
  views_today: number;
  views_day_is_today: boolean;
  last_view_at: Date | null;
}

/** The columns a PostItem is made of (surf_offer answers them too). */
export type PostFields = Pick<
  PostRow,
  | 'id'
  | 'user_id'
  | 'text'
  | 'link'
  | 'youtube_id'
  | 'image_ids'
  | 'language'
  | 'tags'
  | 'created_at'
  | 'username'
  | 'first_name'
  | 'image'
>;

const SELECT_POST = `
  SELECT p.id, p.user_id, p.text, p.link, p.youtube_id, p.image_ids, p.language, p.tags, p.created_at,
         u.username, u.first_name, u.image,
         c.credits, c.paused, c.daily_view_cap, c.views_total, c.views_today, c.views_day = current_date AS views_day_is_today,
         c.last_view_at
    FROM posts p JOIN users u ON u.id = p.user_id JOIN campaigns c ON c.post_id = p.id`;

/** Reads posts and campaigns in the shapes the API answers with. */
@Injectable()
export class PostsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly media: MediaService,
  ) {}

  async post(pid: number, manager: EntityManager = this.dataSource.manager): Promise<PostItem | null> {
    const [row]: PostRow[] = await manager.query(`${SELECT_POST} WHERE p.id = $1 AND p.deleted_at IS NULL`, [pid]);
    return row ? this.toPost(row) : null;
  }

  async campaign(pid: number, manager: EntityManager = this.dataSource.manager): Promise<CampaignItem | null> {
    const [row]: PostRow[] = await manager.query(`${SELECT_POST} WHERE p.id = $1 AND p.deleted_at IS NULL`, [pid]);
    return row ? this.toCampaign(row) : null;
  }

  async campaignsOf(userId: number): Promise<CampaignItem[]> {
    const rows: PostRow[] = await this.dataSource.query(
      `${SELECT_POST} WHERE p.user_id = $1 AND p.deleted_at IS NULL ORDER BY p.id DESC`,
      [userId],
    );
    return rows.map((row) => this.toCampaign(row));
  }

  /**
   * The owner of a live post, locking its campaign and post rows for the rest of the transaction.
   * Locking the post too makes a waiting caller re-check `deleted_at` after a concurrent delete.
   */
  async lockOwnedCampaign(manager: EntityManager, pid: number): Promise<{ userId: number; credits: number } | null> {
    const [row] = await manager.query(
      `SELECT c.user_id, c.credits FROM campaigns c JOIN posts p ON p.id = c.post_id
        WHERE c.post_id = $1 AND p.deleted_at IS NULL FOR UPDATE OF c, p`,
      [pid],
    );
    return row ? { userId: row.user_id, credits: Number(row.credits) } : null;
  }

  toPost(row: PostFields): PostItem {
    return {
      pid: row.id,
      author: { id: row.user_id, username: row.username, first_name: row.first_name, image: row.image },
      text: row.text,
      link: row.link,
      youtubeId: row.youtube_id,
      images: row.image_ids.map((id) => this.media.toMediaObject(id, 'post_image')),
      language: row.language,
      tags: row.tags,
      createdAt: row.created_at.toISOString(),
    };
  }

  private toCampaign(row: PostRow): CampaignItem {
    const credits = Number(row.credits);
    const status: CampaignStatus = row.paused ? 'paused' : credits === 0 ? 'out_of_credits' : 'active';
    return {
      post: this.toPost(row),
      credits,
      status,
      viewsToday: row.views_day_is_today ? row.views_today : 0,
      viewsTotal: Number(row.views_total),
      lastViewAt: row.last_view_at?.toISOString() ?? null,
      dailyViewCap: row.daily_view_cap,
    };
  }
}
