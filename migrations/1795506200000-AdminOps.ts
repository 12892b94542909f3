import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The error log's groups (one row per fingerprint, so repeated errors never grow the table) and
 * announcements' optional schedule.
 */
export class AdminOps1795506200000 implements MigrationInterface {
  name = 'AdminOps1795506200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE error_groups (
        fingerprint text CONSTRAINT error_groups_pkey PRIMARY KEY,
        type text NOT NULL,
        message text NOT NULL,
        sample_stack text NOT NULL,
        occurrences integer NOT NULL DEFAULT 1,
        first_seen timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now(),
        urls text[] NOT NULL DEFAULT '{}',
        browsers jsonb NOT NULL DEFAULT '{}',
        resolved_at timestamptz,
        resolved_by integer CONSTRAINT error_groups_resolved_by_fkey REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX error_groups_last_seen ON error_groups (last_seen)`);
    await queryRunner.query(`ALTER TABLE announcements ADD COLUMN starts_at timestamptz, ADD COLUMN ends_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE announcements DROP COLUMN starts_at, DROP COLUMN ends_at`);
    await queryRunner.query(`DROP TABLE error_groups`);
  }
}
