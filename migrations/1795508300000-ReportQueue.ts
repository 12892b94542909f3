import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin queue of members' reports: posts and comments an admin hid, how each report was
 * closed, and the open reports of one post or comment found without reading every open report.
 */
export class ReportQueue1795508300000 implements MigrationInterface {
  name = 'ReportQueue1795508300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" ADD "hidden_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "comments" ADD "hidden_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "reports" ADD "resolution" text`);
    await queryRunner.query(
      `ALTER TABLE "reports" ADD CONSTRAINT "reports_resolution_check" CHECK (resolution IN ('hidden', 'dismissed', 'banned'))`,
    );
    await queryRunner.query(`CREATE INDEX "reports_open_post" ON "reports" ("post_id") WHERE resolved_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "reports_open_comment" ON "reports" ("comment_id") WHERE resolved_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "reports_open_comment"`);
    await queryRunner.query(`DROP INDEX "reports_open_post"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP CONSTRAINT "reports_resolution_check"`);
    await queryRunner.query(`ALTER TABLE "reports" DROP COLUMN "resolution"`);
    await queryRunner.query(`ALTER TABLE "comments" DROP COLUMN "hidden_at"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "hidden_at"`);
  }
}
