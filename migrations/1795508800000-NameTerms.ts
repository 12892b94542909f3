import type { MigrationInterface, QueryRunner } from 'typeorm';
import { defineSqlFunctionNow } from '../server/src/schema/sql-definitions.js';

/**
 * The usernames' keys per distinct term rather than per member (user-search/sql/
 * index_member_name_keys.sql): member_name_terms holds each set-up member's terms (the whole
 * username and its words), name_term_keys each term's keys once. A word thousands of usernames
 * share had its keys once per member (123 MB for 100,000 members), and a misspelt query met each
 * of them once per shared key; now it meets the term once and reads its members once.
 */
export class NameTerms1795508800000 implements MigrationInterface {
  name = 'NameTerms1795508800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "name_term_keys" (
        "key" text NOT NULL,
        "term" text NOT NULL,
        "exact" boolean NOT NULL,
        CONSTRAINT "name_term_keys_pkey" PRIMARY KEY ("key", "term", "exact"))`);
    await queryRunner.query(`
      CREATE TABLE "member_name_terms" (
        "term" text NOT NULL,
        "user_id" integer NOT NULL,
        CONSTRAINT "member_name_terms_pkey" PRIMARY KEY ("term", "user_id"),
        CONSTRAINT "member_name_terms_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`
      INSERT INTO "member_name_terms" (term, user_id)
      SELECT DISTINCT t.key, u.id FROM users u CROSS JOIN LATERAL name_keys(u.username) AS t
       WHERE NOT u.needs_setup AND t.exact`);
    await queryRunner.query(`
      INSERT INTO "name_term_keys" (key, term, exact)
      SELECT DISTINCT k.key, t.term, k.exact
        FROM (SELECT DISTINCT term FROM member_name_terms) t CROSS JOIN LATERAL name_keys(t.term) AS k
       WHERE k.term = 0`);
    await queryRunner.query(`CREATE INDEX "member_name_terms_user" ON "member_name_terms" ("user_id")`);
    await defineSqlFunctionNow(queryRunner, 'user-search/sql/index_member_name_keys.sql');
    await queryRunner.query(`DROP TABLE "member_name_keys"`);
  }

  /** The trigger function keeps today's text, which writes the tables dropped here: revert with the sources before this migration. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "member_name_keys" (
        "key" text NOT NULL,
        "user_id" integer NOT NULL,
        "exact" boolean NOT NULL,
        CONSTRAINT "member_name_keys_pkey" PRIMARY KEY ("key", "user_id", "exact"),
        CONSTRAINT "member_name_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`
      INSERT INTO "member_name_keys" (key, user_id, exact)
      SELECT DISTINCT k.key, u.id, k.exact FROM users u CROSS JOIN LATERAL name_keys(u.username) AS k WHERE NOT u.needs_setup`);
    await queryRunner.query(`CREATE INDEX "member_name_keys_user" ON "member_name_keys" ("user_id")`);
    await queryRunner.query(`DROP TABLE "member_name_terms"`);
    await queryRunner.query(`DROP TABLE "name_term_keys"`);
  }
}
