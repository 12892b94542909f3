import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The surf bar's database work as PL/pgSQL functions, so a step costs one round trip and one
 * commit, and PostgreSQL plans each inner statement once per connection (issue 5's benchmark):
 *
 * - surf_next: the first post of a session (POST /data/surf/next): locks the member, then surf_offer.
 * - surf_claim: the Next click: every check of the ticket, both ledger rows (as LedgerService.move
 *   writes them, key `view:<ticket id>`), the campaign's and the member's counters, the closed
 *   ticket with its telemetry; then, when asked, surf_offer for the next post in the same transaction.
 * - surf_offer (internal): one open ticket per member (older ones are replaced and reported), the
 *   refusals (earning paused, daily cap), the fair pick (SurfService's rules), the ticket and the post.
 *
 * They answer json; SurfService turns the outcome codes into the texts members read. The rules that
 * live in TypeScript come in as parameters: the risk delta (riskDelta), the limits, the server clock.
 */
export class SurfFunctions1763772000000 implements MigrationInterface {
  name = 'SurfFunctions1763772000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION surf_offer(p_user integer, p_connection text, p_blocked boolean, p_risk integer, p_languages text[],
                                 p_earned integer, p_timer integer, p_cap integer, p_challenge_at integer, p_challenge text,
                                 p_now timestamptz) RETURNS json
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_replaced json;
        v_post integer;
        v_ticket uuid;
        v_challenge text;
      BEGIN
        -- The caller holds the member's row lock. One open ticket per member: a new one replaces the old.
        WITH r AS (UPDATE view_tickets SET status = 'replaced' WHERE viewer_id = p_user AND status = 'open' RETURNING id, connection_id)
        SELECT json_agg(json_build_object('id', r.id, 'connection', r.connection_id)) INTO v_replaced FROM r;
        IF p_blocked THEN
          RETURN json_build_object('refusal', 'blocked', 'replaced', v_replaced);
        END IF;
        IF p_earned >= p_cap THEN
          RETURN json_build_object('refusal', 'daily_cap', 'replaced', v_replaced);
        END IF;
        -- Fair rotation: among campaigns that can pay and are not the viewer's, in the viewer's languages,
        -- within their daily cap and not viewed by this viewer in 24 hours, the one served longest ago.
        -- SKIP LOCKED lets concurrent viewers take different campaigns.
        SELECT c.post_id INTO v_post FROM campaigns c JOIN posts p ON p.id = c.post_id
         WHERE c.credits > 0 AND NOT c.paused AND p.deleted_at IS NULL AND c.user_id <> p_user
           AND (cardinality(p_languages) = 0 OR p.language = ANY (p_languages))
           AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
           AND NOT EXISTS (SELECT 1 FROM view_tickets t
                            WHERE t.viewer_id = p_user AND t.post_id = c.post_id AND t.status = 'claimed'
                              AND t.claimed_at > now() - interval '24 hours')
         ORDER BY c.last_served_at ASC
         LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
        IF v_post IS NULL THEN
          RETURN json_build_object('refusal', 'none', 'replaced', v_replaced);
        END IF;
        UPDATE campaigns SET last_served_at = now() WHERE post_id = v_post;
        v_challenge := CASE WHEN p_risk >= p_challenge_at THEN p_challenge END;
        -- issued_at is the app's clock (that of live_time), which also checks the countdown.
        INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
        VALUES (p_user, v_post, p_connection, p_timer, v_challenge, p_now) RETURNING id INTO v_ticket;
        RETURN (
          SELECT json_build_object(
                   'replaced', v_replaced, 'ticket', v_ticket, 'issued_ms', floor(extract(epoch FROM p_now) * 1000)::bigint,
                   'timer', p_timer, 'challenge', v_challenge,
                   'post', json_build_object('id', p.id, 'user_id', p.user_id, 'text', p.text, 'link', p.link,
                                             'youtube_id', p.youtube_id, 'image_ids', p.image_ids, 'language', p.language,
                                             'tags', p.tags, 'created_ms', floor(extract(epoch FROM p.created_at) * 1000)::bigint,
                                             'username', u.username, 'first_name', u.first_name, 'image', u.image))
            FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = v_post);
      END $fn$`);

    await queryRunner.query(`
      CREATE FUNCTION surf_next(p_user integer, p_connection text, p_timer integer, p_cap integer, p_challenge_at integer,
                                p_challenge text, p_now timestamptz) RETURNS json
      LANGUAGE plpgsql AS $fn$
      DECLARE
        u record;
      BEGIN
        SELECT earning_blocked, risk_score, rotator_languages,
               CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned
          INTO u FROM users WHERE id = p_user FOR UPDATE;
        RETURN surf_offer(p_user, p_connection, u.earning_blocked, u.risk_score, u.rotator_languages, u.earned,
                          p_timer, p_cap, p_challenge_at, p_challenge, p_now);
      END $fn$`);

    await queryRunner.query(`
      CREATE FUNCTION surf_claim(p_user integer, p_connection text, p_ticket uuid, p_telemetry jsonb, p_code text,
                                 p_delta integer, p_block_at integer, p_cap integer, p_now timestamptz, p_next boolean,
                                 p_timer integer, p_challenge_at integer, p_challenge text) RETURNS json
      LANGUAGE plpgsql AS $fn$
      DECLARE
        u record;
        t record;
        c record;
        v_outcome text;
        v_rows integer;
        v_credits bigint;
        v_risk integer;
        v_blocked boolean;
        v_earned integer;
        v_left bigint;
        v_owner integer;
        v_next json;
      BEGIN
        -- The member first, then the ticket: the same order as surf_next, so the two never deadlock.
        SELECT credits, earning_blocked, risk_score, rotator_languages,
               CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned
          INTO u FROM users WHERE id = p_user FOR UPDATE;
        IF NOT FOUND THEN
          RETURN json_build_object('outcome', 'not_yours');
        END IF;
        SELECT viewer_id, post_id, connection_id, timer_seconds, challenge_code, status, issued_at
          INTO t FROM view_tickets WHERE id = p_ticket FOR UPDATE;
        IF NOT FOUND OR t.viewer_id <> p_user THEN
          RETURN json_build_object('outcome', 'not_yours');
        END IF;
        IF t.status <> 'open' THEN
          RETURN json_build_object('outcome', t.status);
        END IF;
        IF t.connection_id <> p_connection THEN
          RETURN json_build_object('outcome', 'other_tab');
        END IF;
        IF p_now < t.issued_at + make_interval(secs => t.timer_seconds) THEN
          RETURN json_build_object('outcome', 'too_early', 'issued_ms', floor(extract(epoch FROM t.issued_at) * 1000)::bigint,
                                   'timer', t.timer_seconds);
        END IF;

        IF t.challenge_code IS NOT NULL AND p_code IS DISTINCT FROM t.challenge_code THEN
          v_outcome := 'wrong_code';
        ELSIF u.earned >= p_cap THEN
          v_outcome := 'daily_cap';
        ELSE
          SELECT credits, paused, user_id,
                 daily_view_cap IS NOT NULL AND views_day = current_date AND views_today >= daily_view_cap AS cap_reached
            INTO c FROM campaigns WHERE post_id = t.post_id FOR UPDATE;
          v_outcome := CASE WHEN NOT FOUND OR c.credits < 1 THEN 'out_of_credits'
                            WHEN c.paused THEN 'paused'
                            WHEN c.cap_reached THEN 'views_cap'
                            ELSE 'credited' END;
          v_owner := c.user_id;
        END IF;

        IF v_outcome = 'credited' THEN
          -- Both ledger rows as LedgerService.move writes them (campaign first), once per ticket.
          INSERT INTO credit_ledger (account, user_id, campaign_id, kind, amount, idempotency_key)
          VALUES ('campaign', NULL, t.post_id, 'view_paid', -1, 'view:' || p_ticket),
                 ('user', p_user, t.post_id, 'view_earned', 1, 'view:' || p_ticket)
          ON CONFLICT (idempotency_key, account) DO NOTHING;
          GET DIAGNOSTICS v_rows = ROW_COUNT;
          IF v_rows <> 2 THEN
            RAISE EXCEPTION 'Ledger key view:% was already used', p_ticket;
          END IF;
          UPDATE campaigns SET credits = credits - 1, views_total = views_total + 1,
                 views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
                 views_day = current_date, last_view_at = now()
           WHERE post_id = t.post_id RETURNING credits INTO v_left;
          UPDATE view_tickets SET status = 'claimed', claimed_at = now(), telemetry = p_telemetry WHERE id = p_ticket;
          UPDATE users SET credits = credits + 1,
                 risk_score = greatest(0, least(1000, risk_score + p_delta)),
                 earning_blocked = earning_blocked OR risk_score + p_delta >= p_block_at,
                 earned_today = CASE WHEN earned_day = current_date THEN earned_today + 1 ELSE 1 END,
                 earned_day = current_date
           WHERE id = p_user
          RETURNING credits, risk_score, earning_blocked, earned_today INTO v_credits, v_risk, v_blocked, v_earned;
        ELSE
          UPDATE view_tickets SET status = 'refused', claimed_at = now(), telemetry = p_telemetry WHERE id = p_ticket;
          v_credits := u.credits;
          v_risk := u.risk_score;
          v_blocked := u.earning_blocked;
          v_earned := u.earned;
        END IF;

        IF p_next THEN
          v_next := surf_offer(p_user, p_connection, v_blocked, v_risk, u.rotator_languages, v_earned,
                               p_timer, p_cap, p_challenge_at, p_challenge, p_now);
        END IF;
        RETURN json_build_object(
          'outcome', v_outcome, 'cc', v_credits,
          'campaign_empty', v_outcome = 'credited' AND v_left = 0, 'owner_id', v_owner,
          'blocked_now', v_blocked AND NOT u.earning_blocked, 'next', v_next);
      END $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION surf_claim(integer, text, uuid, jsonb, text, integer, integer, integer, timestamptz, boolean, integer, integer, text)`);
    await queryRunner.query(`DROP FUNCTION surf_next(integer, text, integer, integer, integer, text, timestamptz)`);
    await queryRunner.query(`DROP FUNCTION surf_offer(integer, text, boolean, integer, text[], integer, integer, integer, integer, text, timestamptz)`);
  }
}
