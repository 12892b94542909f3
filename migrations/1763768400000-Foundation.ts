import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Website settings (seeded with defaults, changes announced over NOTIFY) and client crash reports. */
export class Foundation1763768400000 implements MigrationInterface {
  name = 'Foundation1763768400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE website_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        name text NOT NULL,
        signups boolean NOT NULL,
        maintenance boolean NOT NULL,
        company_registration text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      INSERT INTO website_settings (id, name, signups, maintenance, company_registration)
      VALUES (1, 'Surfex', true, false, 'Surfex Ltd · Registered in England and Wales · Company no. 00000000')`);
    // Every server process keeps the settings in memory; NOTIFY tells all of them to reload.
    await queryRunner.query(`
      CREATE FUNCTION notify_website_settings_changed() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_notify('website_settings_changed', '');
        RETURN NULL;
      END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`
      CREATE TRIGGER website_settings_changed AFTER INSERT OR UPDATE OR DELETE ON website_settings
      FOR EACH STATEMENT EXECUTE FUNCTION notify_website_settings_changed()`);
    await queryRunner.query(`
      CREATE TABLE client_errors (
        id bigserial PRIMARY KEY,
        stacktrace text NOT NULL,
        url text NOT NULL,
        type text NOT NULL,
        user_id integer,
        user_agent text NOT NULL,
        ip text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX client_errors_created_at ON client_errors (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE client_errors`);
    await queryRunner.query(`DROP TRIGGER website_settings_changed ON website_settings`);
    await queryRunner.query(`DROP FUNCTION notify_website_settings_changed()`);
    await queryRunner.query(`DROP TABLE website_settings`);
  }
}
