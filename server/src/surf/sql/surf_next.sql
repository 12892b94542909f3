-- surf_next(p jsonb) -> json: the surf bar's Next without a claim (the first post of a session,
-- a new tab). Takes the member's row lock, FOR NO KEY UPDATE (the lock surf_claim takes first, so
-- a member's nexts and claims run one after the other and rows that merely reference the member
-- are not held up), then answers surf_offer with replace: the member's open ticket is replaced.
-- Called by SurfRepository.next (server/src/surf/surf.repository.ts, a named prepared
-- statement) for SurfService.next (POST /data/surf/next in surf.controller.ts).
-- Input: SurfOfferParams (surf.repository.ts). Answer: surf_offer's, typed OfferRow.
CREATE OR REPLACE FUNCTION surf_next(p jsonb) RETURNS json
LANGUAGE plpgsql AS $fn$
BEGIN
  -- The member's row lock serializes every next and claim of the member, the only writers of
  -- their tickets. NO KEY UPDATE, the strength of the UPDATEs to come: rows that merely reference
  -- the member (foreign key checks) are not held up.
  PERFORM 1 FROM users WHERE id = (p->>'user')::integer FOR NO KEY UPDATE;
  RETURN surf_offer(p || '{"replace": true}'::jsonb);
END $fn$;
