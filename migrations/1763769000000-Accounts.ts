import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, server-side sessions, single-use account tokens, the mail outbox and stored pictures. */
export class Accounts1763769000000 implements MigrationInterface {
  name = 'Accounts1763769000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username text NOT NULL,
        first_name text NOT NULL,
        email text NOT NULL,
        password_hash text,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
        email_confirmed_at timestamptz,
        finished_get_started boolean NOT NULL DEFAULT false,
        needs_setup boolean NOT NULL DEFAULT false,
        image jsonb,
        languages text[] NOT NULL DEFAULT '{}',
        interests text[] NOT NULL DEFAULT '{}',
        email_preferences jsonb NOT NULL DEFAULT '{"account": true, "notifications": true, "campaigns": true, "referrals": true, "announcements": true, "newsletter": false}',
        referrer_id integer REFERENCES users (id) ON DELETE SET NULL,
        referral_source jsonb,
        failed_logins integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`);
    await queryRunner.query(`CREATE INDEX users_referrer ON users (referrer_id, created_at DESC) WHERE referrer_id IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE sessions (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        socket_id text NOT NULL UNIQUE,
        user_agent text NOT NULL DEFAULT '',
        ip text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE account_tokens (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'change_email', 'reset_password', 'invite')),
        token_hash bytea NOT NULL,
        new_email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX account_tokens_user_purpose ON account_tokens (user_id, purpose, created_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        category text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX mail_outbox_to ON mail_outbox (lower(to_address), id DESC)`);

    await queryRunner.query(`
      CREATE TABLE media (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id integer REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL,
        content_type text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      ALTER TABLE client_errors ADD CONSTRAINT client_errors_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE client_errors DROP CONSTRAINT client_errors_user`);
    await queryRunner.query(`DROP TABLE media`);
    await queryRunner.query(`DROP TABLE mail_outbox`);
    await queryRunner.query(`DROP TABLE account_tokens`);
    await queryRunner.query(`DROP TABLE sessions`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
