import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StatsCounts } from '@shared/stats/stats.js';

/** The days of a period in the member's time zone (YYYY-MM-DD) and the instant each began. */
export interface StatsPeriodDays {
  start: Date;
  days: string[];
  starts: Date[];
}

export interface CountsRow {
  seen: number;
  viewed: number;
  credited: number;
  link_clicks: number;
  video_plays: number;
  image_views: number;
}

/** The sums every read of the hourly rollups selects, as integers. */
const COUNT_SUMS = `
  coalesce(sum(s.seen), 0)::int AS seen, coalesce(sum(s.viewed), 0)::int AS viewed,
  coalesce(sum(s.credited), 0)::int AS credited, coalesce(sum(s.link_clicks), 0)::int AS link_clicks,
  coalesce(sum(s.video_plays), 0)::int AS video_plays, coalesce(sum(s.image_views), 0)::int AS image_views`;

export const countsOf = (row: CountsRow | undefined): StatsCounts => ({
  seen: row?.seen ?? 0,
  viewed: row?.viewed ?? 0,
  credited: row?.credited ?? 0,
  linkClicks: row?.link_clicks ?? 0,
  videoPlays: row?.video_plays ?? 0,
  imageViews: row?.image_views ?? 0,
});

export const ZERO: StatsCounts = { seen: 0, viewed: 0, credited: 0, linkClicks: 0, videoPlays: 0, imageViews: 0 };

export function addCounts(a: StatsCounts, b: StatsCounts): StatsCounts {
  return {
    seen: a.seen + b.seen,
    viewed: a.viewed + b.viewed,
    credited: a.credited + b.credited,
    linkClicks: a.linkClicks + b.linkClicks,
    videoPlays: a.videoPlays + b.videoPlays,
    imageViews: a.imageViews + b.imageViews,
  };
}

/**
 * The day of the period an hour falls in, 1 for the first: the hour's place among the instants
 * the period's days began (`starts`, a parameter), a binary search that costs far less per row
 * than converting each hour to the member's zone.
 */
const dayOfPeriod = (starts: string) => `width_bucket(s.hour, ${starts}::timestamptz[])`;

/** A sum of seen and viewed, by screen or by country. */
export interface SeenViewed {
  seen: number;
  viewed: number;
}

/**
 * What a post's finished days hold: these never change once their day has ended, so they are
 * read once and kept. Full sums by screen and country, so today's rows can be added before the
 * top ones are chosen.
 */
export interface FinishedStats {
  /** By day of the period, the first `daily.length` days. */
  daily: StatsCounts[];
  total: StatsCounts;
  /** By screen (`place`). */
  sources: Map<string, SeenViewed>;
  /** By country, '' when unknown. */
  countries: Map<string, SeenViewed>;
}

/**
 * The part of a period read live on every request: its days from the `finishedDays`-th (0 for the
 * first), whose hours start at `from`, and for countries the UTC days from `utcDay`.
 */
export interface LiveRange {
  finishedDays: number;
  from: Date;
  utcDay: string;
}

/** Rows of counts by day of the period (1 for the first), summed into `into` (one entry per day). */
export function addByDay(into: StatsCounts[], rows: (CountsRow & { bucket: number | null })[]): void {
  for (const row of rows) {
    if (row.bucket !== null && row.bucket >= 1 && row.bucket <= into.length)
      into[row.bucket - 1] = addCounts(into[row.bucket - 1]!, countsOf(row));
  }
}

function addSeenViewed(into: Map<string, SeenViewed>, key: string, row: SeenViewed): void {
  const sum = into.get(key);
  if (sum) {
    sum.seen += row.seen;
    sum.viewed += row.viewed;
  } else into.set(key, { seen: row.seen, viewed: row.viewed });
}

/** PostgreSQL's answer to a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';

/** The claimed tickets' advisory lock: one process recounts at a time (any other skips that round). */
export const CREDITED_RECOUNT_LOCK = 0x5374_6174_4372;

