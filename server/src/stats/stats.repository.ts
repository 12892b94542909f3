import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StatsByCountry, StatsBySource, StatsCounts, StatsDay } from '@shared/stats/stats.js';

/** The days of a period in the member's time zone, and the instant its first day began. */
export interface StatsPeriodDays {
  start: Date;
  days: string[];
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

/** Each day of the period with its counts, zeros where the rollups have nothing. */
function zeroFilled(period: StatsPeriodDays, rows: (CountsRow & { day: string })[]): StatsDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return period.days.map((day) => ({ day, ...countsOf(byDay.get(day)) }));
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
    const rows: { start: Date; days: string[] }[] | null = await this.dataSource
      .query(
        `WITH first AS (SELECT (now() AT TIME ZONE $2)::date - ($1::int - 1) AS day)
       SELECT (first.day::timestamp AT TIME ZONE $2) AS start,
              array(SELECT to_char(first.day + i, 'YYYY-MM-DD') FROM generate_series(0, $1::int - 1) i ORDER BY i) AS days
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

  /** One post's counts by day of the period (days in `tz`), zero-filled. */
  async postDaily(pid: number, period: StatsPeriodDays, tz: string): Promise<StatsDay[]> {
    const rows: (CountsRow & { day: string })[] = await this.dataSource.query(
      `SELECT to_char((s.hour AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, ${COUNT_SUMS}
         FROM post_stats_hourly s
        WHERE s.post_id = $1 AND s.hour >= $2
        GROUP BY 1`,
      [pid, period.start, tz],
    );
    return zeroFilled(period, rows);
  }

  /** One post's seen and viewed by the screen it was on, most viewed first; screens with neither left out. */
  async postSources(pid: number, period: StatsPeriodDays): Promise<StatsBySource[]> {
    return this.dataSource.query(
      `SELECT s.place AS source, sum(s.seen)::int AS seen, sum(s.viewed)::int AS viewed
         FROM post_stats_hourly s
        WHERE s.post_id = $1 AND s.hour >= $2
        GROUP BY s.place
       HAVING sum(s.seen) + sum(s.viewed) > 0
        ORDER BY viewed DESC, seen DESC, source`,
      [pid, period.start],
    );
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
    tz: string,
  ): Promise<{ daily: StatsDay[]; posts: { pid: number; text: string; totals: StatsCounts }[] }> {
    type Row = CountsRow & { day: string | null; post_id: number | null; text: string | null };
    const rows: Row[] = await this.dataSource.query(
      `WITH sums AS (
         SELECT to_char((s.hour AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, s.post_id, ${COUNT_SUMS}
           FROM posts p
           JOIN post_stats_hourly s ON s.post_id = p.id AND s.hour >= $2
          WHERE p.user_id = $1 AND p.deleted_at IS NULL
          GROUP BY GROUPING SETS (((s.hour AT TIME ZONE $3)::date), (s.post_id)))
       SELECT sums.*, p.text FROM sums LEFT JOIN posts p ON p.id = sums.post_id`,
      [userId, period.start, tz],
    );
    const daily = zeroFilled(
      period,
      rows.filter((row): row is Row & { day: string } => row.day !== null),
    );
    const posts = rows
      .filter((row) => row.post_id !== null)
      .map((row) => ({ pid: row.post_id!, text: row.text ?? '', totals: countsOf(row) }))
      .filter(({ totals }) => Object.values(totals).some((count) => count > 0))
      .sort((a, b) => b.totals.viewed - a.totals.viewed || b.totals.seen - a.totals.seen || b.pid - a.pid);
    return { daily, posts };
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
