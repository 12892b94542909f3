import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Post search: a trigram index over the text of live posts, for `ILIKE '%words%'` (pg_trgm is installed by SocialSchema). */
export class PostTextSearch1795508400000 implements MigrationInterface {
  name = 'PostTextSearch1795508400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "posts_text_trgm" ON "posts" USING gin ("text" gin_trgm_ops) WHERE deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_text_trgm"`);
  }
}
