import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SurfFunctions1763772000000 } from './1763772000000-SurfFunctions.js';

/**
 * The surf bar's rules that run in the database, each function taking one named jsonb built from
 * one typed TypeScript object (server/src/surf/surf.repository.ts); server/src/surf/README.md maps
 * where every rule lives. A step is one round trip and one commit, and PostgreSQL plans each inner
 * statement once per connection (bench/surf/README.md has the measurements).
 *
 * - ledger_append(key, rows): the one writer of credit_ledger rows, for LedgerService and surf_claim.
 * - surf_next(p): the first post of a session: locks the member, then surf_offer.
 * - surf_claim(p): the Next click: every check of the ticket, the campaign's payment and view
 *   count, both ledger rows, the member's balance, risk score and daily count, the closed ticket
 *   with its telemetry; then, when asked, surf_offer for the next post in the same transaction.
 * - surf_offer(p) (internal): one open ticket per member, the empty reasons, the fair pick, the
 *   ticket and the post.
 *
 * The codes they return are declared in shared/surf/surf-outcomes.ts; a test compares the sets.
 * A ticket closed without credit has the status 'uncredited'.
 */
export class SurfRules1763774400000 implements MigrationInterface {
  name = 'SurfRules1763774400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The positional versions. Databases migrated with either copy of SurfFunctions hold a
    // surf_offer of 11 or of 12 parameters: both go.
    await queryRunner.query(
      `DROP FUNCTION IF EXISTS surf_claim(integer, text, uuid, jsonb, text, integer, integer, integer, timestamptz, boolean, integer, integer, text)`,
    );
    await queryRunner.query(`DROP FUNCTION IF EXISTS surf_next(integer, text, integer, integer, integer, text, timestamptz)`);
    await queryRunner.query(
      `DROP FUNCTION IF EXISTS surf_offer(integer, text, boolean, integer, text[], integer, integer, integer, integer, text, timestamptz)`,
    );
    await queryRunner.query(
      `DROP FUNCTION IF EXISTS surf_offer(integer, text, boolean, boolean, integer, text[], integer, integer, integer, integer, text, timestamptz)`,
    );

    await queryRunner.query(`ALTER TABLE view_tickets DROP CONSTRAINT view_tickets_status_check`);
    await queryRunner.query(`UPDATE view_tickets SET status = 'uncredited' WHERE status = 'refused'`);
    await queryRunner.query(
      `ALTER TABLE view_tickets ADD CONSTRAINT view_tickets_status_check CHECK (status IN ('open', 'claimed', 'replaced', 'uncredited'))`,
    );

