import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earnings that mature: what a credited view earned, when it may be spent, and whether the
 * earnings review voided it (and why); how a challenge is answered and when its picture was first
 * seen; the member's daily trust count and last void; the site's review window and a new
 * account's first daily cap.
 */
export class MaturingEarnings1795507100000 implements MigrationInterface {
  name = 'MaturingEarnings1795507100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "view_tickets"
      ADD "challenge_mode" text, ADD "challenge_seen_at" TIMESTAMP WITH TIME ZONE, ADD "earned" smallint,
      ADD "matures_at" TIMESTAMP WITH TIME ZONE, ADD "voided_at" TIMESTAMP WITH TIME ZONE, ADD "void_reason" text`);
    await queryRunner.query(
      `ALTER TABLE "view_tickets" ADD CONSTRAINT "view_tickets_challenge_mode_check" CHECK (challenge_mode IN ('email'))`,
    );
    await queryRunner.query(`CREATE INDEX "view_tickets_pending" ON "view_tickets" ("viewer_id", "matures_at")
      WHERE status = 'claimed' AND matures_at IS NOT NULL AND voided_at IS NULL`);
    await queryRunner.query(
      `CREATE INDEX "view_tickets_voided" ON "view_tickets" ("post_id", "voided_at") WHERE voided_at IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "users"
      ADD "trust_day" date, ADD "trust_views" integer NOT NULL DEFAULT 0, ADD "last_void_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "website_settings" ADD "earnings_review_minutes" integer, ADD "newcomer_daily_cap" integer`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "website_settings" DROP COLUMN "newcomer_daily_cap", DROP COLUMN "earnings_review_minutes"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "last_void_at", DROP COLUMN "trust_views", DROP COLUMN "trust_day"`);
    await queryRunner.query(`DROP INDEX "view_tickets_voided"`);
    await queryRunner.query(`DROP INDEX "view_tickets_pending"`);
    await queryRunner.query(`ALTER TABLE "view_tickets" DROP CONSTRAINT "view_tickets_challenge_mode_check"`);
    await queryRunner.query(`ALTER TABLE "view_tickets"
      DROP COLUMN "void_reason", DROP COLUMN "voided_at", DROP COLUMN "matures_at", DROP COLUMN "earned",
      DROP COLUMN "challenge_seen_at", DROP COLUMN "challenge_mode"`);
  }
}
