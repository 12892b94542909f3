-- block_partners(p_member integer) -> setof integer: the members blocked either way with p_member,
-- those p_member blocked and those who blocked p_member (none for NULL, a visitor). The one
-- definition of "blocked either way": feeds, post and comment reads, follower lists, search,
-- notifications, live pushes and the surf bar's pick all ask it (through
-- BlocksRepository's SQL fragments in blocks/blocks.repository.ts; surf_offer and
-- user_search_ranked directly).
-- A set-returning SQL function, STABLE and not STRICT, so PostgreSQL inlines it into the calling
-- query as two index probes, blocks_pkey (blocker_id, blocked_id) and blocks_blocked
-- (blocked_id, blocker_id), never a scan of the table: the app's fragment reads it once per
-- statement into an array (`x <> ALL (ARRAY(SELECT member_id FROM block_partners(v)))`), the surf
-- bar's pick as an anti join.
CREATE OR REPLACE FUNCTION block_partners(p_member integer) RETURNS TABLE (member_id integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT blocked_id FROM blocks WHERE blocker_id = p_member
  UNION ALL
  SELECT blocker_id FROM blocks WHERE blocked_id = p_member
$fn$;
