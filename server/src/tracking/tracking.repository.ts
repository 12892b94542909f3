import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Advertiser } from '../auth/advertiser.js';
import { countKeyId, type CountKey } from './tracking-counting.js';
import {
  addDays,
  type CountryRollup,
  type HourlyRollup,
  type PageViewViews,
  type ProfileRollup,
  type VisitTouch,
} from './tracking-rows.js';

/** A page view as stored: the address only as its hash. */
export interface StoredVisit {
  day: string;
  pageId: string;
  visitId: string;
  visitorId: string;
  userId: number | null;
  url: string;
  referrer: string;
  windowWidth: number;
  windowHeight: number;
  screenWidth: number;
  screenHeight: number;
  clientTime: string;
  at: string;
  country: string | null;
  addressHash: string;
  /** The screen's size bucket ('' unknown) and the referrer's host ('' none). */
  device: string;
  referrerHost: string;
}

export interface StoredEvent {
  day: string;
  at: string;
  name: string;
  postId: number | null;
  userId: number | null;
  visitorId: string | null;
  place: string | null;
  level: number | null;
  notes: string;
  country: string | null;
  addressHash: string;
  visitId: string | null;
  pageId: string | null;
  language: string | null;
}

/** The tables partitioned by day; each day is a partition named `<table>_YYYYMMDD`. */
export const DAILY_PARTITIONED_TABLES = ['page_views', 'feed_events'] as const;

/** Serializes partition changes of every process on one database (pg_advisory_xact_lock's key). */
const PARTITIONS_LOCK_KEY = 1_795_501_001;

/**
 * Tracking's tables: page views and feed events (partitioned by day), the daily address salts
 * and the per-post rollups. Batch writes take arrays, one element per row, unnested in SQL: one
 * statement per table and batch whatever its size.
 */
