CREATE OR REPLACE FUNCTION surf_next(p jsonb) RETURNS json
LANGUAGE plpgsql AS $fn$
BEGIN
  -- The member's row lock serializes every next and claim of the member, the only writers of
  -- their tickets. NO KEY UPDATE, the strength of the UPDATEs to come: rows that merely reference
  -- the member (foreign key checks) are not held up.
  PERFORM 1 FROM users WHERE id = (p->>'user')::integer FOR NO KEY UPDATE;
  RETURN surf_offer(p || '{"replace": true}'::jsonb);
END $fn$;
