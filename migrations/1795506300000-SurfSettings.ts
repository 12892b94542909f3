import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The surf bar's site-wide rules become website settings admins edit: the countdown and the daily
 * earning cap (NULL: the server's SURF_TIMER_SECONDS and DAILY_EARNING_CAP), the score from which
 * every view asks for a code, the score that stops earning, and how many wrong answers among the
 * last four stop it. Seeded with the values the site has always used.
 */
export class SurfSettings1795506300000 implements MigrationInterface {
  name = 'SurfSettings1795506300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE website_settings
        ADD COLUMN surf_timer_seconds integer,
        ADD COLUMN daily_earning_cap integer,
        ADD COLUMN challenge_at integer NOT NULL DEFAULT 50,
        ADD COLUMN block_at integer NOT NULL DEFAULT 150,
        ADD COLUMN wrong_codes_to_stop integer NOT NULL DEFAULT 3,
        ADD CONSTRAINT website_settings_surf_timer_check CHECK (surf_timer_seconds BETWEEN 0 AND 600),
        ADD CONSTRAINT website_settings_daily_cap_check CHECK (daily_earning_cap >= 1),
        ADD CONSTRAINT website_settings_thresholds_check CHECK (challenge_at >= 1 AND block_at > challenge_at AND block_at <= 1000),
        ADD CONSTRAINT website_settings_wrong_codes_check CHECK (wrong_codes_to_stop BETWEEN 1 AND 4)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE website_settings
        DROP COLUMN surf_timer_seconds,
        DROP COLUMN daily_earning_cap,
        DROP COLUMN challenge_at,
        DROP COLUMN block_at,
        DROP COLUMN wrong_codes_to_stop`);
  }
}
