import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { StatsCounts, StatsDimension } from '@shared/stats/stats.js';
import { ownedBy, type Advertiser } from '../auth/advertiser.js';
import { addHour, addSeenViewed, emptyBreakdowns, type BreakdownSums, type SeenViewed } from './stats-breakdowns.js';
import { utcDaysOf, type LiveRange, type StatsPeriodDays } from './stats-period.js';

/** Counts as the queries name them; a read that does not count one leaves it out. */
export interface CountsRow {
  seen?: number;
  viewed?: number;
  credited?: number;
  link_clicks?: number;
  video_plays?: number;
  image_views?: number;
  profile_views?: number;
  comments?: number;
  feels?: number;
}

/** A count row of one day of the period (1 for the first; null for a post with none). */
export type DayRow = CountsRow & { bucket: number | null };

/** The sums every read of the hourly rollups selects, as integers. */
const COUNT_SUMS = `
  coalesce(sum(s.seen), 0)::int AS seen, coalesce(sum(s.viewed), 0)::int AS viewed,
  coalesce(sum(s.credited), 0)::int AS credited, coalesce(sum(s.link_clicks), 0)::int AS link_clicks,
  coalesce(sum(s.video_plays), 0)::int AS video_plays, coalesce(sum(s.image_views), 0)::int AS image_views,
  coalesce(sum(s.profile_views), 0)::int AS profile_views`;

export const countsOf = (row: CountsRow | undefined): StatsCounts => ({
  seen: row?.seen ?? 0,
  viewed: row?.viewed ?? 0,
  credited: row?.credited ?? 0,
  linkClicks: row?.link_clicks ?? 0,
  videoPlays: row?.video_plays ?? 0,
  imageViews: row?.image_views ?? 0,
  profileViews: row?.profile_views ?? 0,
  comments: row?.comments ?? 0,
  feels: row?.feels ?? 0,
});

export const ZERO: StatsCounts = countsOf(undefined);

export function addCounts(a: StatsCounts, b: StatsCounts): StatsCounts {
  return {
    seen: a.seen + b.seen,
    viewed: a.viewed + b.viewed,
    credited: a.credited + b.credited,
    linkClicks: a.linkClicks + b.linkClicks,
    videoPlays: a.videoPlays + b.videoPlays,
    imageViews: a.imageViews + b.imageViews,
    profileViews: a.profileViews + b.profileViews,
    comments: a.comments + b.comments,
    feels: a.feels + b.feels,
  };
}

/**
 * The day of the period an instant falls in, 1 for the first: its place among the instants the
 * period's days began (`starts`, a parameter), a binary search that costs far less per row than
 * converting each hour to the member's zone. Every read bounds the instants by the period's end.
 */
const dayOfPeriod = (column: string, starts: string) => `width_bucket(${column}, ${starts}::timestamptz[])`;

/**
 * The hour of day an hourly rollup row falls in, in the member's zone (a parameter). In a zone
 * whose offset is not whole hours, a UTC hour straddles two local ones and counts in the first.
 */
const hourOfDay = (tz: string) => `extract(hour FROM s.hour AT TIME ZONE ${tz})::int`;

/**
 * What a post's finished days hold: these never change once their day has ended (but for
 * comments deleted and feels taken back later, which the cache's time limit catches up with), so
 * they are read once and kept.
 */
export interface FinishedStats {
  /** By day of the period, the first `daily.length` days. */
  daily: StatsCounts[];
  total: StatsCounts;
  breakdowns: BreakdownSums;
}

/** What one post, or all the member's posts together, add in the live part of a period. */
export interface LiveStats {
  daily: DayRow[];
  breakdowns: BreakdownSums;
}

/** Rows of counts by day of the period (1 for the first), summed into `into` (one entry per day). */
export function addByDay(into: StatsCounts[], rows: DayRow[]): void {
  for (const row of rows) {
    if (row.bucket !== null && row.bucket >= 1 && row.bucket <= into.length)
      into[row.bucket - 1] = addCounts(into[row.bucket - 1]!, countsOf(row));
  }
}

/**
 * A read of the hourly rollup grouped several ways at once (grouping sets, one pass): by post and
 * day, by screen, by hour of day; the flags say which grouping a row belongs to.
 */
