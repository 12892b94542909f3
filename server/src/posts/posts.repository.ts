import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  campaignStatusOf,
  clickRateOf,
  RECENT_SPEND_DAYS,
  runsOutInDaysOf,
  type CampaignCounters,
  type CampaignInvalidTraffic,
  type CampaignItem,
  type PostItem,
} from '@shared/campaigns/campaigns.js';
import { ownedBy, type Advertiser } from '../auth/advertiser.js';
import { MediaService } from '../media/media.service.js';
import { InvalidTrafficRepository, invalidTrafficOfPost } from './invalid-traffic.repository.js';

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

/**
 * A campaign's row with whether credits were ever assigned to it and what its surf views did
 * (SURF_FIGURES), as campaign queries select it.
 */
interface CampaignRow extends PostRow {
  ever_funded: boolean;
  clicks: number;
  recent_spend: number;
  recent_spend_days: number;
}

type CampaignCounterFields = Pick<
  CampaignRow,
  | 'id'
  | 'credits'
  | 'paused'
  | 'daily_view_cap'
  | 'views_total'
  | 'views_today'
  | 'views_day_is_today'
  | 'last_view_at'
  | 'ever_funded'
  | 'clicks'
  | 'recent_spend'
  | 'recent_spend_days'
>;

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

const POST_COLUMNS = `p.id, p.user_id, p.text, p.link, p.youtube_id, p.image_ids, p.language, p.tags, p.created_at,
         u.username, u.first_name, u.image`;
const CAMPAIGN_COUNTER_COLUMNS = `c.credits, c.paused, c.daily_view_cap, c.views_total, c.views_today,
         c.views_day = current_date AS views_day_is_today, c.last_view_at`;
/**
 * A campaign that holds no credits either never had any (not promoted yet) or spent or withdrew
 * them: every credit into a campaign is a positive ledger row on its account, so the ledger tells which.
 */
const EVER_FUNDED = `EXISTS (SELECT 1 FROM credit_ledger l WHERE l.account = 'campaign' AND l.campaign_id = c.post_id AND l.amount > 0)
           AS ever_funded`;
/**
 * What the campaign's views did in the surf bar, where they are paid, from the hourly rollup
 * (its primary key's post prefix, never the raw events): the link clicks over the post's life,
 * and the views paid for (`credited`, one credit each) in the last RECENT_SPEND_DAYS days with
 * the days since the first of them (at least one), which the days its credits last are
 * estimated from.
 */
const SURF_FIGURES = `LEFT JOIN LATERAL (
    SELECT coalesce(sum(s.link_clicks), 0)::int AS clicks,
           coalesce(sum(s.credited) FILTER (WHERE s.hour >= now() - interval '${RECENT_SPEND_DAYS} days'), 0)::int AS recent_spend,
           greatest(1, extract(epoch FROM now() - min(s.hour) FILTER (
             WHERE s.hour >= now() - interval '${RECENT_SPEND_DAYS} days' AND s.credited > 0)) / 86400)::float8 AS recent_spend_days
      FROM post_stats_hourly s WHERE s.post_id = p.id AND s.place = 'surf') sf ON true`;
const SURF_COLUMNS = `sf.clicks, sf.recent_spend, coalesce(sf.recent_spend_days, 1) AS recent_spend_days`;
const POST_TABLES = `FROM posts p JOIN users u ON u.id = p.user_id JOIN campaigns c ON c.post_id = p.id`;
const SELECT_POST = `SELECT ${POST_COLUMNS}, ${CAMPAIGN_COUNTER_COLUMNS} ${POST_TABLES}`;
const SELECT_CAMPAIGN = `SELECT ${POST_COLUMNS}, ${CAMPAIGN_COUNTER_COLUMNS}, ${EVER_FUNDED}, ${SURF_COLUMNS} ${POST_TABLES} ${SURF_FIGURES}`;

/** The columns a member writes to a post (already checked: their own pictures, a parsed YouTube id). */
export interface PostValues {
  /** The group it is written in (the writer is an active member); null: the member's own. */
  groupId: number | null;
  text: string;
  link: string | null;
  youtubeId: string | null;
  imageIds: string[];
  language: string;
  tags: string[];
}

