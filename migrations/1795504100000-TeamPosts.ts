import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post written while a team was current belongs to the team: `team_id` names it (the writer
 * stays in `user_id`). Its campaign is funded from and refunded to the team's balance, its
 * Detailed Stats are the team's, and the surf bar never offers it to the team's own members.
 */
export class TeamPosts1795504100000 implements MigrationInterface {
  name = 'TeamPosts1795504100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts ADD COLUMN team_id integer`);
    await queryRunner.query(`ALTER TABLE posts ADD CONSTRAINT posts_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)`);
    await queryRunner.query(`CREATE INDEX posts_team ON posts (team_id, id) WHERE team_id IS NOT NULL AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX posts_team`);
    await queryRunner.query(`ALTER TABLE posts DROP CONSTRAINT posts_team_id_fkey`);
    await queryRunner.query(`ALTER TABLE posts DROP COLUMN team_id`);
  }
}
