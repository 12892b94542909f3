-- surf_claim(p jsonb) -> json: settles a Next click, in one transaction. Under the member's row
-- lock: the ticket's checks, refused with the ticket left as it was (not_yours, already_counted,
-- moved_to_other_tab, closed_without_credit, other_tab, too_early on the app's clock); the score
-- (surf_risk plus the challenge's answer), the stop and the outcome; when credited, the campaign's
-- payment and view count, the ledger rows through ledger_append (view:<ticket id>, and
-- level_bonus:<ticket id> for a level's extra credits) and the member's credits within the daily
-- cap (surf_terms), pending on the ticket (earned, matures_at) for the member's review window
-- (the longest for an answer by email, which proves no person was there); the closed ticket with
-- its telemetry; the member's score and rolling state (one UPDATE,
-- a second one for the risk evidence when a signal fired); then, with p.next, surf_offer.
-- Called by SurfRepository.claim (server/src/surf/surf.repository.ts, a named prepared
-- statement) for SurfService.claim (the socket's 'surf:claim', surf-claim.handler.ts).
-- Input: SurfClaimParams (surf.repository.ts): SurfOfferParams plus ticket, telemetry, code,
-- block_at, answers_kept, wrong_codes_to_stop, accounts_per_address, next.
-- Answer: ClaimRow: { refusal } (too_early adds issued_ms and timer), or outcome, cc, earned,
-- daily_cap, campaign_empty, owner_id, blocked_now, evidence and next (surf_offer's answer).
CREATE OR REPLACE FUNCTION surf_claim(p jsonb) RETURNS json
LANGUAGE plpgsql AS $fn$
DECLARE
  v_user integer := (p->>'user')::integer;
  v_ticket uuid := (p->>'ticket')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  u record;
  t record;
  c record;
  v_delay integer;
  v_risk jsonb;
  v_delta integer;
  v_signals jsonb;
  v_wrong integer;
  v_answers boolean[];
  v_rechecked boolean := false;
  v_stop boolean;
  v_outcome text;
  v_credits bigint;
  v_evidence jsonb;
  v_score integer;
  v_left bigint;
  v_owner integer;
  v_next json;
  v_terms json;
  v_cap integer;
  v_earn integer := 0;
  v_matures timestamptz;
BEGIN
  -- The member's row lock serializes every claim and next of the member, the only writers of their
  -- tickets, so the ticket needs no lock of its own (surf_next takes the same lock first: no deadlock).
  SELECT credits, earning_blocked, risk_score, wrong_codes, recent_answers,
         CASE WHEN earned_day = current_date THEN earned_today ELSE 0 END AS earned,
         recent_delays, recent_intervals, recent_positions, last_claim_at, surf_streak_start
    INTO u FROM users WHERE id = v_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('refusal', 'not_yours');
  END IF;
  SELECT viewer_id, post_id, connection_id, timer_seconds, challenge_code, challenge_mode, status, issued_at
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
  IF v_now < t.issued_at + make_interval(secs => t.timer_seconds) THEN
    RETURN json_build_object('refusal', 'too_early', 'issued_ms', floor(extract(epoch FROM t.issued_at) * 1000)::bigint,
                             'timer', t.timer_seconds);
  END IF;
  -- The member's terms at the claim (surf_terms): the daily cap, the credits a view earns, and
  -- how long what it earns stays in review.
  v_terms := surf_terms(p);
  v_cap := (v_terms->>'daily_cap')::integer;

  -- The score: the one rule in surf_risk, plus the challenge's answer. The last answers_kept
  -- answers are kept; wrong_codes counts the wrong ones among them, and wrong_codes_to_stop of
  -- them stop earning. A wrong code costs 30. A right one on a view neither scripted nor unseen
  -- takes 20 off: a person was there, so one who surfs for hours without a break is asked more
  -- often, not stopped. A right answer just after a wrong one is not credited (rechecked): one
  -- pick in the options is a guess that lands often enough; two in a row rarely do.
  IF t.timer_seconds > 0 THEN
    v_delay := floor(extract(epoch FROM v_now - t.issued_at) * 1000)::integer - t.timer_seconds * 1000;
  END IF;
  v_risk := surf_risk(p || jsonb_build_object('server_delay_ms', v_delay, 'member', jsonb_build_object(
              'recent_delays', u.recent_delays::text, 'recent_intervals', u.recent_intervals::text,
              'recent_positions', u.recent_positions::text, 'last_claim_at', u.last_claim_at,
              'surf_streak_start', u.surf_streak_start)));
  v_delta := (v_risk->>'delta')::integer;
  v_signals := v_risk->'signals';
  v_answers := u.recent_answers;
  IF t.challenge_code IS NOT NULL THEN
    v_answers := (v_answers || (p->>'code' IS NOT DISTINCT FROM t.challenge_code))
                 [greatest(1, cardinality(v_answers) + 2 - (p->>'answers_kept')::integer):];
    IF p->>'code' IS DISTINCT FROM t.challenge_code THEN
      v_delta := greatest(v_delta, 0) + 30;
      v_signals := v_signals || '"wrong_code"'::jsonb;
    ELSE
      v_rechecked := NOT coalesce(u.recent_answers[cardinality(u.recent_answers)], true);
      -- A code read from a mail proves an inbox, not a person at the screen: it lowers nothing.
      IF t.challenge_mode IS NULL AND NOT v_signals ?| ARRAY['scripted', 'unseen', 'delay_mismatch'] THEN
        v_delta := v_delta - 20;
      END IF;
    END IF;
  END IF;
  v_wrong := cardinality(array_positions(v_answers, false));
  -- The claim that crosses the block threshold stops earning and is not credited itself.
  v_stop := u.earning_blocked OR u.risk_score + v_delta >= (p->>'block_at')::integer
            OR v_wrong >= (p->>'wrong_codes_to_stop')::integer;

  IF v_stop THEN
    v_outcome := 'stopped';
  -- A report the server's clock contradicts (a click delay longer than the server saw) comes
  -- from a client that makes its telemetry up: as scripted as an untrusted click.
  ELSIF v_signals ?| ARRAY['scripted', 'delay_mismatch'] THEN
    v_outcome := 'scripted';
  ELSIF v_signals ? 'unseen' THEN
    v_outcome := 'unseen';
  ELSIF v_signals ? 'wrong_code' THEN
    v_outcome := 'wrong_code';
  ELSIF v_rechecked THEN
    v_outcome := 'rechecked';
  ELSIF u.earned >= v_cap THEN
    v_outcome := 'daily_cap';
  ELSE
    -- The campaign pays if it can, and never a member of the team the post was written for (one who
    -- joined the team after the offer): one statement takes the credit and counts the view.
    UPDATE campaigns SET credits = credits - 1, views_total = views_total + 1,
           views_today = CASE WHEN views_day = current_date THEN views_today + 1 ELSE 1 END,
           views_day = current_date, last_view_at = now()
     WHERE post_id = t.post_id AND credits >= 1 AND NOT paused
       AND (daily_view_cap IS NULL OR views_day <> current_date OR views_today < daily_view_cap)
       AND NOT EXISTS (SELECT 1 FROM posts po JOIN team_members m ON m.team_id = po.team_id
                        WHERE po.id = t.post_id AND m.user_id = v_user AND m.status = 'active')
    RETURNING credits, user_id INTO v_left, v_owner;
    IF FOUND THEN
      v_outcome := 'credited';
    ELSIF EXISTS (SELECT 1 FROM posts po JOIN team_members m ON m.team_id = po.team_id
                   WHERE po.id = t.post_id AND m.user_id = v_user AND m.status = 'active') THEN
      v_outcome := 'own_team';
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
    -- What the view earns: the level's credits per view (one without a level), never past the
    -- daily cap (the member is under it here, so at least one).
    v_earn := greatest(1, least((v_terms->>'credits_per_view')::integer, v_cap - u.earned));
    -- What the view earns is pending for the member's review window: the earnings review may
    -- still void it (the campaign gets its credit back); an answer by email waits the longest.
    v_matures := CASE WHEN t.challenge_mode IS NOT NULL THEN v_now + make_interval(mins => (p->>'review_minutes')::integer)
                      WHEN (v_terms->>'review_minutes')::integer > 0
                      THEN v_now + make_interval(mins => (v_terms->>'review_minutes')::integer) END;
    -- Both ledger rows (campaign first) under the key view:<ticket id>: the campaign pays one
    -- view, the member earns one credit. The open ticket proves the key unused.
    IF NOT ledger_append('view:' || v_ticket, jsonb_build_array(
         jsonb_build_object('account', 'campaign', 'campaign_id', t.post_id, 'kind', 'view_paid', 'amount', -1),
         jsonb_build_object('account', 'user', 'user_id', v_user, 'campaign_id', t.post_id, 'kind', 'view_earned', 'amount', 1))) THEN
      RAISE EXCEPTION 'Ledger key view:% was already used', v_ticket;
    END IF;
    -- A level's extra credits are the site's, not the advertiser's: one level_bonus row of the
    -- member's under its own key level_bonus:<ticket id>.
    IF v_earn > 1 AND NOT ledger_append('level_bonus:' || v_ticket, jsonb_build_array(
         jsonb_build_object('account', 'user', 'user_id', v_user, 'campaign_id', t.post_id, 'kind', 'level_bonus', 'amount', v_earn - 1))) THEN
      RAISE EXCEPTION 'Ledger key level_bonus:% was already used', v_ticket;
    END IF;
    UPDATE view_tickets SET status = 'claimed', claimed_at = now(), telemetry = p->'telemetry', earned = v_earn,
           matures_at = v_matures
     WHERE id = v_ticket;
  ELSE
    UPDATE view_tickets SET status = 'uncredited', claimed_at = now(), telemetry = p->'telemetry' WHERE id = v_ticket;
  END IF;

  -- The member's row, once: the credit and the day's count when credited; the score, the
  -- stop, the wrong-code streak and the rolling state scoring reads (last 10 delays,
  -- intervals and positions, the streak without a break).
  -- Every claim rewrites the row, so it is kept small: intervals in whole ms, positions as
  -- hashes of "x,y".
  UPDATE users SET
         credits = credits + v_earn,
         earned_today = CASE WHEN v_outcome <> 'credited' THEN earned_today
                             WHEN earned_day = current_date THEN earned_today + v_earn ELSE v_earn END,
         earned_day = CASE WHEN v_outcome = 'credited' THEN current_date ELSE earned_day END,
         risk_score = greatest(0, least(1000, risk_score + v_delta)),
         earning_blocked = v_stop,
         wrong_codes = v_wrong,
         recent_answers = v_answers,
         surf_views = surf_views + 1,
         surf_streak_start = CASE WHEN last_claim_at IS NULL OR last_claim_at < v_now - interval '15 minutes'
                                  THEN v_now ELSE surf_streak_start END,
         last_claim_at = v_now,
         recent_delays = CASE WHEN v_delay IS NULL THEN recent_delays
                              ELSE (recent_delays || v_delay)[greatest(1, cardinality(recent_delays) - 8):] END,
         recent_intervals = (recent_intervals || round((p->'telemetry'->>'intervalMs')::double precision)::integer)
                            [greatest(1, cardinality(recent_intervals) - 8):],
         recent_positions = CASE WHEN (p->'telemetry'->>'keyEvent')::boolean THEN recent_positions
                                 ELSE (recent_positions || hashtext((p->'telemetry'->>'x') || ',' || (p->'telemetry'->>'y')))
                                      [greatest(1, cardinality(recent_positions) - 8):] END
   WHERE id = v_user
  RETURNING credits, risk_score INTO v_credits, v_score;
  -- The evidence: a claim that raised the score joins the last 10 such claims (a statement of
  -- its own, so that a clean claim's UPDATE above stays small).
  IF jsonb_array_length(v_signals) > 0 THEN
    UPDATE users SET risk_evidence = (
             SELECT jsonb_agg(e ORDER BY n)
               FROM jsonb_array_elements(risk_evidence || jsonb_build_array(
                      jsonb_build_object('at', v_now, 'signals', v_signals, 'score', v_score))) WITH ORDINALITY AS a (e, n)
              WHERE n > jsonb_array_length(risk_evidence) - 9)
     WHERE id = v_user
    RETURNING risk_evidence INTO v_evidence;
  END IF;

  IF (p->>'next')::boolean THEN
    -- The next offer reads the same terms, with this view's earnings counted: no second read.
    v_next := surf_offer(p || jsonb_build_object('terms',
                jsonb_set(v_terms::jsonb, '{earned}', to_jsonb((v_terms->>'earned')::integer + v_earn))));
  END IF;
  RETURN json_build_object(
    'outcome', v_outcome, 'cc', v_credits, 'earned', v_earn, 'daily_cap', v_cap,
    'earned_today', (v_terms->>'earned')::integer + v_earn, 'credits_per_view', (v_terms->>'credits_per_view')::integer,
    'campaign_empty', v_outcome = 'credited' AND v_left = 0, 'owner_id', v_owner,
    'blocked_now', v_stop AND NOT u.earning_blocked,
    'evidence', CASE WHEN v_stop AND NOT u.earning_blocked THEN v_evidence END, 'next', v_next);
END $fn$;
