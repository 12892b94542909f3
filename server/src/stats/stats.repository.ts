import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StatsByCountry, StatsBySource, StatsCounts, StatsDay } from '@shared/stats/stats.js';

/** The days of a period in the member's time zone (YYYY-MM-DD) and the instant each began. */
export interface StatsPeriodDays {
  start: Date;
  days: string[];
  starts: Date[];
}

interface CountsRow {
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

const countsOf = (row: CountsRow | undefined): StatsCounts => ({
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
 * the period's days began ($3), a binary search that costs far less per row than converting each
 * hour to the member's zone.
 */
const DAY_OF_PERIOD = `width_bucket(s.hour, $3::timestamptz[])`;

/** Each day of the period with the counts of the rows of its bucket summed, zeros where there are none. */
function byDayOfPeriod(period: StatsPeriodDays, rows: (CountsRow & { bucket: number })[]): StatsDay[] {
  const sums = period.days.map(() => ZERO);
  for (const row of rows) if (row.bucket >= 1) sums[row.bucket - 1] = addCounts(sums[row.bucket - 1]!, countsOf(row));
  return period.days.map((day, index) => ({ day, ...sums[index]! }));
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
   * The last `days` days up to today in `tz`, oldest first; null when the database does not know
   * the zone (its zone data may be older than the browser's).
   */
  async period(days: number, tz: string): Promise<StatsPeriodDays | null> {
    const rows: StatsPeriodDays[] | null = await this.dataSource
      .query(
        `WITH first AS (SELECT (now() AT TIME ZONE $2)::date - ($1::int - 1) AS day)
       SELECT (first.day::timestamp AT TIME ZONE $2) AS start,
              array(SELECT to_char(first.day + i, 'YYYY-MM-DD') FROM generate_series(0, $1::int - 1) i ORDER BY i) AS days,
              array(SELECT (first.day + i)::timestamp AT TIME ZONE $2 FROM generate_series(0, $1::int - 1) i ORDER BY i) AS starts
         FROM first`,
        [days, tz],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === INVALID_PARAMETER_VALUE) return null;
        throw error;
      });
    return rows?.[0] ?? null;
  }

  /** Whether the post exists (not deleted) and belongs to the member. */
  async isOwnPost(userId: number, pid: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM posts WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
      [pid, userId],
    );
    return rows.length > 0;
  }

  /**
   * One post's counts by day of the period (zero-filled) and its seen and viewed by the screen it
   * was on (most viewed first; screens with neither left out), from one pass over its rollups.
   */
  async postBreakdown(pid: number, period: StatsPeriodDays): Promise<{ daily: StatsDay[]; sources: StatsBySource[] }> {
    const rows: (CountsRow & { bucket: number; place: string })[] = await this.dataSource.query(
      `SELECT ${DAY_OF_PERIOD} AS bucket, s.place, ${COUNT_SUMS}
         FROM post_stats_hourly s
        WHERE s.post_id = $1 AND s.hour >= $2
        GROUP BY 1, 2`,
      [pid, period.start, period.starts],
    );
    const bySource = new Map<string, StatsBySource>();
    for (const row of rows) {
      const source = bySource.get(row.place) ?? { source: row.place as StatsBySource['source'], seen: 0, viewed: 0 };
      source.seen += row.seen;
      source.viewed += row.viewed;
      bySource.set(row.place, source);
    }
    const sources = [...bySource.values()]
      .filter((source) => source.seen + source.viewed > 0)
      .sort((x, y) => y.viewed - x.viewed || y.seen - x.seen || x.source.localeCompare(y.source));
    return { daily: byDayOfPeriod(period, rows), sources };
  }

  /**
   * One post's ten countries with most views. The country rollup is kept by UTC day, so the
   * period starts at the UTC day holding its first local midnight.
   */
  async postTopCountries(pid: number, period: StatsPeriodDays): Promise<StatsByCountry[]> {
    const rows: { country: string; seen: number; viewed: number }[] = await this.dataSource.query(
      `SELECT c.country, sum(c.seen)::int AS seen, sum(c.viewed)::int AS viewed
         FROM post_stats_country_daily c
        WHERE c.post_id = $1 AND c.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date
        GROUP BY c.country
       HAVING sum(c.seen) + sum(c.viewed) > 0
        ORDER BY viewed DESC, seen DESC, c.country
        LIMIT 10`,
      [pid, period.start],
    );
    return rows.map((row) => ({ ...row, country: row.country === '' ? null : row.country }));
  }

  /**
   * The member's posts over the period in one pass over their rollups: the counts by day
   * (zero-filled) and by post (posts with nothing counted left out, most viewed first).
   */
  async memberOverview(
    userId: number,
    period: StatsPeriodDays,
  ): Promise<{ daily: StatsDay[]; posts: { pid: number; text: string; totals: StatsCounts }[] }> {
    const rows: (CountsRow & { bucket: number; post_id: number })[] = await this.dataSource.query(
      `SELECT ${DAY_OF_PERIOD} AS bucket, s.post_id, ${COUNT_SUMS}
         FROM posts p
         JOIN post_stats_hourly s ON s.post_id = p.id AND s.hour >= $2
        WHERE p.user_id = $1 AND p.deleted_at IS NULL
        GROUP BY 1, 2`,
      [userId, period.start, period.starts],
    );
    const byPost = new Map<number, StatsCounts>();
    for (const row of rows) byPost.set(row.post_id, addCounts(byPost.get(row.post_id) ?? ZERO, countsOf(row)));
    const counted = [...byPost].filter(([, totals]) => Object.values(totals).some((count) => count > 0));
    const texts: { id: number; text: string }[] = counted.length
      ? await this.dataSource.query(`SELECT id, text FROM posts WHERE id = ANY($1)`, [counted.map(([pid]) => pid)])
      : [];
    const textOf = new Map(texts.map((post) => [post.id, post.text]));
    const posts = counted
      .map(([pid, totals]) => ({ pid, text: textOf.get(pid) ?? '', totals }))
      .sort((x, y) => y.totals.viewed - x.totals.viewed || y.totals.seen - x.totals.seen || y.pid - x.pid);
    return { daily: byDayOfPeriod(period, rows), posts };
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
