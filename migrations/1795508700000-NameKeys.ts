import type { MigrationInterface, QueryRunner } from 'typeorm';
import { defineSqlFunctionNow } from '../server/src/schema/sql-definitions.js';

/**
 * User search by keys (user-search/sql/name_keys.sql: a name and each string one slip from it):
 * each set-up member's username's keys in member_name_keys, and each first name ever used, once,
 * with its keys in member_first_names, both kept by triggers on users; the members of one first
 * name in id order (users_first_name). A misspelt name is then a btree lookup, not a recheck of
 * every name that shares a few trigrams with it, so the username trigram index is no longer read;
 * the first names keep theirs, on the distinct names.
 */
export class NameKeys1795508700000 implements MigrationInterface {
  name = 'NameKeys1795508700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await defineSqlFunctionNow(queryRunner, 'user-search/sql/name_keys.sql');

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
    await defineSqlFunctionNow(queryRunner, 'user-search/sql/index_member_name_keys.sql');
    await queryRunner.query(`
      CREATE TRIGGER users_name_keys AFTER INSERT OR UPDATE OF username, needs_setup ON users
        FOR EACH ROW EXECUTE FUNCTION index_member_name_keys()`);

    await queryRunner.query(`CREATE TABLE "member_first_names" ("name" text PRIMARY KEY, "keys" text array NOT NULL DEFAULT '{}')`);
    await queryRunner.query(`
      INSERT INTO "member_first_names" (name, keys)
      SELECT first_name, ARRAY(SELECT k.key FROM name_keys(first_name) AS k) FROM (SELECT DISTINCT first_name FROM users) n`);
    await queryRunner.query(`CREATE INDEX "member_first_names_trgm" ON "member_first_names" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "member_first_names_keys" ON "member_first_names" USING gin ("keys")`);
    await queryRunner.query(`CREATE INDEX "users_first_name" ON "users" ("first_name", "id") WHERE NOT needs_setup`);
    await defineSqlFunctionNow(queryRunner, 'user-search/sql/remember_first_name.sql');
    await queryRunner.query(`
      CREATE TRIGGER users_first_name_remembered AFTER INSERT OR UPDATE OF first_name ON users
        FOR EACH ROW EXECUTE FUNCTION remember_first_name()`);

    await queryRunner.query(`DROP INDEX "users_first_name_trgm"`);
    await queryRunner.query(`DROP INDEX "users_username_trgm"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops)`);
    await queryRunner.query(`DROP TRIGGER users_first_name_remembered ON users`);
    await queryRunner.query(`DROP FUNCTION remember_first_name()`);
    await queryRunner.query(`DROP INDEX "users_first_name"`);
    await queryRunner.query(`DROP TABLE "member_first_names"`);
    await queryRunner.query(`DROP TRIGGER users_name_keys ON users`);
    await queryRunner.query(`DROP FUNCTION index_member_name_keys()`);
    await queryRunner.query(`DROP TABLE "member_name_keys"`);
    await queryRunner.query(`DROP FUNCTION name_keys(text)`);
  }
}
