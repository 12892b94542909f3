import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User search by first name: the distinct first names, trigram-indexed, kept by a trigger on
 * users; and the members of one first name in id order (users_first_name). A common name is
 * then scored once rather than once per member who has it.
 */
export class FirstNameSearch1795508600000 implements MigrationInterface {
  name = 'FirstNameSearch1795508600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "member_first_names" ("name" text PRIMARY KEY)`);
    await queryRunner.query(`INSERT INTO "member_first_names" SELECT DISTINCT first_name FROM users`);
    await queryRunner.query(`CREATE INDEX "member_first_names_trgm" ON "member_first_names" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "users_first_name" ON "users" ("first_name", "id") WHERE NOT needs_setup`);
    await queryRunner.query(`DROP INDEX "users_first_name_trgm"`);
    await queryRunner.query(`
      CREATE FUNCTION remember_first_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO member_first_names (name) VALUES (NEW.first_name) ON CONFLICT (name) DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_first_name_remembered AFTER INSERT OR UPDATE OF first_name ON users
        FOR EACH ROW EXECUTE FUNCTION remember_first_name()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER users_first_name_remembered ON users`);
    await queryRunner.query(`DROP FUNCTION remember_first_name()`);
    await queryRunner.query(`CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX "users_first_name"`);
    await queryRunner.query(`DROP TABLE "member_first_names"`);
  }
}