/**
 * Posts and their campaigns (`posts`, `campaigns`: one campaign per post, created and deleted
 * with it), read in the shapes the API answers with. A campaign's views refunded as invalid are
 * read beside it, in one grouped query for the whole list.
 */
@Injectable()
export class PostsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly media: MediaService,
    private readonly invalidTraffic: InvalidTrafficRepository,
  ) {}

  async post(pid: number): Promise<PostItem | null> {
    const [row]: PostRow[] = await this.dataSource.query(`${SELECT_POST} WHERE p.id = $1 AND p.deleted_at IS NULL`, [pid]);
    return row ? this.toPost(row) : null;
  }

  async campaign(pid: number): Promise<CampaignItem | null> {
    const [[row], invalid]: [CampaignRow[], Map<number, CampaignInvalidTraffic>] = await Promise.all([
      this.dataSource.query(`${SELECT_CAMPAIGN} WHERE p.id = $1 AND p.deleted_at IS NULL`, [pid]),
      this.invalidTraffic.byPost({ pids: [pid] }),
    ]);
    return row ? this.toCampaign(row, invalid) : null;
  }

  /** The account's live posts with their campaigns, newest first. */
  async campaignsOf(advertiser: Advertiser): Promise<CampaignItem[]> {
    const [owned, owner] = ownedBy(advertiser, 1);
    const [rows, invalid]: [CampaignRow[], Map<number, CampaignInvalidTraffic>] = await Promise.all([
      this.dataSource.query(`${SELECT_CAMPAIGN} WHERE ${owned} AND p.deleted_at IS NULL ORDER BY p.id DESC`, [owner]),
      this.invalidTraffic.byPost({ owner: advertiser }),
    ]);
    return rows.map((row) => this.toCampaign(row, invalid));
  }

  /**
   * The figures of every live campaign of the account, views refunded as invalid included, in two
   * queries (the live push after paid views and refunds reads them).
   */
  async campaignCountersOf(advertiser: Advertiser): Promise<CampaignCounters[]> {
    const [owned, owner] = ownedBy(advertiser, 1);
    const [rows, invalid]: [CampaignCounterFields[], Map<number, CampaignInvalidTraffic>] = await Promise.all([
      this.dataSource.query(
        `SELECT p.id, ${CAMPAIGN_COUNTER_COLUMNS}, ${EVER_FUNDED}, ${SURF_COLUMNS}
           FROM posts p JOIN campaigns c ON c.post_id = p.id ${SURF_FIGURES}
          WHERE ${owned} AND p.deleted_at IS NULL
          ORDER BY p.id DESC`,
        [owner],
      ),
      this.invalidTraffic.byPost({ owner: advertiser }),
    ]);
    return rows.map((row) => ({ pid: row.id, ...campaignFigures(row, invalid) }));
  }

  /**
   * The teams whose live campaigns the member wrote: a view paid on a campaign names its writer
   * (`campaigns.user_id`), and these teams' tabs follow its figures too.
   */
  async teamsWrittenFor(userId: number): Promise<number[]> {
    const rows: { team_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT team_id FROM posts WHERE user_id = $1 AND team_id IS NOT NULL AND deleted_at IS NULL`,
      [userId],
    );
    return rows.map((row) => row.team_id);
  }

  /**
   * The writer, team and balance of a live post's campaign, locking its campaign and post rows
   * for the rest of the transaction. Locking the post too makes a waiting caller re-check
   * `deleted_at` after a concurrent delete.
   */
  async lockOwnedCampaign(
    manager: EntityManager,
    pid: number,
  ): Promise<{ userId: number; teamId: number | null; credits: number } | null> {
    const [row] = await manager.query(
      `SELECT c.user_id, p.team_id, c.credits FROM campaigns c JOIN posts p ON p.id = c.post_id
        WHERE c.post_id = $1 AND p.deleted_at IS NULL FOR UPDATE OF c, p`,
      [pid],
    );
    return row ? { userId: row.user_id, teamId: row.team_id, credits: Number(row.credits) } : null;
  }

  /** `teamId`: the team it is written for (null: the writer's own). Answers the new post's id. */
  async insertPost(manager: EntityManager, userId: number, teamId: number | null, values: PostValues): Promise<number> {
    const [post]: { id: number }[] = await manager.query(
      `INSERT INTO posts (user_id, text, link, youtube_id, image_ids, language, tags, group_id, team_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [userId, values.text, values.link, values.youtubeId, values.imageIds, values.language, values.tags, values.groupId, teamId],
    );
    return post.id;
  }

  /** A campaign for the post, holding no credits. */
  async insertCampaign(manager: EntityManager, pid: number, userId: number): Promise<void> {
    await manager.query(`INSERT INTO campaigns (post_id, user_id) VALUES ($1, $2)`, [pid, userId]);
  }

  /** False when the account has no live post with this id. The post stays in the group it was written in. */
  async updateOwnPost(manager: EntityManager, advertiser: Advertiser, pid: number, values: PostValues): Promise<boolean> {
    const [owned, owner] = ownedBy(advertiser, 2);
    const [, changed] = await manager.query(
      `UPDATE posts p SET text = $3, link = $4, youtube_id = $5, image_ids = $6, language = $7, tags = $8, updated_at = now()
        WHERE p.id = $1 AND ${owned} AND p.deleted_at IS NULL`,
      [pid, owner, values.text, values.link, values.youtubeId, values.imageIds, values.language, values.tags],
    );
    return changed > 0;
  }

  /** Soft-deletes the post and pauses its campaign. */
  async markDeleted(manager: EntityManager, pid: number): Promise<void> {
    await manager.query(`UPDATE posts SET deleted_at = now() WHERE id = $1`, [pid]);
    await manager.query(`UPDATE campaigns SET paused = true WHERE post_id = $1`, [pid]);
  }

  /** False when the account has no live post with this id. */
  setCampaignPaused(manager: EntityManager, advertiser: Advertiser, pid: number, paused: boolean): Promise<boolean> {
    return this.updateOwnCampaign(manager, advertiser, pid, `paused = $3`, [paused]);
  }

  /** `cap` null: no daily cap. False when the account has no live post with this id. */
  setCampaignDailyViewCap(manager: EntityManager, advertiser: Advertiser, pid: number, cap: number | null): Promise<boolean> {
    return this.updateOwnCampaign(manager, advertiser, pid, `daily_view_cap = $3`, [cap]);
  }

  private async updateOwnCampaign(
    manager: EntityManager,
    advertiser: Advertiser,
    pid: number,
    assignment: string,
    values: unknown[],
  ): Promise<boolean> {
    const [owned, owner] = ownedBy(advertiser, 2);
    const [, changed] = await manager.query(
      `UPDATE campaigns c SET ${assignment} FROM posts p
        WHERE c.post_id = $1 AND ${owned} AND p.id = c.post_id AND p.deleted_at IS NULL`,
      [pid, owner, ...values],
    );
    return changed > 0;
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

  private toCampaign(row: CampaignRow, invalid: Map<number, CampaignInvalidTraffic>): CampaignItem {
    return { post: this.toPost(row), ...campaignFigures(row, invalid) };
  }
}

/** A campaign's figures as the member reads them, on the Campaigns page and in its live pushes alike. */
function campaignFigures(
  row: CampaignCounterFields,
  invalid: Map<number, CampaignInvalidTraffic>,
): Omit<CampaignCounters, 'pid'> {
  const credits = Number(row.credits);
  const viewsToday = row.views_day_is_today ? row.views_today : 0;
  const viewsTotal = Number(row.views_total);
  const status = campaignStatusOf({
    paused: row.paused,
    credits,
    everFunded: row.ever_funded,
    viewsToday,
    dailyViewCap: row.daily_view_cap,
  });
  return {
    credits,
    status,
    viewsToday,
    viewsTotal,
    clicks: row.clicks,
    clickRate: clickRateOf(row.clicks, viewsTotal),
    runsOutInDays: runsOutInDaysOf({
      status,
      credits,
      recentSpend: row.recent_spend,
      recentSpendDays: Number(row.recent_spend_days),
    }),
    lastViewAt: row.last_view_at?.toISOString() ?? null,
    dailyViewCap: row.daily_view_cap,
    invalid: invalidTrafficOfPost(invalid, row.id),
  };
}