/**
 * Detailed Stats' reads of the rollups (`post_stats_hourly`, `post_stats_country_daily`; never the
 * raw events) and the recount of credited surf views into them from `view_tickets`.
 */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The `days` days ending with `today` (YYYY-MM-DD in `tz`), oldest first, and the instant each
   * began; null when the database does not know the zone (its zone data may be older than the
   * browser's).
   */
  async period(days: number, tz: string, today: string): Promise<StatsPeriodDays | null> {
    const rows: StatsPeriodDays[] | null = await this.dataSource
      .query(
        `WITH first AS (SELECT $3::date - ($1::int - 1) AS day)
       SELECT (first.day::timestamp AT TIME ZONE $2) AS start,
              array(SELECT to_char(first.day + i, 'YYYY-MM-DD') FROM generate_series(0, $1::int - 1) i ORDER BY i) AS days,
              array(SELECT (first.day + i)::timestamp AT TIME ZONE $2 FROM generate_series(0, $1::int - 1) i ORDER BY i) AS starts
         FROM first`,
        [days, tz, today],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === INVALID_PARAMETER_VALUE) return null;
        throw error;
      });
    return rows?.[0] ?? null;
  }

  /**
   * The finished days of posts (hours from the period's start up to `live.from`, countries from
   * the UTC day of the period's start up to `live.utcDay`), in one grouped pass per rollup.
   */
  async finished(pids: number[], period: StatsPeriodDays, live: LiveRange): Promise<Map<number, FinishedStats>> {
    const [hourly, countries]: [
      (CountsRow & { bucket: number; post_id: number; place: string })[],
      (SeenViewed & { post_id: number; country: string })[],
    ] = await Promise.all([
      this.dataSource.query(
        `SELECT ${dayOfPeriod('$4')} AS bucket, s.post_id, s.place, ${COUNT_SUMS}
             FROM post_stats_hourly s
            WHERE s.post_id = ANY($1::int[]) AND s.hour >= $2 AND s.hour < $3
            GROUP BY 1, 2, 3`,
        [pids, period.start, live.from, period.starts],
      ),
      this.dataSource.query(
        `SELECT c.post_id, c.country, sum(c.seen)::int AS seen, sum(c.viewed)::int AS viewed
             FROM post_stats_country_daily c
            WHERE c.post_id = ANY($1::int[]) AND c.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date AND c.day < $3::date
            GROUP BY 1, 2`,
        [pids, period.start, live.utcDay],
      ),
    ]);
    const byPost = new Map<number, FinishedStats>(
      pids.map((pid) => [
        pid,
        { daily: Array.from({ length: live.finishedDays }, () => ZERO), total: ZERO, sources: new Map(), countries: new Map() },
      ]),
    );
    for (const row of hourly) {
      const stats = byPost.get(row.post_id)!;
      addByDay(stats.daily, [row]);
      stats.total = addCounts(stats.total, countsOf(row));
      addSeenViewed(stats.sources, row.place, row);
    }
    for (const row of countries) addSeenViewed(byPost.get(row.post_id)!.countries, row.country, row);
    return byPost;
  }

  /**
   * One post's live part (hours from `live.from` by day of the period and screen, countries from
   * `live.utcDay`); null unless the post exists (not deleted) and belongs to the member.
   */
  async postLive(
    userId: number,
    pid: number,
    period: StatsPeriodDays,
    live: LiveRange,
  ): Promise<{
    daily: (CountsRow & { bucket: number | null })[];
    sources: Map<string, SeenViewed>;
    countries: Map<string, SeenViewed>;
  } | null> {
    const [hourly, countries]: [
      (CountsRow & { bucket: number | null; place: string | null })[],
      (SeenViewed & { country: string })[],
    ] = await Promise.all([
      this.dataSource.query(
        `SELECT ${dayOfPeriod('$4')} AS bucket, s.place, ${COUNT_SUMS}
             FROM posts p
             LEFT JOIN post_stats_hourly s ON s.post_id = p.id AND s.hour >= $3
            WHERE p.id = $1 AND p.user_id = $2 AND p.deleted_at IS NULL
            GROUP BY 1, 2`,
        [pid, userId, live.from, period.starts],
      ),
      this.dataSource.query(
        `SELECT c.country, sum(c.seen)::int AS seen, sum(c.viewed)::int AS viewed
             FROM post_stats_country_daily c
            WHERE c.post_id = $1 AND c.day >= $2::date
            GROUP BY 1`,
        [pid, live.utcDay],
      ),
    ]);
    if (hourly.length === 0) return null;
    const sources = new Map<string, SeenViewed>();
    for (const row of hourly) if (row.place !== null) addSeenViewed(sources, row.place, row);
    return {
      daily: hourly,
      sources,
      countries: new Map(countries.map((row) => [row.country, { seen: row.seen, viewed: row.viewed }])),
    };
  }

  /**
   * The member's posts (not deleted) with their live hours from `live.from` by day of the period:
   * one row per post and day, a post with no live hours once with a null bucket.
   */
  async memberPostsLive(
    userId: number,
    period: StatsPeriodDays,
    live: LiveRange,
  ): Promise<(CountsRow & { bucket: number | null; post_id: number })[]> {
    return this.dataSource.query(
      `SELECT p.id AS post_id, ${dayOfPeriod('$3')} AS bucket, ${COUNT_SUMS}
         FROM posts p
         LEFT JOIN post_stats_hourly s ON s.post_id = p.id AND s.hour >= $2
        WHERE p.user_id = $1 AND p.deleted_at IS NULL
        GROUP BY 1, 2`,
      [userId, live.from, period.starts],
    );
  }

  async postTexts(pids: number[]): Promise<Map<number, string>> {
    if (pids.length === 0) return new Map();
    const rows: { id: number; text: string }[] = await this.dataSource.query(`SELECT id, text FROM posts WHERE id = ANY($1)`, [
      pids,
    ]);
    return new Map(rows.map((post) => [post.id, post.text]));
  }

  /**
   * Sets `credited` (place 'surf') of every hour from the watermark minus `marginSeconds` to the
   * number of claimed tickets of that hour, and moves the watermark to this transaction's start.
   * Idempotent; while another process holds the lock it does nothing and answers false. Claims
   * commit with `claimed_at` = their transaction's start, so the margin covers those still in
   * flight when a recount reads.
   */
  async recountCredited(manager: EntityManager, marginSeconds: number): Promise<boolean> {
    const [{ locked }]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
      CREDITED_RECOUNT_LOCK,
    ]);
    if (!locked) return false;
    await manager.query(
      `WITH since AS (
         SELECT coalesce(date_trunc('hour', (SELECT done_until FROM rollup_watermarks WHERE rollup = 'credited')
                                            - make_interval(secs => $1), 'UTC'), '-infinity') AS at),
       counts AS (
         SELECT t.post_id, date_trunc('hour', t.claimed_at, 'UTC') AS hour, count(*)::int AS credited
           FROM view_tickets t, since
          WHERE t.status = 'claimed' AND t.claimed_at >= since.at
          GROUP BY 1, 2)
       INSERT INTO post_stats_hourly (post_id, hour, place, credited)
       SELECT post_id, hour, 'surf', credited FROM counts
       ON CONFLICT (post_id, hour, place) DO UPDATE SET credited = excluded.credited
        WHERE post_stats_hourly.credited <> excluded.credited`,
      [marginSeconds],
    );
    await manager.query(
      `INSERT INTO rollup_watermarks (rollup, done_until) VALUES ('credited', now())
       ON CONFLICT (rollup) DO UPDATE SET done_until = excluded.done_until`,
    );
    return true;
  }
}
