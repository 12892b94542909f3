import type { MigrationInterface, QueryRunner } from 'typeorm';
import { defineSqlFunctionNow } from '../server/src/schema/sql-definitions.js';

/**
 * Each set-up member's username terms as one array (member_term_sets), GIN-indexed, beside their
 * rows in member_name_terms (user-search/sql/index_member_name_keys.sql keeps both). A query of
 * several words finds the members matching two of them by intersecting the index's lists, and
 * scores a member from their one row: before, every member of every matched word was read and
 * summed, thousands for a common first word.
 */
export class MemberTermSets1795508900000 implements MigrationInterface {
  name = 'MemberTermSets1795508900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "member_term_sets" (
        "user_id" integer NOT NULL,
        "terms" text array NOT NULL,
        CONSTRAINT "member_term_sets_pkey" PRIMARY KEY ("user_id"),
        CONSTRAINT "member_term_sets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`
      INSERT INTO "member_term_sets" (user_id, terms)
      SELECT user_id, array_agg(term ORDER BY term) FROM member_name_terms GROUP BY user_id`);
    await queryRunner.query(`CREATE INDEX "member_term_sets_terms" ON "member_term_sets" USING gin ("terms")`);
    await defineSqlFunctionNow(queryRunner, 'user-search/sql/index_member_name_keys.sql');
  }

  /** The trigger function keeps today's text, which writes the table dropped here: revert with the sources before this migration. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "member_term_sets"`);
  }
}
