import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seeded levels allow more running campaigns than an account without a level (25 by
 * default, FREE_ACTIVE_CAMPAIGNS): Silver 50, Gold 100, Platinum 250. Levels an admin has
 * already changed keep their number.
 */
export class LevelCampaignLimits1795505600000 implements MigrationInterface {
  name = 'LevelCampaignLimits1795505600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE membership_levels AS l SET active_campaigns = seed.now
      FROM (VALUES ('Silver', 10, 50), ('Gold', 25, 100), ('Platinum', 100, 250)) AS seed(name, was, now)
      WHERE l.name = seed.name AND l.active_campaigns = seed.was`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE membership_levels AS l SET active_campaigns = seed.was
      FROM (VALUES ('Silver', 10, 50), ('Gold', 25, 100), ('Platinum', 100, 250)) AS seed(name, was, now)
      WHERE l.name = seed.name AND l.active_campaigns = seed.now`);
  }
}
