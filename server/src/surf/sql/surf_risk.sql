-- surf_risk(p jsonb) -> jsonb: the one scoring rule of the surf score; it writes nothing. From the
-- client's report of the Next click (scripted, unseen, the same interval or point as recent
-- claims) and what the server sees for itself (the delay between the countdown's end and the claim
-- on the app's clock, its disagreement with the reported delay and its spread; hours without a
-- break; at a session's first claim, accounts surfing from the member's address or device), the
-- score's delta and the signals that moved it.
-- Called only by surf_claim, in its transaction.
-- Input: surf_claim's p (SurfClaimParams in server/src/surf/surf.repository.ts: user, now,
-- telemetry, accounts_per_address) plus server_delay_ms (null without a countdown) and member,
-- the member's rolling state as surf_claim read it under the row lock (recent_delays,
-- recent_intervals, recent_positions as array text, last_claim_at, surf_streak_start).
-- Answer: { delta, signals }: delta -5 when no signal fired; signals are SurfRiskSignal codes
-- (shared/surf/surf-outcomes.ts).
CREATE OR REPLACE FUNCTION surf_risk(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  v_user integer := (p->>'user')::integer;
  v_now timestamptz := (p->>'now')::timestamptz;
  t jsonb := p->'telemetry';
  v_delay integer := (p->>'server_delay_ms')::integer;
  v_interval integer := round((t->>'intervalMs')::double precision);
  v_position integer;
  m jsonb := p->'member';
  v_recent_delays integer[] := (m->>'recent_delays')::integer[];
  v_recent_intervals integer[] := (m->>'recent_intervals')::integer[];
  v_recent_positions integer[] := (m->>'recent_positions')::integer[];
  v_last_claim_at timestamptz := (m->>'last_claim_at')::timestamptz;
  v_streak_start timestamptz := (m->>'surf_streak_start')::timestamptz;
  v_delta integer := 0;
  v_signals text[] := '{}';
  v_repeats integer;
  v_value double precision;
  v_count integer;
  v_sum double precision;
  v_squares double precision;
  v_same_address integer;
  v_same_device integer;
BEGIN
  -- p.member: the member's rolling state as surf_claim read it under the row lock, before
  -- this claim (arrays as their text; reading the row again costs a walk of its update chain).
  -- What the client reports: a scripted click (untrusted, or a key press in a page without
  -- focus), a view in a hidden or unfocused tab. Such a view is not credited either.
  IF NOT (t->>'isTrusted')::boolean OR ((t->>'keyEvent')::boolean AND NOT (t->>'visible')::boolean) THEN
    v_delta := v_delta + 25;
    v_signals := v_signals || 'scripted'::text;
  END IF;
  IF NOT (t->>'visible')::boolean THEN
    v_delta := v_delta + 15;
    v_signals := v_signals || 'unseen'::text;
  END IF;

  -- The same interval (within 3 ms) or the same point as two or more of the last 10 claims:
  -- people are never that regular. A key press has no position.
  IF v_interval IS NOT NULL THEN
    -- Loops, not SELECTs over unnest: ten elements cost less than an executor start.
    v_repeats := 0;
    FOREACH v_value IN ARRAY v_recent_intervals LOOP
      IF abs(v_value - v_interval) <= 3 THEN
        v_repeats := v_repeats + 1;
      END IF;
    END LOOP;
    IF v_repeats >= 2 THEN
      v_delta := v_delta + 10 * (v_repeats - 1);
      v_signals := v_signals || 'same_interval'::text;
    END IF;
  END IF;
  IF NOT (t->>'keyEvent')::boolean THEN
    v_position := hashtext((t->>'x') || ',' || (t->>'y'));
    v_repeats := cardinality(array_positions(v_recent_positions, v_position));
    IF v_repeats >= 2 THEN
      v_delta := v_delta + 10 * (v_repeats - 1);
      v_signals := v_signals || 'same_position'::text;
    END IF;
  END IF;

  -- What the server sees: the delay between the countdown's end and the claim, on the app's
  -- clock (none without a countdown). A person needs a few hundred milliseconds to see that
  -- Next is enabled and move to it; the tab saw the countdown end after the server did, so
  -- the delay it reports is shorter than the server's, never longer.
  IF v_delay IS NOT NULL THEN
    IF v_delay < 200 THEN
      v_delta := v_delta + 20;
      v_signals := v_signals || 'instant_claim'::text;
    END IF;
    IF (t->>'clickDelayMs')::double precision > v_delay + 300 THEN
      v_delta := v_delta + 20;
      v_signals := v_signals || 'delay_mismatch'::text;
    END IF;
    -- A metronome: the last delays (this one and at least 4 before) within a few tens of ms.
    IF cardinality(v_recent_delays) >= 4 THEN
      v_count := 1;
      v_sum := v_delay;
      v_squares := v_delay::double precision * v_delay;
      FOREACH v_value IN ARRAY v_recent_delays LOOP
        v_count := v_count + 1;
        v_sum := v_sum + v_value;
        v_squares := v_squares + v_value * v_value;
      END LOOP;
      -- The sample standard deviation, under 50 ms.
      IF (v_squares - v_sum * v_sum / v_count) / (v_count - 1) < 50 * 50 THEN
        v_delta := v_delta + 15;
        v_signals := v_signals || 'regular_delay'::text;
      END IF;
    END IF;
  END IF;

  -- Hours of surfing without a break of 15 minutes.
  IF v_last_claim_at > v_now - interval '15 minutes' AND v_streak_start < v_now - interval '3 hours' THEN
    v_delta := v_delta + 5;
    v_signals := v_signals || 'no_break'::text;
  END IF;

  -- Many accounts surfing from one address or one device (the browser's device cookie), checked
  -- at the first claim of a surf session only (30 minutes without a claim), from the member's
  -- latest session. Loopback and unknown addresses are not checked: they stand for a proxy that
  -- does not pass the client's address on, or for tests and benchmarks.
  IF v_last_claim_at IS NULL OR v_last_claim_at < v_now - interval '30 minutes' THEN
    SELECT count(DISTINCT s.user_id) FILTER (WHERE s.ip = me.ip AND me.ip NOT IN ('', '127.0.0.1', '::1', '::ffff:127.0.0.1')),
           count(DISTINCT s.user_id) FILTER (WHERE s.device = me.device AND me.device <> '')
      INTO v_same_address, v_same_device
      FROM (SELECT ip, device FROM sessions WHERE user_id = v_user AND revoked_at IS NULL ORDER BY last_seen_at DESC LIMIT 1) me
      JOIN sessions s ON s.ip = me.ip OR (s.device = me.device AND me.device <> '')
      JOIN users o ON o.id = s.user_id
     WHERE o.id <> v_user AND o.last_claim_at > v_now - interval '24 hours';
    IF v_same_address + 1 >= (p->>'accounts_per_address')::integer THEN
      v_delta := v_delta + 25;
      v_signals := v_signals || 'shared_address'::text;
    END IF;
    IF v_same_device + 1 >= (p->>'accounts_per_address')::integer THEN
      v_delta := v_delta + 25;
      v_signals := v_signals || 'shared_device'::text;
    END IF;
  END IF;

  -- A clean click lowers the score a little, so one odd click is forgiven over time.
  RETURN jsonb_build_object('delta', CASE WHEN v_delta = 0 THEN -5 ELSE v_delta END, 'signals', to_jsonb(v_signals));
END $fn$;
