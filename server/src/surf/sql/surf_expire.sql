-- surf_expire(p jsonb) -> json: settles, without credit, the challenged tickets left open longer
-- than p.minutes (a tab closed on a challenge, never to come back), each counted as a wrong
-- answer through surf_skipped, a member at a time under their row lock (SKIP LOCKED: a member
-- surfing now is left for the next run; their next post replaces the ticket anyway).
-- Called by SurfRepository.expireChallenges for ChallengeExpiry.run (challenge-expiry.service.ts).
-- Input: now, minutes, answers_kept, wrong_codes_to_stop, block_at.
-- Answer: a json array of { user, blocked_now, evidence }, one per member whose tickets expired.
CREATE OR REPLACE FUNCTION surf_expire(p jsonb) RETURNS json
LANGUAGE plpgsql AS $fn$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_member integer;
  v_expired integer;
  v_skip json;
  v_answer jsonb := '[]'::jsonb;
BEGIN
  FOR v_member IN
    SELECT DISTINCT t.viewer_id FROM view_tickets t
     WHERE t.status = 'open' AND t.challenge_code IS NOT NULL AND t.issued_at < v_now - make_interval(mins => (p->>'minutes')::integer)
  LOOP
    PERFORM 1 FROM users WHERE id = v_member FOR NO KEY UPDATE SKIP LOCKED;
    CONTINUE WHEN NOT FOUND;
    UPDATE view_tickets SET status = 'uncredited', claimed_at = now()
     WHERE viewer_id = v_member AND status = 'open' AND challenge_code IS NOT NULL
       AND issued_at < v_now - make_interval(mins => (p->>'minutes')::integer);
    GET DIAGNOSTICS v_expired = ROW_COUNT;
    CONTINUE WHEN v_expired = 0;
    v_skip := surf_skipped(p || jsonb_build_object('user', v_member));
    v_answer := v_answer || jsonb_build_object('user', v_member, 'blocked_now', v_skip->'blocked_now', 'evidence', v_skip->'evidence');
  END LOOP;
  RETURN v_answer;
END $fn$;