type HourlyRow = CountsRow & {
  post_id: number | null;
  bucket: number | null;
  place: string | null;
  hour_of_day: number | null;
  by_day: boolean;
  by_place: boolean;
  by_hour: boolean;
};

/** The select list of a grouped read of the hourly rollup: `starts` and `tz` name its parameters. */
const hourlyGroupings = (starts: string, tz: string) => `
  ${dayOfPeriod('s.hour', starts)} AS bucket, s.place, ${hourOfDay(tz)} AS hour_of_day,
  grouping(${dayOfPeriod('s.hour', starts)}) = 0 AS by_day, grouping(s.place) = 0 AS by_place,
  grouping(${hourOfDay(tz)}) = 0 AS by_hour, ${COUNT_SUMS}`;

const byDay = <T extends HourlyRow>(rows: T[]) => rows.filter((row) => row.by_day) as (T & { post_id: number })[];
type DailyRollupRow = SeenViewed & { post_id: number; dimension: string; value: string };

/** Adds the rows of a grouped hourly read that are by screen or by hour of day into breakdowns. */
function addHourly(breakdowns: BreakdownSums, rows: HourlyRow[]): void {
  for (const row of rows) {
    const counts = { seen: row.seen ?? 0, viewed: row.viewed ?? 0, linkClicks: row.link_clicks ?? 0 };
    if (row.by_hour && row.hour_of_day !== null) addHour(breakdowns, row.hour_of_day, counts);
    if (row.by_place && row.place !== null) addSeenViewed(breakdowns.sources, row.place, counts);
  }
}

/** Adds daily rollup rows (a country is the dimension 'country') into breakdowns. */
function addDaily(breakdowns: BreakdownSums, rows: DailyRollupRow[]): void {
  for (const row of rows) {
    const sums = row.dimension === 'country' ? breakdowns.countries : breakdowns.dimensions[row.dimension as StatsDimension];
    if (sums) addSeenViewed(sums, row.value, row);
  }
}

/** The posts a read is of: these, or every post (not deleted) of an account (a member's own, or a team's). */
type PostsOf = { pids: number[] } | { owner: Advertiser };

/** The condition on `post_id` selecting `posts`, with its one parameter ($1). */
function postsCondition(posts: PostsOf): [string, number[] | number] {
  if ('pids' in posts) return ['post_id = ANY($1::int[])', posts.pids];
  const [owned, owner] = ownedBy(posts.owner, 1, 'o');
  return [`post_id IN (SELECT o.id FROM posts o WHERE ${owned} AND o.deleted_at IS NULL)`, owner];
}

/** PostgreSQL's answer to a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';

/** The claimed tickets' advisory lock: one process recounts at a time (any other skips that round). */
export const CREDITED_RECOUNT_LOCK = 0x5374_6174_4372;

