import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Detailed Stats counts a post's comments (those not deleted) and feels by when they were made in
 * a period: these indexes read only the period's rows of each post, not all of its comments or
 * feels.
 */
export class ReactionsByPostAndTime1795503200000 implements MigrationInterface {
  name = 'ReactionsByPostAndTime1795503200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX comments_post_created ON comments (post_id, created_at) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX post_feels_post_created ON post_feels (post_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX post_feels_post_created`);
    await queryRunner.query(`DROP INDEX comments_post_created`);
  }
}
