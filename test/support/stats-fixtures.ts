import type pg from 'pg';

/** The counts of one hourly rollup row; omitted ones are 0. */
export interface HourlyCounts {
  seen?: number;
  viewed?: number;
  credited?: number;
  linkClicks?: number;
  videoPlays?: number;
  imageViews?: number;
  profileViews?: number;
}

/**
 * Rollup rows written straight into the database, as the tracking ingestion (or the credited
 * recount) would have left them, so the stats' reads can be checked without sending events.
 */
export async function seedHourly(db: pg.Client, pid: number, hour: Date, place: string, counts: HourlyCounts): Promise<void> {
  await db.query(
    `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, credited, link_clicks, video_plays, image_views, profile_views)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      pid,
      hour,
      place,
      counts.seen ?? 0,
      counts.viewed ?? 0,
      counts.credited ?? 0,
      counts.linkClicks ?? 0,
      counts.videoPlays ?? 0,
      counts.imageViews ?? 0,
      counts.profileViews ?? 0,
    ],
  );
}

export async function seedCountryDay(
  db: pg.Client,
  pid: number,
  day: string,
  country: string,
  counts: { seen: number; viewed: number },
): Promise<void> {
  await db.query(`INSERT INTO post_stats_country_daily (post_id, day, country, seen, viewed) VALUES ($1, $2, $3, $4, $5)`, [
    pid,
    day,
    country,
    counts.seen,
    counts.viewed,
  ]);
}

/** A daily rollup row by language, device or referrer ('' for unknown or none), as the ingest leaves it. */
export async function seedDimensionDay(
  db: pg.Client,
  pid: number,
  day: string,
  dimension: 'language' | 'device' | 'referrer',
  value: string,
  counts: { seen: number; viewed: number },
): Promise<void> {
  await db.query(
    `INSERT INTO post_stats_dimension_daily (post_id, day, dimension, value, seen, viewed) VALUES ($1, $2, $3, $4, $5, $6)`,
    [pid, day, dimension, value, counts.seen, counts.viewed],
  );
}

/** Views of a member's own profile in one hour, as the ingest leaves them. */
export async function seedProfileViews(db: pg.Client, userId: number, hour: Date, views: number): Promise<void> {
  await db.query(`INSERT INTO profile_views_hourly (user_id, hour, views) VALUES ($1, $2, $3)`, [userId, hour, views]);
}

/** The start of the current hour, `hoursAgo` hours back. */
export function hourAgo(hoursAgo: number): Date {
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  return new Date(hour.getTime() - hoursAgo * 3_600_000);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
