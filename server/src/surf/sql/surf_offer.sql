-- surf_offer(p jsonb) -> json: offers the member the next post of the surf bar and issues its view
-- ticket. With p.replace, the member's open ticket is marked 'replaced' first (one open ticket per
-- member); a replaced ticket that asked for a code counts as a wrong answer (surf_skipped: the
-- score rises by 30, and enough wrong answers stop earning), so the next ticket asks again.
-- Then the empty reasons (earning_blocked; email_unconfirmed; daily_cap; no_posts with next_ms,
-- when a post can be offered next), or the fair pick: among campaigns that can pay, not the
-- viewer's own, in their languages, never a private group's post nor one written for a team they
-- are active in, never one whose author and the viewer are blocked either way, with surf my tags only posts carrying a followed tag, within the campaign's daily
-- view cap and not credited to the viewer in 24 hours, the one served longest ago (SKIP LOCKED).
-- The member's terms (surf_terms) set the countdown and the daily cap; the ticket asks for the
-- code p.challenge by the rules of the challenge (the first view ever, one view at a random place
-- in each stretch of 25 views, wrong answers kept, the challenge score).
-- Called by surf_next and by surf_claim (when p.next), under the member's row lock; the app never
-- calls it directly. Input: SurfOfferParams (server/src/surf/surf.repository.ts), plus replace, and
-- from surf_claim the member's terms it read (terms).
-- Answer: OfferRow: replaced, timer, daily_cap, blocked_now and evidence (a skipped challenge
-- stopped earning), and either empty (with next_ms) or ticket, issued_ms, challenge and post.
-- Its statements always run on their generic plans, made once per connection. Left to choose,
-- PostgreSQL planned the pick anew on every offer (its tier and horizon folded in look cheaper),
-- and that planning cost several times what running the pick does (bench/surf/README.md).
CREATE OR REPLACE FUNCTION surf_offer(p jsonb) RETURNS json
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  v_user integer := (p->>'user')::integer;
  v_now timestamptz := (p->>'now')::timestamptz;
  u record;
  v_replaced json;
  v_post integer;
  v_ticket uuid;
  v_challenge text;
  v_my_tags text[];
  v_timer integer;
  v_cap integer;
  v_terms json;
  v_skipped integer;
  v_skip json;
  v_blocked_now boolean := false;
  v_evidence jsonb;
  v_block integer;
  v_block_end integer;
  v_tiers integer[];
  v_tier integer;
  v_horizon timestamptz;
  v_reach timestamptz;
