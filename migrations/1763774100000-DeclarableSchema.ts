import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two parts of the schema in the equivalent form their entities can declare, so the schema test
 * (test/integration/migrations.integration-spec.ts) compares them too:
 *
 * - Indexes without DESC order: TypeORM's @Index has no column order. A b-tree index is scanned
 *   both ways, so after equal leading columns `ORDER BY … DESC` reads an ascending index backwards
 *   as fast as a descending one forwards.
 * - "Today" defaults as ('now'::text)::date, the form TypeORM writes and reads back for CURRENT_DATE
 *   (PostgreSQL prints CURRENT_DATE as itself, which TypeORM takes for a changed default). Both are
 *   the current date, taken at each insert.
 */
export class DeclarableSchema1763774100000 implements MigrationInterface {
  name = 'DeclarableSchema1763774100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX client_errors_created_at`);
    await queryRunner.query(`CREATE INDEX client_errors_created_at ON client_errors (created_at)`);
    await queryRunner.query(`DROP INDEX users_referrer`);
    await queryRunner.query(`CREATE INDEX users_referrer ON users (referrer_id, created_at) WHERE referrer_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX account_tokens_user_purpose`);
    await queryRunner.query(`CREATE INDEX account_tokens_user_purpose ON account_tokens (user_id, purpose, created_at)`);
    await queryRunner.query(`DROP INDEX notifications_user`);
    await queryRunner.query(`CREATE INDEX notifications_user ON notifications (user_id, id)`);
    await queryRunner.query(`DROP INDEX notifications_user_unread`);
    await queryRunner.query(`CREATE INDEX notifications_user_unread ON notifications (user_id, id) WHERE read_at IS NULL`);
    await queryRunner.query(`DROP INDEX posts_user`);
    await queryRunner.query(`CREATE INDEX posts_user ON posts (user_id, id) WHERE deleted_at IS NULL`);
    await queryRunner.query(`DROP INDEX credit_ledger_user`);
    await queryRunner.query(`CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id) WHERE account = 'user'`);
    await queryRunner.query(`DROP INDEX view_tickets_recent`);
    await queryRunner.query(`CREATE INDEX view_tickets_recent ON view_tickets (viewer_id, post_id, claimed_at) WHERE status = 'claimed'`);
    await queryRunner.query(`ALTER TABLE users ALTER COLUMN earned_day SET DEFAULT ('now'::text)::date`);
    await queryRunner.query(`ALTER TABLE campaigns ALTER COLUMN views_day SET DEFAULT ('now'::text)::date`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE campaigns ALTER COLUMN views_day SET DEFAULT current_date`);
    await queryRunner.query(`ALTER TABLE users ALTER COLUMN earned_day SET DEFAULT current_date`);
    await queryRunner.query(`DROP INDEX view_tickets_recent`);
    await queryRunner.query(`CREATE INDEX view_tickets_recent ON view_tickets (viewer_id, post_id, claimed_at DESC) WHERE status = 'claimed'`);
    await queryRunner.query(`DROP INDEX credit_ledger_user`);
    await queryRunner.query(`CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id DESC) WHERE account = 'user'`);
    await queryRunner.query(`DROP INDEX posts_user`);
    await queryRunner.query(`CREATE INDEX posts_user ON posts (user_id, id DESC) WHERE deleted_at IS NULL`);
    await queryRunner.query(`DROP INDEX notifications_user_unread`);
    await queryRunner.query(`CREATE INDEX notifications_user_unread ON notifications (user_id, id DESC) WHERE read_at IS NULL`);
    await queryRunner.query(`DROP INDEX notifications_user`);
    await queryRunner.query(`CREATE INDEX notifications_user ON notifications (user_id, id DESC)`);
    await queryRunner.query(`DROP INDEX account_tokens_user_purpose`);
    await queryRunner.query(`CREATE INDEX account_tokens_user_purpose ON account_tokens (user_id, purpose, created_at DESC)`);
    await queryRunner.query(`DROP INDEX users_referrer`);
    await queryRunner.query(`CREATE INDEX users_referrer ON users (referrer_id, created_at DESC) WHERE referrer_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX client_errors_created_at`);
    await queryRunner.query(`CREATE INDEX client_errors_created_at ON client_errors (created_at DESC)`);
  }
}