/**
 * Detailed Stats' reads: the rollups (`post_stats_hourly`, `post_stats_country_daily`,
 * `post_stats_dimension_daily`, `profile_views_hourly`; never the raw events), comments and feels
 * per post through their (post, time) indexes, and the recount of credited surf views into the
 * hourly rollup from `view_tickets`.
 */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `count` days from `first` (YYYY-MM-DD in `tz`), oldest first, the instant each began and the
   * instant the last one ends; null when the database does not know the zone (its zone data may
   * be older than the browser's).
   */
  async period(first: string, count: number, tz: string): Promise<StatsPeriodDays | null> {
    const rows: StatsPeriodDays[] | null = await this.dataSource
      .query(
        `SELECT ($1::date::timestamp AT TIME ZONE $3) AS start,
                (($1::date + $2::int)::timestamp AT TIME ZONE $3) AS end,
                array(SELECT to_char($1::date + i, 'YYYY-MM-DD') FROM generate_series(0, $2::int - 1) i ORDER BY i) AS days,
                array(SELECT ($1::date + i)::timestamp AT TIME ZONE $3 FROM generate_series(0, $2::int - 1) i ORDER BY i) AS starts`,
        [first, count, tz],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === INVALID_PARAMETER_VALUE) return null;
        throw error;
      });
    return rows?.[0] ?? null;
  }

  /**
   * The finished days of posts: hours, comments and feels from the period's start up to
   * `live.from`, the daily rollups of its UTC days before `live.utcDay`; one grouped pass each.
   */
  async finished(pids: number[], tz: string, period: StatsPeriodDays, live: LiveRange): Promise<Map<number, FinishedStats>> {
    const utc = utcDaysOf(period);
    const [hourly, daily, reactions]: [HourlyRow[], DailyRollupRow[], (DayRow & { post_id: number })[]] = await Promise.all([
      this.dataSource.query(
        `SELECT s.post_id, ${hourlyGroupings('$4', '$5')}
           FROM post_stats_hourly s
          WHERE s.post_id = ANY($1::int[]) AND s.hour >= $2 AND s.hour < $3
          GROUP BY GROUPING SETS ((1, 2, 3), (1, 4))`,
        [pids, period.start, live.from, period.starts, tz],
      ),
      this.dailyRollups({ pids }, `day >= $2::date AND day <= $3::date AND day < $4::date`, [utc.first, utc.last, live.utcDay]),
      this.reactionsByDay({ pids }, period.start, live.from, period.starts),
    ]);
    const byPost = new Map<number, FinishedStats>(
      pids.map((pid) => [
        pid,
        { daily: Array.from({ length: live.finishedDays }, () => ZERO), total: ZERO, breakdowns: emptyBreakdowns() },
      ]),
    );
    for (const row of [...byDay(hourly), ...reactions]) {
      const stats = byPost.get(row.post_id)!;
      addByDay(stats.daily, [row]);
      stats.total = addCounts(stats.total, countsOf(row));
    }
    for (const row of hourly) addHourly(byPost.get(row.post_id!)!.breakdowns, [row]);
    for (const row of daily) addDaily(byPost.get(row.post_id)!.breakdowns, [row]);
    return byPost;
  }

  /** A live post's text, for its label; null when it is deleted or missing (postLive decides who may read it). */
  async postText(pid: number): Promise<string | null> {
    const [row]: { text: string }[] = await this.dataSource.query(`SELECT text FROM posts WHERE id = $1 AND deleted_at IS NULL`, [
      pid,
    ]);
    return row?.text ?? null;
  }

  /**
   * One post's live part (hours, comments and feels from `live.from` by day of the period, hours
   * by screen and hour of day, the daily rollups from `live.utcDay`); null unless the post exists
   * (not deleted) and belongs to the account.
   */
  async postLive(
    owner: Advertiser,
    pid: number,
    tz: string,
    period: StatsPeriodDays,
    live: LiveRange,
  ): Promise<LiveStats | null> {
    const utc = utcDaysOf(period);
    const [owned, ownerId] = ownedBy(owner, 2);
    const [hourly, daily, reactions]: [HourlyRow[], DailyRollupRow[], DayRow[]] = await Promise.all([
      this.dataSource.query(
        `SELECT p.id AS post_id, ${hourlyGroupings('$5', '$6')}
           FROM posts p
           LEFT JOIN post_stats_hourly s ON s.post_id = p.id AND s.hour >= $3 AND s.hour < $4
          WHERE p.id = $1 AND ${owned} AND p.deleted_at IS NULL
          GROUP BY GROUPING SETS ((1, 2, 3), (1, 4))`,
        [pid, ownerId, live.from, period.end, period.starts, tz],
      ),
      this.dailyRollups({ pids: [pid] }, `day >= $2::date AND day >= $3::date AND day <= $4::date`, [
        live.utcDay,
        utc.first,
        utc.last,
      ]),
      this.reactionsByDay({ pids: [pid] }, live.from, period.end, period.starts),
    ]);
    if (hourly.length === 0) return null;
    const breakdowns = emptyBreakdowns();
    addHourly(breakdowns, hourly);
    addDaily(breakdowns, daily);
    return { daily: [...byDay(hourly), ...reactions], breakdowns };
  }

  /**
   * The account's posts (not deleted), and what they add together in the live part: hours,
   * comments and feels from `live.from` by post and day of the period (a post with none once with
   * a null bucket), hours by screen and hour of day, the daily rollups from `live.utcDay`.
   */
  async accountPostsLive(
    owner: Advertiser,
    tz: string,
    period: StatsPeriodDays,
    live: LiveRange,
  ): Promise<{ pids: number[]; daily: (DayRow & { post_id: number })[]; breakdowns: BreakdownSums }> {
    const utc = utcDaysOf(period);
    const posts: PostsOf = { owner };
    const [owned, ownerId] = ownedBy(owner, 1);
    const [hourly, daily, reactions]: [HourlyRow[], DailyRollupRow[], (DayRow & { post_id: number })[]] = await Promise.all([
      this.dataSource.query(
        `SELECT p.id AS post_id, ${hourlyGroupings('$4', '$5')}
           FROM posts p
           LEFT JOIN post_stats_hourly s ON s.post_id = p.id AND s.hour >= $2 AND s.hour < $3
          WHERE ${owned} AND p.deleted_at IS NULL
          GROUP BY GROUPING SETS ((1, 2), (3), (4))`,
        [ownerId, live.from, period.end, period.starts, tz],
      ),
      this.dailyRollups(posts, `day >= $2::date AND day >= $3::date AND day <= $4::date`, [live.utcDay, utc.first, utc.last]),
      this.reactionsByDay(posts, live.from, period.end, period.starts),
    ]);
    const byPost = byDay(hourly);
    const pids = [...new Set(byPost.map((row) => row.post_id))];
    // The reads ran side by side: a post deleted or written meanwhile counts only if the first saw it.
    const listed = new Set(pids);
    const breakdowns = emptyBreakdowns();
    addHourly(breakdowns, hourly);
    addDaily(
      breakdowns,
      daily.filter((row) => listed.has(row.post_id)),
    );
    return { pids, daily: [...byPost, ...reactions.filter((row) => listed.has(row.post_id))], breakdowns };
  }

  /** How often the member's own profile was opened from `from` to `to`. */
  async ownProfileViews(userId: number, from: Date, to: Date): Promise<number> {
    const [row]: { views: number }[] = await this.dataSource.query(
      `SELECT coalesce(sum(views), 0)::int AS views FROM profile_views_hourly WHERE user_id = $1 AND hour >= $2 AND hour < $3`,
      [userId, from, to],
    );
    return row?.views ?? 0;
  }

  async postTexts(pids: number[]): Promise<Map<number, string>> {
    if (pids.length === 0) return new Map();
    const rows: { id: number; text: string }[] = await this.dataSource.query(`SELECT id, text FROM posts WHERE id = ANY($1)`, [
      pids,
    ]);
    return new Map(rows.map((post) => [post.id, post.text]));
  }

  /**
   * Seen and viewed of posts by country and by language, device and referrer, from the daily
   * rollups, over the UTC days `days` selects (a condition on `day` with parameters from $2).
   */
  private dailyRollups(posts: PostsOf, days: string, parameters: unknown[]): Promise<DailyRollupRow[]> {
    const [which, parameter] = postsCondition(posts);
    return this.dataSource.query(
      `SELECT post_id, 'country' AS dimension, country AS value, sum(seen)::int AS seen, sum(viewed)::int AS viewed
         FROM post_stats_country_daily
        WHERE ${which} AND ${days}
        GROUP BY 1, 2, 3
       UNION ALL
       SELECT post_id, dimension, value, sum(seen)::int, sum(viewed)::int
         FROM post_stats_dimension_daily
        WHERE ${which} AND ${days}
        GROUP BY 1, 2, 3`,
      [parameter, ...parameters],
    );
  }

  /**
   * Comments (not deleted) and feels the posts received from `from` to `to`, by post and day of
   * the period: each table read by its (post, creation time) index, only the period's rows.
   */
  private reactionsByDay(posts: PostsOf, from: Date, to: Date, starts: Date[]): Promise<(DayRow & { post_id: number })[]> {
    if (from.getTime() >= to.getTime()) return Promise.resolve([]);
    const [which, parameter] = postsCondition(posts);
    return this.dataSource.query(
      `SELECT post_id, ${dayOfPeriod('at', '$4')} AS bucket, sum(comments)::int AS comments, sum(feels)::int AS feels
         FROM (SELECT post_id, created_at AS at, 1 AS comments, 0 AS feels
                 FROM comments
                WHERE ${which} AND created_at >= $2 AND created_at < $3 AND deleted_at IS NULL
               UNION ALL
               SELECT post_id, created_at, 0, 1
                 FROM post_feels
                WHERE ${which} AND created_at >= $2 AND created_at < $3) reactions
        GROUP BY 1, 2`,
      [parameter, from, to, starts],
    );
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
