import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every process caches a team with its members' usernames, first names and pictures. When a
 * member changes one of those, this trigger NOTIFYs member_cache with 't:<team id>' for each of
 * their teams, so their teammates see the change as soon as the member does.
 */
export class TeamMemberProfiles1795504050000 implements MigrationInterface {
  name = 'TeamMemberProfiles1795504050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_team_member_profile() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        team record;
      BEGIN
        FOR team IN SELECT team_id FROM team_members WHERE user_id = NEW.id LOOP
          PERFORM pg_notify('member_cache', 't:' || team.team_id);
        END LOOP;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_team_cache AFTER UPDATE ON users
        FOR EACH ROW WHEN (
          OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name OR
          OLD.image IS DISTINCT FROM NEW.image)
        EXECUTE FUNCTION notify_team_member_profile()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER users_team_cache ON users`);
    await queryRunner.query(`DROP FUNCTION notify_team_member_profile()`);
  }
}