@Injectable()
export class TrackingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page view recorded twice (same day and page id) keeps its first row. */
  async insertVisits(manager: EntityManager, visits: readonly StoredVisit[]): Promise<void> {
    if (visits.length === 0) return;
    await manager.query(
      `INSERT INTO page_views (day, page_id, visit_id, visitor_id, user_id, url, referrer, window_width, window_height,
         screen_width, screen_height, client_time, started_at, last_seen_at, country, address_hash, device, referrer_host)
       SELECT day, page_id, visit_id, visitor_id, user_id, url, referrer, window_width, window_height,
         screen_width, screen_height, client_time, at, at, country, address_hash, device, referrer_host
       FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[], $9::int[],
         $10::int[], $11::int[], $12::timestamptz[], $13::timestamptz[], $14::text[], $15::text[], $16::text[], $17::text[])
         AS v(day, page_id, visit_id, visitor_id, user_id, url, referrer, window_width, window_height,
         screen_width, screen_height, client_time, at, country, address_hash, device, referrer_host)
       ON CONFLICT (day, page_id) DO NOTHING`,
      [
        visits.map((v) => v.day),
        visits.map((v) => v.pageId),
        visits.map((v) => v.visitId),
        visits.map((v) => v.visitorId),
        visits.map((v) => v.userId),
        visits.map((v) => v.url),
        visits.map((v) => v.referrer),
        visits.map((v) => v.windowWidth),
        visits.map((v) => v.windowHeight),
        visits.map((v) => v.screenWidth),
        visits.map((v) => v.screenHeight),
        visits.map((v) => v.clientTime),
        visits.map((v) => v.at),
        visits.map((v) => v.country),
        visits.map((v) => v.addressHash),
        visits.map((v) => v.device),
        visits.map((v) => v.referrerHost),
      ],
    );
  }

  /**
   * Moves each page view's last_seen_at on and counts its updates. A view is found by page id
   * and visitor id together (knowing another tab's page id is not enough to touch it), in the
   * partitions of `days` only (today's and yesterday's: an open page crosses midnight).
   */
  async touchVisits(manager: EntityManager, touches: readonly VisitTouch[], days: readonly string[]): Promise<void> {
    if (touches.length === 0) return;
    await manager.query(
      `UPDATE page_views p
       SET last_seen_at = greatest(p.last_seen_at, t.at), updates = p.updates + t.count
       FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[]) AS t(page_id, visitor_id, at, count)
       WHERE p.day = ANY ($5::date[]) AND p.page_id = t.page_id AND p.visitor_id = t.visitor_id`,
      [
        touches.map((t) => t.pageId),
        touches.map((t) => t.visitorId),
        touches.map((t) => new Date(t.at).toISOString()),
        touches.map((t) => t.count),
        days,
      ],
    );
  }

  async insertEvents(manager: EntityManager, events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      `INSERT INTO feed_events (day, at, name, post_id, user_id, visitor_id, place, level, notes, country, address_hash,
         visit_id, page_id, language)
       SELECT * FROM unnest($1::date[], $2::timestamptz[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[],
         $8::smallint[], $9::jsonb[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])`,
      [
        events.map((e) => e.day),
        events.map((e) => e.at),
        events.map((e) => e.name),
        events.map((e) => e.postId),
        events.map((e) => e.userId),
        events.map((e) => e.visitorId),
        events.map((e) => e.place),
        events.map((e) => e.level),
        events.map((e) => e.notes),
        events.map((e) => e.country),
        events.map((e) => e.addressHash),
        events.map((e) => e.visitId),
        events.map((e) => e.pageId),
        events.map((e) => e.language),
      ],
    );
  }

  /**
   * Marks the keys as counted and answers those that were not yet (by countKeyId): only their
   * events add to the rollups. Keys are inserted in key order, so batches of several processes
   * wait for each other's keys in one order.
   */
  async claimCounts(manager: EntityManager, keys: readonly CountKey[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows: { day: string; visit_key: string; post_id: number; measure: CountKey['measure'] }[] = await manager.query(
      `INSERT INTO tracking_counted (day, visit_key, post_id, measure)
       SELECT day, visit_key, post_id, measure
       FROM unnest($1::date[], $2::text[], $3::int[], $4::text[]) AS k(day, visit_key, post_id, measure)
       ORDER BY day, visit_key, post_id, measure
       ON CONFLICT DO NOTHING
       RETURNING to_char(day, 'YYYY-MM-DD') AS day, visit_key, post_id, measure`,
      [keys.map((k) => k.day), keys.map((k) => k.viewerKey), keys.map((k) => k.subjectId), keys.map((k) => k.measure)],
    );
    return new Set(
      rows.map((row) => countKeyId({ day: row.day, viewerKey: row.visit_key, subjectId: row.post_id, measure: row.measure })),
    );
  }

  /** Forgets which viewers were counted on days before `day`: no later event is of those days. */
  async deleteCountedBefore(day: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM tracking_counted WHERE day < $1`, [day]);
  }

  /**
   * Adds a batch's counts to the hourly rollups of the posts that exist (a post id nobody has
   * is left out rather than failing the batch). `credited` is not touched: the surf claims fill it.
   * Rows are written in key order, so batches of several processes lock them in one order.
   */
  async addHourly(manager: EntityManager, rollups: readonly HourlyRollup[]): Promise<void> {
    if (rollups.length === 0) return;
    await manager.query(
      `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, link_clicks, video_plays, image_views, profile_views)
       SELECT r.post_id, r.hour, r.place, r.seen, r.viewed, r.link_clicks, r.video_plays, r.image_views, r.profile_views
       FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[])
         AS r(post_id, hour, place, seen, viewed, link_clicks, video_plays, image_views, profile_views)
       JOIN posts ON posts.id = r.post_id
       ORDER BY r.post_id, r.hour, r.place
       ON CONFLICT (post_id, hour, place) DO UPDATE SET
         seen = post_stats_hourly.seen + excluded.seen,
         viewed = post_stats_hourly.viewed + excluded.viewed,
         link_clicks = post_stats_hourly.link_clicks + excluded.link_clicks,
         video_plays = post_stats_hourly.video_plays + excluded.video_plays,
         image_views = post_stats_hourly.image_views + excluded.image_views,
         profile_views = post_stats_hourly.profile_views + excluded.profile_views`,
      [
        rollups.map((r) => r.postId),
        rollups.map((r) => r.hour),
        rollups.map((r) => r.place),
        rollups.map((r) => r.seen),
        rollups.map((r) => r.viewed),
        rollups.map((r) => r.linkClicks),
        rollups.map((r) => r.videoPlays),
        rollups.map((r) => r.imageViews),
        rollups.map((r) => r.profileViews),
      ],
    );
  }

  /** As addHourly, per post, UTC day and country. */
  async addCountryDaily(manager: EntityManager, rollups: readonly CountryRollup[]): Promise<void> {
    if (rollups.length === 0) return;
    await manager.query(
      `INSERT INTO post_stats_country_daily (post_id, day, country, seen, viewed)
       SELECT r.post_id, r.day, r.country, r.seen, r.viewed
       FROM unnest($1::int[], $2::date[], $3::text[], $4::int[], $5::int[]) AS r(post_id, day, country, seen, viewed)
       JOIN posts ON posts.id = r.post_id
       ORDER BY r.post_id, r.day, r.country
       ON CONFLICT (post_id, day, country) DO UPDATE SET
         seen = post_stats_country_daily.seen + excluded.seen,
         viewed = post_stats_country_daily.viewed + excluded.viewed`,
      [
        rollups.map((r) => r.postId),
        rollups.map((r) => r.day),
        rollups.map((r) => r.country),
        rollups.map((r) => r.seen),
        rollups.map((r) => r.viewed),
      ],
    );
  }

  /**
   * Adds a batch's seen and viewed to the dimension rollups of the posts that exist: the
   * language as the event had it, the device and referrer of the event's page view, looked up
   * on the event's day and the day before (a page open across midnight); '' for what is
   * unknown. The batch's page views are inserted before, so a page view of the same batch is
   * found. Rows are written in key order, as addHourly.
   */
  async addDimensionDaily(manager: EntityManager, views: readonly PageViewViews[]): Promise<void> {
    if (views.length === 0) return;
    await manager.query(
      `INSERT INTO post_stats_dimension_daily (post_id, day, dimension, value, seen, viewed)
       SELECT r.post_id, r.day, d.dimension, d.value, sum(r.seen)::int, sum(r.viewed)::int
       FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[], $6::int[])
         AS r(post_id, day, page_id, language, seen, viewed)
       JOIN posts ON posts.id = r.post_id
       LEFT JOIN LATERAL (
         SELECT p.device, p.referrer_host FROM page_views p
         WHERE p.day IN (r.day, r.day - 1) AND p.page_id = r.page_id
         ORDER BY p.day DESC LIMIT 1
       ) AS pv ON true
       CROSS JOIN LATERAL (VALUES
         ('language', coalesce(r.language, '')),
         ('device', coalesce(pv.device, '')),
         ('referrer', coalesce(pv.referrer_host, ''))
       ) AS d(dimension, value)
       GROUP BY r.post_id, r.day, d.dimension, d.value
       ORDER BY r.post_id, r.day, d.dimension, d.value
       ON CONFLICT (post_id, day, dimension, value) DO UPDATE SET
         seen = post_stats_dimension_daily.seen + excluded.seen,
         viewed = post_stats_dimension_daily.viewed + excluded.viewed`,
      [
        views.map((v) => v.postId),
        views.map((v) => v.day),
        views.map((v) => v.pageId),
        views.map((v) => v.language),
        views.map((v) => v.seen),
        views.map((v) => v.viewed),
      ],
    );
  }

  /** Adds a batch's profile views to the hourly rollups of the members that exist, in key order. */
  async addProfileViews(manager: EntityManager, rollups: readonly ProfileRollup[]): Promise<void> {
    if (rollups.length === 0) return;
    await manager.query(
      `INSERT INTO profile_views_hourly (user_id, hour, views)
       SELECT r.user_id, r.hour, r.views
       FROM unnest($1::int[], $2::timestamptz[], $3::int[]) AS r(user_id, hour, views)
       JOIN users ON users.id = r.user_id
       ORDER BY r.user_id, r.hour
       ON CONFLICT (user_id, hour) DO UPDATE SET views = profile_views_hourly.views + excluded.views`,
      [rollups.map((r) => r.userId), rollups.map((r) => r.hour), rollups.map((r) => r.views)],
    );
  }

  /** The account each post of `postIds` that exists belongs to: its team's, or its writer's own. */
  async ownersOfPosts(postIds: readonly number[]): Promise<Map<number, Advertiser>> {
    if (postIds.length === 0) return new Map();
    const rows: { id: number; user_id: number; team_id: number | null }[] = await this.dataSource.query(
      `SELECT id, user_id, team_id FROM posts WHERE id = ANY ($1::int[])`,
      [postIds],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        row.team_id === null ? { kind: 'member', userId: row.user_id } : { kind: 'team', teamId: row.team_id },
      ]),
    );
  }

  /** The day's salt: `candidate` when no process has stored one yet, else the stored one. */
  async saltOf(day: string, candidate: Buffer): Promise<Buffer> {
    const rows: { salt: Buffer }[] = await this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO tracking_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt
       )
       SELECT salt FROM inserted UNION ALL SELECT salt FROM tracking_salts WHERE day = $1`,
      [day, candidate],
    );
    return rows[0].salt;
  }

  /** Forgets the salts of days before `day`: their hashes can no longer be matched to an address. */
  async deleteSaltsBefore(day: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM tracking_salts WHERE day < $1`, [day]);
  }

  /** Waits for other processes changing partitions; released when the transaction ends. */
  async lockPartitions(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [PARTITIONS_LOCK_KEY]);
  }

  async createDailyPartition(
    manager: EntityManager,
    table: (typeof DAILY_PARTITIONED_TABLES)[number],
    day: string,
  ): Promise<void> {
    const next = addDays(day, 1);
    await manager.query(
      `CREATE TABLE IF NOT EXISTS ${partitionName(table, day)} PARTITION OF ${table} FOR VALUES FROM ('${day}') TO ('${next}')`,
    );
  }

  /** The days that have a partition of `table`, as `YYYY-MM-DD`. */
  async dailyPartitionDays(manager: EntityManager, table: (typeof DAILY_PARTITIONED_TABLES)[number]): Promise<string[]> {
    const rows: { name: string }[] = await manager.query(
      `SELECT child.relname AS name FROM pg_inherits
       JOIN pg_class child ON child.oid = pg_inherits.inhrelid
       WHERE pg_inherits.inhparent = $1::regclass`,
      [table],
    );
    return rows
      .map((row) => /_(\d{4})(\d{2})(\d{2})$/.exec(row.name))
      .filter((match) => match !== null)
      .map(([, year, month, date]) => `${year}-${month}-${date}`);
  }

  async dropDailyPartition(manager: EntityManager, table: (typeof DAILY_PARTITIONED_TABLES)[number], day: string): Promise<void> {
    await manager.query(`DROP TABLE IF EXISTS ${partitionName(table, day)}`);
  }
}

/** `page_views_20261124`: `day` is `YYYY-MM-DD`, checked, as the name goes into SQL. */
function partitionName(table: string, day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return `${table}_${day.replaceAll('-', '')}`;
}
