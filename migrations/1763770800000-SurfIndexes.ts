import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The anti-cheat reads a member's latest claims on every Next click: index them by time. */
export class SurfIndexes1763770800000 implements MigrationInterface {
  name = 'SurfIndexes1763770800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX view_tickets_latest_claims ON view_tickets (viewer_id, claimed_at DESC) WHERE status = 'claimed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX view_tickets_latest_claims`);
  }
}
