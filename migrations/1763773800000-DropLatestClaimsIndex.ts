import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The risk score reads a member's latest claims once per process and member (RiskService keeps
 * them in memory), through view_tickets_recent; without this index a claim updates one index less.
 * Some databases have dropped it already (an earlier copy of SurfFunctions did), hence IF EXISTS.
 */
export class DropLatestClaimsIndex1763773800000 implements MigrationInterface {
  name = 'DropLatestClaimsIndex1763773800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS view_tickets_latest_claims`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX view_tickets_latest_claims ON view_tickets (viewer_id, claimed_at DESC) WHERE status = 'claimed'`);
  }
}
