-- surf_terms(p jsonb) -> json: the member's terms of earning now: the countdown, the credits a
-- view earns, today's earning cap, and how long what they earn stays in review. The member's own
-- level (the period that contains p.now) sets the countdown, the credits a view earns and the cap;
-- without one, the site's countdown and cap in p, and one credit. A member without a level who is
-- new has a smaller cap: p.newcomer_cap plus one for each view of theirs that matured without
-- being voided, so an account is worth little until it has a clean history. The review window
-- follows trust: p.review_minutes for a new account (under a week or under 100 matured views) or a
-- flagged one (a challenge score, a wrong answer among those kept, a void in 30 days); a
-- twenty-fourth of it for an established member; none for a trusted one (30 days and 1000
-- matured views, no void). The count of matured views is taken once a day and kept on the
-- member's row (trust_day, trust_views), up to 1000.
-- Called by surf_offer and surf_claim (under the member's row lock), and by
-- SurfRepository.terms for the member's earnings summary.
-- Input: user, now, timer, daily_cap, newcomer_cap, review_minutes, challenge_at.
-- Answer: timer, credits_per_view, daily_cap, review_minutes, earned (today's), trust_views.
CREATE OR REPLACE FUNCTION surf_terms(p jsonb) RETURNS json
LANGUAGE plpgsql AS $fn$
DECLARE
  v_user integer := (p->>'user')::integer;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_review integer := (p->>'review_minutes')::integer;
  u record;
  lv record;
  v_trust integer;
  v_cap integer;
  v_minutes integer;
BEGIN
  SELECT created_at, trust_day, trust_views, risk_score, wrong_codes, last_void_at,
         CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned
    INTO u FROM users WHERE id = v_user;
  -- Views that matured clean, counted once a day: the first call of the day counts them.
  v_trust := u.trust_views;
  IF u.trust_day IS DISTINCT FROM current_date THEN
    SELECT count(*) INTO v_trust FROM (
      SELECT 1 FROM view_tickets t
       WHERE t.viewer_id = v_user AND t.status = 'claimed' AND t.voided_at IS NULL
         AND (t.matures_at IS NULL OR t.matures_at <= v_now)
       LIMIT 1000) s;
    UPDATE users SET trust_day = current_date, trust_views = v_trust WHERE id = v_user;
  END IF;
  SELECT l.surf_timer_seconds, l.daily_cap, l.credits_per_view INTO lv
    FROM memberships m JOIN membership_levels l ON l.id = m.level_id
   WHERE m.user_id = v_user AND m.team_id IS NULL AND m.starts_at <= v_now AND m.ends_at > v_now
   LIMIT 1;
  v_cap := coalesce(lv.daily_cap, least((p->>'daily_cap')::integer, (p->>'newcomer_cap')::integer + v_trust));
  v_minutes := CASE
    WHEN u.risk_score >= (p->>'challenge_at')::integer OR u.wrong_codes > 0
      OR u.last_void_at > v_now - interval '30 days' THEN v_review
    WHEN v_trust < 100 OR u.created_at > v_now - interval '7 days' THEN v_review
    WHEN v_trust >= 1000 AND u.created_at <= v_now - interval '30 days' THEN 0
    ELSE ceil(v_review / 24.0)::integer END;
  RETURN json_build_object(
    'timer', coalesce(lv.surf_timer_seconds, (p->>'timer')::integer),
    'credits_per_view', coalesce(lv.credits_per_view, 1),
    'daily_cap', v_cap, 'review_minutes', v_minutes, 'earned', u.earned, 'trust_views', v_trust);
END $fn$;
