import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Posts, campaigns, the append-only credits ledger, surf tickets and the viewer's rotator
 * languages. Balances (users.credits, campaigns.credits) always equal the sums of their ledger rows.
 */
export class Campaigns1763770200000 implements MigrationInterface {
  name = 'Campaigns1763770200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE posts (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        text text NOT NULL,
        link text,
        youtube_id text,
        image_ids uuid[] NOT NULL DEFAULT '{}',
        language text NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX posts_user ON posts (user_id, id DESC) WHERE deleted_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE campaigns (
        post_id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
        paused boolean NOT NULL DEFAULT false,
        daily_view_cap integer CHECK (daily_view_cap > 0),
        views_total bigint NOT NULL DEFAULT 0,
        views_today integer NOT NULL DEFAULT 0,
        views_day date NOT NULL DEFAULT current_date,
        last_view_at timestamptz,
        last_served_at timestamptz NOT NULL DEFAULT '-infinity'
      )`);
    // The rotation picks the campaign served longest ago among those that can pay.
    await queryRunner.query(`CREATE INDEX campaigns_rotation ON campaigns (last_served_at) WHERE credits > 0 AND NOT paused`);

    await queryRunner.query(`
      CREATE TABLE credit_ledger (
        id bigserial PRIMARY KEY,
        user_id integer REFERENCES users (id),
        campaign_id integer REFERENCES campaigns (post_id),
        account text NOT NULL CHECK (account IN ('user', 'campaign')),
        kind text NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        idempotency_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((account = 'user' AND user_id IS NOT NULL) OR (account = 'campaign' AND campaign_id IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX credit_ledger_idempotency ON credit_ledger (idempotency_key, account)`);
    await queryRunner.query(`CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id DESC) WHERE account = 'user'`);
    await queryRunner.query(`CREATE INDEX credit_ledger_campaign ON credit_ledger (campaign_id) WHERE account = 'campaign'`);
    // Append-only: no row of the ledger is ever changed or removed.
    await queryRunner.query(`
      CREATE FUNCTION credit_ledger_is_append_only() RETURNS trigger AS $$
      BEGIN
        RAISE EXCEPTION 'credit_ledger is append-only';
      END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`
      CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
      FOR EACH ROW EXECUTE FUNCTION credit_ledger_is_append_only()`);

    await queryRunner.query(`
      CREATE TABLE view_tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        viewer_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        connection_id text NOT NULL,
        timer_seconds integer NOT NULL,
        challenge_code text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'replaced', 'refused')),
        issued_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz,
        telemetry jsonb
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX view_tickets_one_open ON view_tickets (viewer_id) WHERE status = 'open'`);
    await queryRunner.query(`CREATE INDEX view_tickets_recent ON view_tickets (viewer_id, post_id, claimed_at DESC) WHERE status = 'claimed'`);

    await queryRunner.query(`ALTER TABLE users ADD COLUMN rotator_languages text[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN risk_score integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN earning_blocked boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN earning_blocked`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN risk_score`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN rotator_languages`);
    await queryRunner.query(`DROP TABLE view_tickets`);
    await queryRunner.query(`DROP TRIGGER credit_ledger_append_only ON credit_ledger`);
    await queryRunner.query(`DROP FUNCTION credit_ledger_is_append_only()`);
    await queryRunner.query(`DROP TABLE credit_ledger`);
    await queryRunner.query(`DROP TABLE campaigns`);
    await queryRunner.query(`DROP TABLE posts`);
  }
}
