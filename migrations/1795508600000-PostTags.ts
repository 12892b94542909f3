import type { MigrationInterface, QueryRunner } from 'typeorm';
import { defineSqlFunctionNow } from '../server/src/schema/sql-definitions.js';

/**
 * One row per tag of each post, kept by a trigger on posts (posts/sql/index_post_tags.sql): the
 * home feed walks each followed tag's newest posts by the primary key (tag, post_id) instead of
 * reading every post carrying it through the GIN index. post_tags_post serves the cascade when
 * posts are removed.
 */
export class PostTags1795508600000 implements MigrationInterface {
  name = 'PostTags1795508600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "post_tags" (
        "tag" text NOT NULL,
        "post_id" integer NOT NULL,
        CONSTRAINT "post_tags_pkey" PRIMARY KEY ("tag", "post_id"),
        CONSTRAINT "post_tags_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`INSERT INTO "post_tags" SELECT DISTINCT tag, p.id FROM posts p CROSS JOIN unnest(p.tags) AS tag`);
    await queryRunner.query(`CREATE INDEX "post_tags_post" ON "post_tags" ("post_id")`);
    await defineSqlFunctionNow(queryRunner, 'posts/sql/index_post_tags.sql');
    await queryRunner.query(`
      CREATE TRIGGER posts_tags_indexed AFTER INSERT OR UPDATE OF tags ON posts
        FOR EACH ROW EXECUTE FUNCTION index_post_tags()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER posts_tags_indexed ON posts`);
    await queryRunner.query(`DROP FUNCTION index_post_tags()`);
    await queryRunner.query(`DROP TABLE "post_tags"`);
  }
}
