import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User search by keys: each set-up member's username and each first name ever used, as the
 * strings one slip away from them (name_keys), so a misspelt name is a btree lookup rather than a
 * recheck of every name that shares a few trigrams with it. The username trigram index is no
 * longer read.
 */
export class NameKeys1795508800000 implements MigrationInterface {
  name = 'NameKeys1795508800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION name_keys(name text) RETURNS TABLE (term smallint, key text, exact boolean)
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 40 AS $$
      DECLARE
        whole constant text := lower(name);
        words constant text[] := ARRAY(
          SELECT w FROM regexp_split_to_table(whole, '[^[:alpha:]]+') AS w WHERE length(w) >= 3);
        word text;
        i integer;
      BEGIN
        term := 0;
        key := whole;
        exact := true;
        RETURN NEXT;
        IF cardinality(words) <= 1 AND length(whole) >= 4 THEN
          exact := false;
          FOR i IN 1 .. length(whole) LOOP
            key := left(whole, i - 1) || substr(whole, i + 1);
            RETURN NEXT;
          END LOOP;
        END IF;
        FOREACH word IN ARRAY words LOOP
          term := term + 1;
          CONTINUE WHEN word = whole;
          key := word;
          exact := true;
          RETURN NEXT;
          IF length(word) >= 4 THEN
            exact := false;
            FOR i IN 1 .. length(word) LOOP
              key := left(word, i - 1) || substr(word, i + 1);
              RETURN NEXT;
            END LOOP;
          END IF;
        END LOOP;
      END $$`);
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
    await queryRunner.query(`
      CREATE FUNCTION index_member_name_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM member_name_keys WHERE user_id = NEW.id;
        END IF;
        IF NOT NEW.needs_setup THEN
          INSERT INTO member_name_keys (key, user_id, exact)
          SELECT DISTINCT k.key, NEW.id, k.exact FROM name_keys(NEW.username) AS k
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_name_keys AFTER INSERT OR UPDATE OF username, needs_setup ON users
        FOR EACH ROW EXECUTE FUNCTION index_member_name_keys()`);
    await queryRunner.query(`ALTER TABLE "member_first_names" ADD "keys" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`UPDATE "member_first_names" SET keys = ARRAY(SELECT k.key FROM name_keys(name) AS k)`);
    await queryRunner.query(`CREATE INDEX "member_first_names_keys" ON "member_first_names" USING gin ("keys")`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION remember_first_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO member_first_names (name, keys)
        VALUES (NEW.first_name, ARRAY(SELECT k.key FROM name_keys(NEW.first_name) AS k))
        ON CONFLICT (name) DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP INDEX "users_username_trgm"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION remember_first_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO member_first_names (name) VALUES (NEW.first_name) ON CONFLICT (name) DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP INDEX "member_first_names_keys"`);
    await queryRunner.query(`ALTER TABLE "member_first_names" DROP COLUMN "keys"`);
    await queryRunner.query(`DROP TRIGGER users_name_keys ON users`);
    await queryRunner.query(`DROP FUNCTION index_member_name_keys()`);
    await queryRunner.query(`DROP TABLE "member_name_keys"`);
    await queryRunner.query(`DROP FUNCTION name_keys(text)`);
  }
}
