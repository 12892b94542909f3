import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dismissed announcement drops the member's cached dismissals in every server process
 * (MemberCache), through notify_member_cache ('m:<user id>') like the other member cache triggers.
 * Some databases already hold this trigger (an earlier copy of MemberCacheTriggers created it),
 * so it is dropped first when present.
 */
export class AnnouncementDismissalsCacheTrigger1763773200000 implements MigrationInterface {
  name = 'AnnouncementDismissalsCacheTrigger1763773200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS announcement_dismissals_member_cache ON announcement_dismissals`);
    await queryRunner.query(`
      CREATE TRIGGER announcement_dismissals_member_cache AFTER INSERT OR DELETE ON announcement_dismissals
        FOR EACH ROW EXECUTE FUNCTION notify_member_cache()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER announcement_dismissals_member_cache ON announcement_dismissals`);
  }
}