BEGIN
  -- The caller holds the member's row lock; a claim has written its changes to the row already.
  -- The teams the member is active in are read with the row: no statement of their own.
  SELECT rotator_languages, rotator_my_tags, earning_blocked, risk_score, surf_views, surf_challenges, wrong_codes,
         languages, interests, email_confirmed_at IS NOT NULL AS email_confirmed,
         ARRAY(SELECT team_id FROM team_members WHERE user_id = v_user AND status = 'active') AS teams
    INTO u FROM users WHERE id = v_user;
  -- A claim that asks for the next post passes the terms it read (p.terms); surf_next does not.
  v_terms := coalesce((p->'terms')::json, surf_terms(p));
  v_timer := (v_terms->>'timer')::integer;
  v_cap := (v_terms->>'daily_cap')::integer;
  -- One open ticket per member: a new one replaces the old. A claim leaves "replace" out: it
  -- has just closed the member's one open ticket.
  IF (p->>'replace')::boolean THEN
    WITH r AS (UPDATE view_tickets SET status = 'replaced' WHERE viewer_id = v_user AND status = 'open'
               RETURNING id, connection_id, challenge_code)
    SELECT json_agg(json_build_object('id', r.id, 'connection', r.connection_id)),
           count(*) FILTER (WHERE r.challenge_code IS NOT NULL)
      INTO v_replaced, v_skipped FROM r;
    -- A challenge dropped unanswered (a new tab, a reload, a script asking for another post)
    -- counts as a wrong answer: otherwise replacing a challenged ticket would cost nothing.
    IF v_skipped > 0 AND NOT u.earning_blocked THEN
      v_skip := surf_skipped(p);
      v_blocked_now := (v_skip->>'blocked_now')::boolean;
      v_evidence := v_skip->'evidence';
      u.wrong_codes := (v_skip->>'wrong_codes')::integer;
      u.risk_score := (v_skip->>'risk_score')::integer;
      u.earning_blocked := v_blocked_now;
    END IF;
  END IF;
  IF u.earning_blocked THEN
    RETURN json_build_object('empty', 'earning_blocked', 'replaced', v_replaced, 'timer', v_timer, 'daily_cap', v_cap,
                             'blocked_now', v_blocked_now, 'evidence', CASE WHEN v_blocked_now THEN v_evidence END);
  END IF;
  -- Surfing earns from the first confirmed email on: an address nobody reads makes accounts free to farm.
  IF NOT u.email_confirmed THEN
    RETURN json_build_object('empty', 'email_unconfirmed', 'replaced', v_replaced, 'timer', v_timer, 'daily_cap', v_cap);
  END IF;
  IF (v_terms->>'earned')::integer >= v_cap THEN
    RETURN json_build_object('empty', 'daily_cap', 'replaced', v_replaced, 'timer', v_timer, 'daily_cap', v_cap,
                             'next_ms', floor(extract(epoch FROM (current_date + 1)::timestamptz) * 1000)::bigint);
  END IF;
  -- Surf my tags: only posts carrying a tag the member follows (none followed: none offered).
  IF u.rotator_my_tags THEN
    v_my_tags := ARRAY(SELECT tag FROM tag_follows WHERE user_id = v_user);
  END IF;
  -- The member's preferences (onboarding's languages and interests) rank posts, never exclude one:
  -- the pick runs once per tier, most preferred first, and stops at the first post found. Tier 2:
  -- in a preferred language and carrying a tag among the interests; tier 1: in a preferred
  -- language; tier 0: any post the rules allow. A tier the member has no preference for is
  -- skipped, so a member without preferences costs one pick as before. A preferred tier looks
  -- only among the 200 campaigns served longest ago (up to v_horizon, an index condition on
  -- campaigns_rotation), so a preference that few or no campaigns match costs a bounded walk of
  -- the index, not one of every campaign on each offer.
  v_tiers := ARRAY[0];
  IF cardinality(u.languages) > 0 THEN
    v_tiers := 1 || v_tiers;
    IF cardinality(u.interests) > 0 THEN
      v_tiers := 2 || v_tiers;
    END IF;
    SELECT last_served_at INTO v_horizon FROM campaigns WHERE credits > 0 AND NOT paused
     ORDER BY last_served_at OFFSET 199 LIMIT 1;
  END IF;
  -- Fair rotation: among campaigns that can pay and are not the viewer's, in the viewer's languages,
  -- within their daily cap and not viewed by this viewer in 24 hours, the one served longest ago.
  -- Never a post an admin hid after reports.
  -- Never a private group's post: the surf bar shows posts to every member. Never a post written for
  -- a team the viewer is an active member of: a team's campaigns do not pay its own members. Never
  -- a post whose author blocked the viewer or whom the viewer blocked (block_partners, the one
  -- definition of a block either way: inlined, an anti join over the viewer's few partners). With
  -- surf my tags on, only posts carrying a followed tag.
  -- SKIP LOCKED lets concurrent viewers take different campaigns. OFFSET 0 keeps the 24-hour check a
  -- probe of view_tickets_recent (viewer, post) per candidate: as an anti-join, a plan made while the
  -- table looked small reads all of the viewer's claims of the day on every pick.
  FOREACH v_tier IN ARRAY v_tiers LOOP
    v_reach := CASE WHEN v_tier = 0 THEN 'infinity' ELSE coalesce(v_horizon, 'infinity') END;
    SELECT c.post_id INTO v_post FROM campaigns c JOIN posts po ON po.id = c.post_id
     WHERE (v_tier = 0 OR po.language = ANY (u.languages)) AND (v_tier < 2 OR po.tags && u.interests)
       AND c.last_served_at <= v_reach
       AND c.credits > 0 AND NOT c.paused AND po.deleted_at IS NULL AND c.user_id <> v_user
       AND po.hidden_at IS NULL
       AND (cardinality(u.rotator_languages) = 0 OR po.language = ANY (u.rotator_languages))
       AND (po.group_id IS NULL OR EXISTS (SELECT 1 FROM groups g WHERE g.id = po.group_id AND g.visibility = 'public'))
       AND (po.team_id IS NULL OR po.team_id <> ALL (u.teams))
       AND NOT EXISTS (SELECT 1 FROM block_partners(v_user) bp WHERE bp.member_id = po.user_id)
       AND (NOT u.rotator_my_tags OR po.tags && v_my_tags)
       AND (c.daily_view_cap IS NULL OR c.views_day <> current_date OR c.views_today < c.daily_view_cap)
       AND NOT EXISTS (SELECT 1 FROM view_tickets t
                        WHERE t.viewer_id = v_user AND t.post_id = c.post_id AND t.status = 'claimed'
                          AND t.claimed_at > now() - interval '24 hours' OFFSET 0)
     ORDER BY c.last_served_at ASC
     LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
    EXIT WHEN v_post IS NOT NULL;
  END LOOP;
  IF v_post IS NULL THEN
    -- When a post can be offered next: the soonest moment one of the campaigns that could pay
    -- leaves the viewer's 24 hours or its daily cap (tomorrow); none when no campaign could.
    RETURN json_build_object('empty', 'no_posts', 'replaced', v_replaced, 'timer', v_timer, 'daily_cap', v_cap, 'next_ms', (
      SELECT floor(extract(epoch FROM min(greatest(
               CASE WHEN c.daily_view_cap IS NOT NULL AND c.views_day = current_date AND c.views_today >= c.daily_view_cap
                    THEN (current_date + 1)::timestamptz ELSE v_now END,
               (SELECT max(t.claimed_at) + interval '24 hours' FROM view_tickets t
                 WHERE t.viewer_id = v_user AND t.post_id = c.post_id AND t.status = 'claimed'
                   AND t.claimed_at > now() - interval '24 hours')))) * 1000)::bigint
        FROM campaigns c JOIN posts po ON po.id = c.post_id
       WHERE c.credits > 0 AND NOT c.paused AND po.deleted_at IS NULL AND c.user_id <> v_user
         AND po.hidden_at IS NULL
         AND (cardinality(u.rotator_languages) = 0 OR po.language = ANY (u.rotator_languages))
         AND (po.group_id IS NULL OR EXISTS (SELECT 1 FROM groups g WHERE g.id = po.group_id AND g.visibility = 'public'))
         AND (po.team_id IS NULL OR po.team_id <> ALL (u.teams))
         AND NOT EXISTS (SELECT 1 FROM block_partners(v_user) bp WHERE bp.member_id = po.user_id)
         AND (NOT u.rotator_my_tags OR po.tags && v_my_tags)));
  END IF;
  UPDATE campaigns SET last_served_at = now() WHERE post_id = v_post;
  -- The ticket asks for the code the app drew: from the challenge score on; while a wrong (or
  -- skipped) answer is among the member's last answers kept; on the member's first view ever; and
  -- at one random place in each stretch of 25 views after it (1-25, 26-50, ...). So an honest
  -- newcomer answers at most 3 of their first 40 views (7.5%) and 2 of their first 20, then one in
  -- 25 (4%), while a picture read at random fails within the first stretches. A stretch's one
  -- challenge may have come already (a wrong answer's): the count of challenges is what is
  -- compared. Off for benchmarks.
  v_block := greatest(u.surf_views - 1, 0) / 25;
  v_block_end := 25 * v_block + 25;
  IF (p->>'challenges')::boolean AND (
       u.risk_score >= (p->>'challenge_at')::integer
       OR u.wrong_codes > 0
       OR u.surf_views = 0
       OR (u.surf_challenges < v_block + 2 AND random() < 1.0 / (v_block_end - u.surf_views + 1))) THEN
    v_challenge := p->>'challenge';
    UPDATE users SET surf_challenges = surf_challenges + 1 WHERE id = v_user;
  END IF;
  -- issued_at is the app's clock (that of live_time), which also checks the countdown.
  INSERT INTO view_tickets (viewer_id, post_id, connection_id, timer_seconds, challenge_code, issued_at)
  VALUES (v_user, v_post, p->>'connection', v_timer, v_challenge, v_now)
  RETURNING id INTO v_ticket;
  RETURN (
    SELECT json_build_object(
             'replaced', v_replaced, 'ticket', v_ticket, 'issued_ms', floor(extract(epoch FROM v_now) * 1000)::bigint,
             'timer', v_timer, 'daily_cap', v_cap, 'challenge', v_challenge, 'blocked_now', false,
             'credits_per_view', (v_terms->>'credits_per_view')::integer,
             'post', json_build_object('id', po.id, 'user_id', po.user_id, 'text', po.text, 'link', po.link,
                                       'youtube_id', po.youtube_id, 'image_ids', po.image_ids, 'language', po.language,
                                       'tags', po.tags, 'created_ms', floor(extract(epoch FROM po.created_at) * 1000)::bigint,
                                       'username', pu.username, 'first_name', pu.first_name, 'image', pu.image))
      FROM posts po JOIN users pu ON pu.id = po.user_id WHERE po.id = v_post);
END $fn$;
