-- surf_skipped(p jsonb) -> json: records a challenge the member dropped unanswered (a challenged
-- ticket replaced, or left until it expired) as a wrong answer: kept among their last answers,
-- the score up by 30 with the signal skipped_challenge in the evidence, and earning stopped when
-- the wrong answers kept reach p.wrong_codes_to_stop or the score p.block_at. A member already
-- stopped is left as they are. Without it, dropping a challenge would cost nothing.
-- Called by surf_offer (replace) and surf_expire, under the member's row lock.
-- Input: user, now, answers_kept, wrong_codes_to_stop, block_at.
-- Answer: blocked_now (this stopped earning), wrong_codes, risk_score, and evidence when blocked_now.
CREATE OR REPLACE FUNCTION surf_skipped(p jsonb) RETURNS json
LANGUAGE plpgsql AS $fn$
DECLARE
  v_user integer := (p->>'user')::integer;
  u record;
  v_answers boolean[];
  v_wrong integer;
  v_stop boolean;
  v_evidence jsonb;
BEGIN
  SELECT recent_answers, risk_score, earning_blocked, wrong_codes INTO u FROM users WHERE id = v_user;
  IF u.earning_blocked THEN
    RETURN json_build_object('blocked_now', false, 'wrong_codes', u.wrong_codes, 'risk_score', u.risk_score);
  END IF;
  v_answers := (u.recent_answers || false)[greatest(1, cardinality(u.recent_answers) + 2 - (p->>'answers_kept')::integer):];
  v_wrong := cardinality(array_positions(v_answers, false));
  v_stop := v_wrong >= (p->>'wrong_codes_to_stop')::integer OR u.risk_score + 30 >= (p->>'block_at')::integer;
  UPDATE users SET recent_answers = v_answers, wrong_codes = v_wrong, risk_score = least(1000, risk_score + 30),
         earning_blocked = v_stop,
         risk_evidence = (
           SELECT jsonb_agg(e ORDER BY n)
             FROM jsonb_array_elements(risk_evidence || jsonb_build_array(jsonb_build_object(
                    'at', (p->>'now')::timestamptz, 'signals', '["skipped_challenge"]'::jsonb,
                    'score', least(1000, risk_score + 30))))
                  WITH ORDINALITY AS a (e, n)
            WHERE n > jsonb_array_length(risk_evidence) - 9)
   WHERE id = v_user
  RETURNING risk_evidence INTO v_evidence;
  RETURN json_build_object('blocked_now', v_stop, 'wrong_codes', v_wrong, 'risk_score', least(1000, u.risk_score + 30),
                           'evidence', CASE WHEN v_stop THEN v_evidence END);
END $fn$;
