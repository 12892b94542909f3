import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every server process caches sessions, users and notification summaries (MemberCache). These
 * triggers tell all of them, on commit, which entry changed — whatever wrote the row.
 * Only the columns the cache holds fire on users (not credits or risk, which change per view).
 * Payloads: 's:<hex token hash>' for a session, 'm:<user id>' for a member's user row or
 * notifications. Identical notifications of one transaction are delivered once.
 */
export class MemberCacheTriggers1763772600000 implements MigrationInterface {
  name = 'MemberCacheTriggers1763772600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_member_cache() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed record;
      BEGIN
        IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
        IF TG_TABLE_NAME = 'sessions' THEN
          PERFORM pg_notify('member_cache', 's:' || encode(changed.token_hash, 'hex'));
        ELSIF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('member_cache', 'm:' || changed.id);
        ELSE
          PERFORM pg_notify('member_cache', 'm:' || changed.user_id);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER sessions_member_cache AFTER UPDATE OF revoked_at, expires_at OR DELETE ON sessions
        FOR EACH ROW EXECUTE FUNCTION notify_member_cache()`);
    await queryRunner.query(`
      CREATE TRIGGER users_member_cache AFTER UPDATE ON users
        FOR EACH ROW WHEN (
          OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name OR
          OLD.email IS DISTINCT FROM NEW.email OR OLD.role IS DISTINCT FROM NEW.role OR
          OLD.image IS DISTINCT FROM NEW.image OR OLD.email_confirmed_at IS DISTINCT FROM NEW.email_confirmed_at OR
          OLD.finished_get_started IS DISTINCT FROM NEW.finished_get_started OR OLD.needs_setup IS DISTINCT FROM NEW.needs_setup)
        EXECUTE FUNCTION notify_member_cache()`);
    await queryRunner.query(`
      CREATE TRIGGER users_deleted_member_cache AFTER DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION notify_member_cache()`);
    await queryRunner.query(`
      CREATE TRIGGER notifications_member_cache AFTER INSERT OR UPDATE OR DELETE ON notifications
        FOR EACH ROW EXECUTE FUNCTION notify_member_cache()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER notifications_member_cache ON notifications`);
    await queryRunner.query(`DROP TRIGGER users_deleted_member_cache ON users`);
    await queryRunner.query(`DROP TRIGGER users_member_cache ON users`);
    await queryRunner.query(`DROP TRIGGER sessions_member_cache ON sessions`);
    await queryRunner.query(`DROP FUNCTION notify_member_cache()`);
  }
}
