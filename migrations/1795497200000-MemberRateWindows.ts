import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-member limits on social writes (groups created, joins, invite codes, tag follows): one
 * fixed window per member and action, counted in the database so the limit holds across
 * processes and whatever rows a member later deletes (a follow undone still counted).
 */
export class MemberRateWindows1795497200000 implements MigrationInterface {
  name = 'MemberRateWindows1795497200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "member_rate_windows" ("user_id" integer NOT NULL, "action" text NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL, CONSTRAINT "member_rate_windows_pkey" PRIMARY KEY ("user_id", "action"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "member_rate_windows" ADD CONSTRAINT "member_rate_windows_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "member_rate_windows"`);
  }
}
