import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's credited views today, kept beside the balance: the daily cap is checked on every
 * surf step, and counting today's ledger rows each time grew with every view.
 */
export class EarnedToday1763771400000 implements MigrationInterface {
  name = 'EarnedToday1763771400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN earned_today integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN earned_day date NOT NULL DEFAULT current_date`);
    await queryRunner.query(`
      UPDATE users u SET earned_today = t.n FROM (
        SELECT user_id, count(*)::int AS n FROM credit_ledger
         WHERE account = 'user' AND kind = 'view_earned' AND created_at >= current_date GROUP BY user_id) t
       WHERE t.user_id = u.id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN earned_day`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN earned_today`);
  }
}
