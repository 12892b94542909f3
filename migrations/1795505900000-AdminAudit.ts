import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin audit log: every admin action, who did it, to what, and the target before and after. */
export class AdminAudit1795505900000 implements MigrationInterface {
  name = 'AdminAudit1795505900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_audit (
        id bigserial CONSTRAINT admin_audit_pkey PRIMARY KEY,
        admin_id integer CONSTRAINT admin_audit_admin_id_fkey REFERENCES users (id) ON DELETE SET NULL,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text NOT NULL,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX admin_audit_target ON admin_audit (target_type, target_id, id)`);
    await queryRunner.query(`CREATE INDEX admin_audit_action ON admin_audit (action, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_audit`);
  }
}
