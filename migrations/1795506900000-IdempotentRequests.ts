import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Requests that move credits or money, by the member's Idempotency-Key: what was asked (a hash of
 * the route and body) and the answer given, so a retry gets that answer again and moves nothing.
 */
export class IdempotentRequests1795506900000 implements MigrationInterface {
  name = 'IdempotentRequests1795506900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idempotent_requests (
        user_id integer NOT NULL CONSTRAINT idempotent_requests_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
        key text NOT NULL,
        route text NOT NULL,
        request_hash text NOT NULL,
        status text NOT NULL DEFAULT 'started',
        answer jsonb,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT idempotent_requests_pkey PRIMARY KEY (user_id, key),
        CONSTRAINT idempotent_requests_status_check CHECK (status IN ('started', 'answered'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotent_requests`);
  }
}
