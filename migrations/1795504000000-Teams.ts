import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams (multi-accounts): several members run one advertiser account.
 * - `teams`: name, picture, its own credit balance (always the sum of its 'team' ledger rows),
 *   whether its managers may move credits back out;
 * - `team_members`: one row per (team, member), active or invited, with the role it grants;
 * - `team_invites`: the mailed single-use links (only the SHA-256 of the secret is kept), expiring;
 * - `team_audit`: who did what to the team, append-only in practice (nothing updates it);
 * - the credits ledger gets a third account, 'team', and ledger_append writes its team_id;
 * - triggers NOTIFY member_cache on commit so every process drops its cached copy of a team
 *   ('t:<team id>') and of a member's list of teams ('tm:<user id>') at once: a removal takes
 *   effect everywhere within milliseconds.
 */
export class Teams1795504000000 implements MigrationInterface {
  name = 'Teams1795504000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE teams (
        id serial NOT NULL,
        name text NOT NULL,
        image_id uuid,
        credits bigint NOT NULL DEFAULT 0,
        allow_withdraw boolean NOT NULL DEFAULT false,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT teams_pkey PRIMARY KEY (id),
        CONSTRAINT teams_credits_check CHECK (credits >= 0),
        CONSTRAINT teams_image_id_fkey FOREIGN KEY (image_id) REFERENCES media (id) ON DELETE SET NULL,
        CONSTRAINT teams_created_by_fkey FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE team_members (
        team_id integer NOT NULL,
        user_id integer NOT NULL,
        role text NOT NULL,
        status text NOT NULL,
        invited_by integer,
        invited_at timestamptz,
        invite_expires_at timestamptz,
        joined_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT team_members_pkey PRIMARY KEY (team_id, user_id),
        CONSTRAINT team_members_role_check CHECK (role IN ('owner', 'manager', 'analyst')),
        CONSTRAINT team_members_status_check CHECK (status IN ('active', 'invited')),
        CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT team_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT team_members_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX team_members_user ON team_members (user_id)`);
    await queryRunner.query(`
      CREATE TABLE team_invites (
        id bigserial NOT NULL,
        team_id integer NOT NULL,
        user_id integer NOT NULL,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT team_invites_pkey PRIMARY KEY (id),
        CONSTRAINT team_invites_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT team_invites_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX team_invites_team_user ON team_invites (team_id, user_id)`);
    await queryRunner.query(`
      CREATE TABLE team_audit (
        id bigserial NOT NULL,
        team_id integer NOT NULL,
        actor_id integer,
        action text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT team_audit_pkey PRIMARY KEY (id),
        CONSTRAINT team_audit_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT team_audit_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX team_audit_team ON team_audit (team_id, id)`);

    await queryRunner.query(`ALTER TABLE credit_ledger ADD COLUMN team_id integer`);
    await queryRunner.query(
      `ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)`,
    );
    await queryRunner.query(`ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_account_check`);
    await queryRunner.query(
      `ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_account_check CHECK (account IN ('user', 'campaign', 'team'))`,
    );
    await queryRunner.query(`ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_check`);
    await queryRunner.query(`
      ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_check CHECK (
        (account = 'user' AND user_id IS NOT NULL) OR (account = 'campaign' AND campaign_id IS NOT NULL) OR
        (account = 'team' AND team_id IS NOT NULL))`);
    await queryRunner.query(`CREATE INDEX credit_ledger_team ON credit_ledger (team_id) WHERE account = 'team'`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION ledger_append(p_key text, p_rows jsonb) RETURNS boolean
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_written integer;
      BEGIN
        -- Every row of one operation under one idempotency key, in the order given. A key already
        -- used writes nothing and answers false: a repeated operation is a no-op. The caller moves
        -- the balances in the same transaction, with relative UPDATEs that refuse to go below zero.
        INSERT INTO credit_ledger (account, user_id, campaign_id, team_id, kind, amount, idempotency_key)
        SELECT r.account, r.user_id, r.campaign_id, r.team_id, r.kind, r.amount, p_key
          FROM ROWS FROM (jsonb_to_recordset(p_rows)
                 AS (account text, user_id integer, campaign_id integer, team_id integer, kind text, amount bigint))
               WITH ORDINALITY AS r (account, user_id, campaign_id, team_id, kind, amount, n)
         ORDER BY r.n
        ON CONFLICT (idempotency_key, account) DO NOTHING;
        GET DIAGNOSTICS v_written = ROW_COUNT;
        IF v_written = 0 THEN
          RETURN false;
        END IF;
        IF v_written <> jsonb_array_length(p_rows) THEN
          RAISE EXCEPTION 'Ledger key % was half used', p_key;
        END IF;
        RETURN true;
      END $fn$`);

    await queryRunner.query(`
      CREATE FUNCTION notify_team_cache() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed record;
      BEGIN
        IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
        IF TG_TABLE_NAME = 'teams' THEN
          PERFORM pg_notify('member_cache', 't:' || changed.id);
        ELSE
          PERFORM pg_notify('member_cache', 't:' || changed.team_id);
          PERFORM pg_notify('member_cache', 'tm:' || changed.user_id);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER teams_member_cache AFTER UPDATE OR DELETE ON teams
        FOR EACH ROW EXECUTE FUNCTION notify_team_cache()`);
    await queryRunner.query(`
      CREATE TRIGGER team_members_member_cache AFTER INSERT OR UPDATE OR DELETE ON team_members
        FOR EACH ROW EXECUTE FUNCTION notify_team_cache()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER team_members_member_cache ON team_members`);
    await queryRunner.query(`DROP TRIGGER teams_member_cache ON teams`);
    await queryRunner.query(`DROP FUNCTION notify_team_cache()`);
    await restoreLedgerAppend(queryRunner);
    // The ledger is append-only: a database holding team rows refuses the revert at the constraint below.
    await queryRunner.query(`DROP INDEX credit_ledger_team`);
    await queryRunner.query(`ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_check`);
    await queryRunner.query(`
      ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_check CHECK (
        (account = 'user' AND user_id IS NOT NULL) OR (account = 'campaign' AND campaign_id IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_account_check`);
    await queryRunner.query(
      `ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_account_check CHECK (account IN ('user', 'campaign'))`,
    );
    await queryRunner.query(`ALTER TABLE credit_ledger DROP COLUMN team_id`);
    await queryRunner.query(`DROP TABLE team_audit`);
    await queryRunner.query(`DROP TABLE team_invites`);
    await queryRunner.query(`DROP TABLE team_members`);
    await queryRunner.query(`DROP TABLE teams`);
  }
}

/** ledger_append as the SurfRules migration creates it, without team rows. */
async function restoreLedgerAppend(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
      CREATE OR REPLACE FUNCTION ledger_append(p_key text, p_rows jsonb) RETURNS boolean
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_written integer;
      BEGIN
        INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
        SELECT r.account, r.user_id, r.campaign_id, r.kind, r.amount, p_key
          FROM ROWS FROM (jsonb_to_recordset(p_rows) AS (account text, user_id integer, campaign_id integer, kind text, amount bigint))
               WITH ORDINALITY AS r (account, user_id, campaign_id, kind, amount, n)
         ORDER BY r.n
        ON CONFLICT (idempotency_key, account) DO NOTHING;
        GET DIAGNOSTICS v_written = ROW_COUNT;
        IF v_written = 0 THEN
          RETURN false;
        END IF;
        IF v_written <> jsonb_array_length(p_rows) THEN
          RAISE EXCEPTION 'Ledger key % was half used', p_key;
        END IF;
        RETURN true;
      END $fn$`);
}