    await queryRunner.query(`
      CREATE FUNCTION ledger_append(p_key text, p_rows jsonb) RETURNS boolean
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_written integer;
      BEGIN
        -- Every row of one operation under one idempotency key, in the order given. A key already
        -- used writes nothing and answers false: a repeated operation is a no-op. The caller moves
        -- the balances in the same transaction, with relative UPDATEs that refuse to go below zero.
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

    await queryRunner.query(`
      CREATE FUNCTION surf_offer(p jsonb) RETURNS json
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_user integer := (p->>'user')::integer;
        v_languages text[];
        v_blocked boolean;
        v_risk integer;
        v_earned integer;
        v_replaced json;
        v_post integer;
        v_ticket uuid;
        v_challenge text;
      BEGIN
        -- The caller holds the member's row lock; a claim has written its changes to the row already.
        SELECT rotator_languages, earning_blocked, risk_score, CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END
          INTO v_languages, v_blocked, v_risk, v_earned FROM users WHERE id = v_user;
        -- One open ticket per member: a new one replaces the old. A claim leaves "replace" out: it
        -- has just closed the member's one open ticket.
        IF (p->>'replace')::boolean THEN
          WITH r AS (UPDATE view_tickets SET status = 'replaced' WHERE viewer_id = v_user AND status = 'open' RETURNING id, connection_id)
          SELECT json_agg(json_build_object('id', r.id, 'connection', r.connection_id)) INTO v_replaced FROM r;
        END IF;
        IF v_blocked THEN
          RETURN json_build_object('empty', 'earning_blocked', 'replaced', v_replaced);
        END IF;
        IF v_earned >= (p->>'daily_cap')::integer THEN
          RETURN json_build_object('empty', 'daily_cap', 'replaced', v_replaced);
        END IF;
        -- Fair rotation: among campaigns that can pay and are not the viewer's, in the viewer's languages,
        -- within their daily cap and not viewed by this viewer in 24 hours, the one served longest ago.
        -- SKIP LOCKED lets concurrent viewers take different campaigns. OFFSET 0 keeps the 24-hour check a
        -- probe of view_tickets_recent (viewer, post) per candidate: as an anti-join, a plan made while the
        -- table looked small reads all of the viewer's claims of the day on every pick.
        SELECT c.post_id INTO v_post FROM campaigns c JOIN posts po ON po.id = c.post_id
         WHERE c.credits > 0 AND NOT c.paused AND po.deleted_at IS NULL AND c.user_id <> v_user
           AND (cardinality(v_languages) = 0 OR po.language = ANY (v_languages))
           AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
           AND NOT EXISTS (SELECT 1 FROM view_tickets t
                            WHERE t.viewer_id = v_user AND t.post_id = c.post_id AND t.status = 'claimed'
                              AND t.claimed_at > now() - interval '24 hours' OFFSET 0)
         ORDER BY c.last_served_at ASC
         LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
        IF v_post IS NULL THEN
          RETURN json_build_object('empty', 'no_posts', 'replaced', v_replaced);
        END IF;
        UPDATE campaigns SET last_served_at = now() WHERE post_id = v_post;
        -- From the challenge score on, the ticket asks for the code the app drew.
        IF v_risk >= (p->>'challenge_at')::integer THEN
          v_challenge := p->>'challenge';
        END IF;
        -- issued_at is the app's clock (that of live_time), which also checks the countdown.
        INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
        VALUES (v_user, v_post, p->>'connection', (p->>'timer')::integer, v_challenge, (p->>'now')::timestamptz)
        RETURNING id INTO v_ticket;
        RETURN (
          SELECT json_build_object(
                   'replaced', v_replaced, 'ticket', v_ticket, 'issued_ms', floor(extract(epoch FROM (p->>'now')::timestamptz) * 1000)::bigint,
                   'timer', (p->>'timer')::integer, 'challenge', v_challenge,
                   'post', json_build_object('id', po.id, 'user_id', po.user_id, 'text', po.text, 'link', po.link,
                                             'youtube_id', po.youtube_id, 'image_ids', po.image_ids, 'language', po.language,
                                             'tags', po.tags, 'created_ms', floor(extract(epoch FROM po.created_at) * 1000)::bigint,
                                             'username', u.username, 'first_name', u.first_name, 'image', u.image))
            FROM posts po JOIN users u ON u.id = po.user_id WHERE po.id = v_post);
      END $fn$`);

    await queryRunner.query(`
      CREATE FUNCTION surf_next(p jsonb) RETURNS json
      LANGUAGE plpgsql AS $fn$
      BEGIN
        -- The member's row lock serializes every next and claim of the member, the only writers of
        -- their tickets. NO KEY UPDATE, the strength of the UPDATEs to come: rows that merely reference
        -- the member (foreign key checks) are not held up.
        PERFORM 1 FROM users WHERE id = (p->>'user')::integer FOR NO KEY UPDATE;
        RETURN surf_offer(p || '{"replace": true}'::jsonb);
      END $fn$`);

    await queryRunner.query(`
      CREATE FUNCTION surf_claim(p jsonb) RETURNS json
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_user integer := (p->>'user')::integer;
        v_ticket uuid := (p->>'ticket')::uuid;
        v_delta integer := (p->>'risk_delta')::integer;
        u record;
        t record;
        c record;
        v_outcome text;
        v_credits bigint;
        v_blocked boolean;
        v_left bigint;
        v_owner integer;
        v_next json;
      BEGIN
        -- The member's row lock serializes every claim and next of the member, the only writers of their
        -- tickets, so the ticket needs no lock of its own (surf_next takes the same lock first: no deadlock).
        SELECT credits, earning_blocked, CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned
          INTO u FROM users WHERE id = v_user FOR NO KEY UPDATE;
        IF NOT FOUND THEN
          RETURN json_build_object('refusal', 'not_yours');
        END IF;
        SELECT viewer_id, post_id, connection_id, timer_seconds, challenge_code, status, issued_at
          INTO t FROM view_tickets WHERE id = v_ticket;
        IF NOT FOUND OR t.viewer_id <> v_user THEN
          RETURN json_build_object('refusal', 'not_yours');
        END IF;
        IF t.status = 'claimed' THEN
          RETURN json_build_object('refusal', 'already_counted');
        END IF;
        IF t.status = 'replaced' THEN
          RETURN json_build_object('refusal', 'moved_to_other_tab');
        END IF;
        IF t.status = 'uncredited' THEN
          RETURN json_build_object('refusal', 'closed_without_credit');
        END IF;
        -- A ticket is bound to the connection (the tab) it was issued to.
        IF t.connection_id <> p->>'connection' THEN
          RETURN json_build_object('refusal', 'other_tab');
        END IF;
        -- The countdown runs on the app's clock: issued_at and "now" both come from it.
        IF (p->>'now')::timestamptz < t.issued_at + make_interval(secs => t.timer_seconds) THEN
          RETURN json_build_object('refusal', 'too_early', 'issued_ms', floor(extract(epoch FROM t.issued_at) * 1000)::bigint,
                                   'timer', t.timer_seconds);
        END IF;

        IF t.challenge_code IS NOT NULL AND p->>'code' IS DISTINCT FROM t.challenge_code THEN
          v_outcome := 'wrong_code';
        ELSIF u.earned >= (p->>'daily_cap')::integer THEN
          v_outcome := 'daily_cap';
        ELSE
          -- The campaign pays if it can: one statement takes the credit and counts the view.
          UPDATE campaigns SET credits = credits - 1, views_total = views_total + 1,
                 views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
                 views_day = current_date, last_view_at = now()
           WHERE post_id = t.post_id AND credits >= 1 AND NOT paused
             AND (daily_view_cap IS NULL OR views_day <> current_date OR views_today < daily_view_cap)
          RETURNING credits, user_id INTO v_left, v_owner;
          IF FOUND THEN
            v_outcome := 'credited';
          ELSE
            SELECT credits, paused INTO c FROM campaigns WHERE post_id = t.post_id;
            IF NOT FOUND OR c.credits < 1 THEN
              v_outcome := 'out_of_credits';
            ELSIF c.paused THEN
              v_outcome := 'paused';
            ELSE
              v_outcome := 'views_cap';
            END IF;
          END IF;
        END IF;

        IF v_outcome = 'credited' THEN
          -- Both ledger rows (campaign first) under the key view:<ticket id>. The open ticket proves
          -- the key unused.
          IF NOT ledger_append('view:' || v_ticket, jsonb_build_array(
               jsonb_build_object('account', 'campaign', 'campaign_id', t.post_id, 'kind', 'view_paid', 'amount', -1),
               jsonb_build_object('account', 'user', 'user_id', v_user, 'campaign_id', t.post_id, 'kind', 'view_earned', 'amount', 1))) THEN
            RAISE EXCEPTION 'Ledger key view:% was already used', v_ticket;
          END IF;
          UPDATE view_tickets SET status = 'claimed', claimed_at = now(), telemetry = p->'telemetry' WHERE id = v_ticket;
          -- The view's credit, the risk score moved by the click's delta (blocking from block_at on),
          -- and the member's count of the day.
          UPDATE users SET credits = credits + 1,
                 risk_score = greatest(0, least(1000, risk_score + v_delta)),
                 earning_blocked = earning_blocked OR risk_score + v_delta >= (p->>'block_at')::integer,
                 earned_today = CASE WHEN earned_day = current_date THEN earned_today + 1 ELSE 1 END,
                 earned_day = current_date
           WHERE id = v_user
          RETURNING credits, earning_blocked INTO v_credits, v_blocked;
        ELSE
          UPDATE view_tickets SET status = 'uncredited', claimed_at = now(), telemetry = p->'telemetry' WHERE id = v_ticket;
          v_credits := u.credits;
          v_blocked := u.earning_blocked;
        END IF;

        IF (p->>'next')::boolean THEN
          v_next := surf_offer(p);
        END IF;
        RETURN json_build_object(
          'outcome', v_outcome, 'cc', v_credits,
          'campaign_empty', v_outcome = 'credited' AND v_left = 0, 'owner_id', v_owner,
          'blocked_now', v_blocked AND NOT u.earning_blocked, 'next', v_next);
      END $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION surf_claim(jsonb)`);
    await queryRunner.query(`DROP FUNCTION surf_next(jsonb)`);
    await queryRunner.query(`DROP FUNCTION surf_offer(jsonb)`);
    await queryRunner.query(`DROP FUNCTION ledger_append(text, jsonb)`);
    await queryRunner.query(`ALTER TABLE view_tickets DROP CONSTRAINT view_tickets_status_check`);
    await queryRunner.query(`UPDATE view_tickets SET status = 'refused' WHERE status = 'uncredited'`);
    await queryRunner.query(
      `ALTER TABLE view_tickets ADD CONSTRAINT view_tickets_status_check CHECK (status IN ('open', 'claimed', 'replaced', 'refused'))`,
    );
    // The positional functions, as SurfFunctions creates them.
    await new SurfFunctions1763772000000().up(queryRunner);
  }
}
