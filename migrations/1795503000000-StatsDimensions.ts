import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What Detailed Stats breaks views down by, and what keeps a view from counting twice:
 * - each event keeps the visit and page view it came from and the browser's language; each page
 *   view its screen's device bucket and the referrer's host, so a post view is broken down by
 *   them through its page view;
 * - `tracking_counted` holds, per UTC day, which (visit, post, measure) has been counted once
 *   already; later events of the same key are stored raw but add nothing to the rollups. Rows
 *   older than yesterday are deleted by the partition upkeep;
 * - `post_stats_dimension_daily`: seen and viewed per post, UTC day, dimension (language, device,
 *   referrer) and value, as `post_stats_country_daily` is per country;
 * - profile views: opened from a post (a column of the hourly rollup) and of a member's profile
 *   (`profile_views_hourly`).
 */
export class StatsDimensions1795503000000 implements MigrationInterface {
  name = 'StatsDimensions1795503000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE feed_events ADD COLUMN visit_id text, ADD COLUMN page_id text, ADD COLUMN language text`);
    await queryRunner.query(`ALTER TABLE page_views ADD COLUMN device text, ADD COLUMN referrer_host text`);
    await queryRunner.query(`
      CREATE TABLE tracking_counted (
        day date NOT NULL,
        visit_key text NOT NULL,
        post_id integer NOT NULL,
        measure text NOT NULL,
        CONSTRAINT tracking_counted_pkey PRIMARY KEY (day, visit_key, post_id, measure)
      )`);
    await queryRunner.query(`
      CREATE TABLE post_stats_dimension_daily (
        post_id integer NOT NULL,
        day date NOT NULL,
        dimension text NOT NULL,
        value text NOT NULL,
        seen integer NOT NULL DEFAULT 0,
        viewed integer NOT NULL DEFAULT 0,
        CONSTRAINT post_stats_dimension_daily_pkey PRIMARY KEY (post_id, day, dimension, value),
        CONSTRAINT post_stats_dimension_daily_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`ALTER TABLE post_stats_hourly ADD COLUMN profile_views integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE TABLE profile_views_hourly (
        user_id integer NOT NULL,
        hour timestamptz NOT NULL,
        views integer NOT NULL DEFAULT 0,
        CONSTRAINT profile_views_hourly_pkey PRIMARY KEY (user_id, hour),
        CONSTRAINT profile_views_hourly_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE profile_views_hourly`);
    await queryRunner.query(`ALTER TABLE post_stats_hourly DROP COLUMN profile_views`);
    await queryRunner.query(`DROP TABLE post_stats_dimension_daily`);
    await queryRunner.query(`DROP TABLE tracking_counted`);
    await queryRunner.query(`ALTER TABLE page_views DROP COLUMN device, DROP COLUMN referrer_host`);
    await queryRunner.query(`ALTER TABLE feed_events DROP COLUMN visit_id, DROP COLUMN page_id, DROP COLUMN language`);
  }
}
