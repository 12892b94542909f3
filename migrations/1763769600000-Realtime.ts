import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notifications, announcements with per-member dismissals, and the credit balance pushed as live data. */
export class Realtime1763769600000 implements MigrationInterface {
  name = 'Realtime1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The balance behind live data `cc`; the credits ledger arrives with campaigns.
    await queryRunner.query(`ALTER TABLE users ADD COLUMN credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0)`);
    await queryRunner.query(`
      CREATE TABLE notifications (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type text NOT NULL,
        heading text NOT NULL,
        body text NOT NULL,
        link text,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX notifications_user ON notifications (user_id, id DESC)`);
    await queryRunner.query(`CREATE INDEX notifications_user_unread ON notifications (user_id, id DESC) WHERE read_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE announcements (
        id serial PRIMARY KEY,
        heading text NOT NULL,
        content text NOT NULL,
        footer text NOT NULL DEFAULT '',
        link text,
        class_context text NOT NULL DEFAULT 'info',
        type text NOT NULL CHECK (type IN ('announcement', 'modal')),
        auth text NOT NULL CHECK (auth IN ('all', 'members', 'visitors')),
        only_paths text[] NOT NULL DEFAULT '{}',
        except_paths text[] NOT NULL DEFAULT '{}',
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE announcement_dismissals (
        announcement_id integer NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        dismissed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, announcement_id)
      )`);
    // Every process caches the active announcements; NOTIFY tells all of them to reload.
    await queryRunner.query(`
      CREATE FUNCTION notify_announcements_changed() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_notify('announcements_changed', '');
        RETURN NULL;
      END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`
      CREATE TRIGGER announcements_changed AFTER INSERT OR UPDATE OR DELETE ON announcements
      FOR EACH STATEMENT EXECUTE FUNCTION notify_announcements_changed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER announcements_changed ON announcements`);
    await queryRunner.query(`DROP FUNCTION notify_announcements_changed()`);
    await queryRunner.query(`DROP TABLE announcement_dismissals`);
    await queryRunner.query(`DROP TABLE announcements`);
    await queryRunner.query(`DROP TABLE notifications`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN credits`);
  }
}
