import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracking: page views (one row each, updated in place while the page stays open) and
 * feed-activity events, both partitioned by day so old days are dropped whole; the salts that
 * hash addresses (one a day, deleted once the day is over); hourly rollups per post and place,
 * and daily ones per post and country, which Detailed Stats reads instead of the raw events.
 * The server creates each day's partitions ahead of time and drops those past retention.
 */
export class Tracking1795501000000 implements MigrationInterface {
  name = 'Tracking1795501000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE page_views (
        day date NOT NULL,
        page_id text NOT NULL,
        visit_id text NOT NULL,
        visitor_id text NOT NULL,
        user_id integer,
        url text NOT NULL,
        referrer text NOT NULL,
        window_width integer NOT NULL,
        window_height integer NOT NULL,
        screen_width integer NOT NULL,
        screen_height integer NOT NULL,
        client_time timestamptz NOT NULL,
        started_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        updates integer NOT NULL DEFAULT 0,
        country text,
        address_hash text NOT NULL,
        CONSTRAINT page_views_pkey PRIMARY KEY (day, page_id)
      ) PARTITION BY RANGE (day)`);
    await queryRunner.query(`
      CREATE TABLE feed_events (
        day date NOT NULL,
        at timestamptz NOT NULL,
        name text NOT NULL,
        post_id integer,
        user_id integer,
        visitor_id text,
        place text,
        level smallint,
        notes jsonb NOT NULL,
        country text,
        address_hash text NOT NULL
      ) PARTITION BY RANGE (day)`);
    await queryRunner.query(`
      CREATE TABLE tracking_salts (
        day date NOT NULL,
        salt bytea NOT NULL,
        CONSTRAINT tracking_salts_pkey PRIMARY KEY (day)
      )`);
    await queryRunner.query(`
      CREATE TABLE post_stats_hourly (
        post_id integer NOT NULL,
        hour timestamptz NOT NULL,
        place text NOT NULL,
        seen integer NOT NULL DEFAULT 0,
        viewed integer NOT NULL DEFAULT 0,
        credited integer NOT NULL DEFAULT 0,
        link_clicks integer NOT NULL DEFAULT 0,
        video_plays integer NOT NULL DEFAULT 0,
        image_views integer NOT NULL DEFAULT 0,
        CONSTRAINT post_stats_hourly_pkey PRIMARY KEY (post_id, hour, place),
        CONSTRAINT post_stats_hourly_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE post_stats_country_daily (
        post_id integer NOT NULL,
        day date NOT NULL,
        country text NOT NULL,
        seen integer NOT NULL DEFAULT 0,
        viewed integer NOT NULL DEFAULT 0,
        CONSTRAINT post_stats_country_daily_pkey PRIMARY KEY (post_id, day, country),
        CONSTRAINT post_stats_country_daily_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE post_stats_country_daily`);
    await queryRunner.query(`DROP TABLE post_stats_hourly`);
    await queryRunner.query(`DROP TABLE tracking_salts`);
    await queryRunner.query(`DROP TABLE feed_events`);
    await queryRunner.query(`DROP TABLE page_views`);
  }
}
