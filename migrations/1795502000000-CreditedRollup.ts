import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credited surf views in the hourly rollups: the stats job recounts recent hours of claimed
 * tickets by claim time (an index over the claimed ones only, so the claim path's other tickets
 * never enter it), and keeps how far it has counted in `rollup_watermarks`, shared by every
 * process.
 */
export class CreditedRollup1795502000000 implements MigrationInterface {
  name = 'CreditedRollup1795502000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX view_tickets_claimed_at ON view_tickets (claimed_at) WHERE status = 'claimed'`);
    await queryRunner.query(`
      CREATE TABLE rollup_watermarks (
        rollup text NOT NULL,
        done_until timestamptz NOT NULL,
        CONSTRAINT rollup_watermarks_pkey PRIMARY KEY (rollup)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rollup_watermarks`);
    await queryRunner.query(`DROP INDEX view_tickets_claimed_at`);
  }
}
