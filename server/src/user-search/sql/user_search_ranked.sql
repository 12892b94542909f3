-- user_search_ranked(p_query, p_viewer, p_like, p_limit, p_offset, p_start, p_end) -> (id, score):
-- one page of the members found by a name, best first (score, then the oldest account). Called by
-- UserSearchRepository.search (user-search/user-search.repository.ts → USER_SEARCH), which reads
-- their cards. p_like is the query as a LIKE prefix; [p_start, p_end) the lower case usernames
-- starting with it (both NULL when the query holds characters no username has). Scores, the best of:
-- - the username itself (case-insensitive): 100; a username starting with the query: 50 (the
--   users_username_lower btree, as a range);
-- - keys shared with a term of the username (its whole name or a word: name_term_keys leads from a
--   key to the terms that have it, member_name_terms from a term to its members, both kept by a
--   trigger from name_keys): per term of the query, its best match, summed: the whole query 10
--   (the same) or 8 (one slip apart), each of its words 3 or 2. So `elias_wlarus` ranks `elias_walrus` (5: both words) above every
--   other `elias_…` (3) and `…_walrus` (2). Two kinds of member can make the page: those holding
--   terms matched by two of the query's terms, found by intersecting member_term_sets' GIN index
--   (its lists, not its members, are read), and a page of each matched term's members in id order
--   (a member matching one term of the query scores that term's best, and a tie goes to the oldest
--   account, so the rest of that term's members rank below a page of others). Each candidate is
--   scored from their one row of terms in member_term_sets, so a common word's thousands of
--   members are never read one by one;
-- - a first name like the query: 4 × its trigram similarity, found among the distinct first names
--   (member_first_names: by the `%` operator, whose threshold every connection sets, see
--   trigram-threshold.ts, or by a shared key); the members of a matching name are read in id order
--   by the users_first_name btree, no more than the page needs, as they share its score.
-- Every match is an index lookup: nothing rechecks the thousands of names that share a few letters
-- with the query. Only a page's worth of each source's best goes on to be merged with the others:
-- a member a source ranks below a page of others ranks below them in the end too (a member's score
-- is their best source's), so the merge stays small when a common word or a short prefix matches
-- thousands of members. Members not set up yet and members blocked either way with the viewer are left
-- out. Its statement always runs on its generic plan, made once per connection: left to choose,
-- PostgreSQL planned it anew on every search, and the planning cost about a fifth of a search
-- (docs/performance.md). Sequential scans are off inside it: every read here is meant as an index
-- lookup, and a plan made while a table was nearly empty (a new database) would otherwise scan that
-- table for as long as the connection lives, reading every member's terms on each search.
CREATE OR REPLACE FUNCTION user_search_ranked(
  p_query text, p_viewer integer, p_like text, p_limit integer, p_offset integer, p_start text, p_end text
) RETURNS TABLE (id integer, score double precision)
LANGUAGE plpgsql STABLE ROWS 20 SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $fn$
#variable_conflict use_column
DECLARE
  v_blocked constant integer[] := ARRAY(SELECT member_id FROM block_partners(p_viewer));
  v_terms smallint[];
  v_keys text[];
  v_exact boolean[];
BEGIN
  SELECT array_agg(k.term), array_agg(k.key), array_agg(k.exact) INTO v_terms, v_keys, v_exact
    FROM name_keys(p_query) k;
  RETURN QUERY
  WITH matched AS (
    SELECT q.term AS query_term, tk.term,
           max(CASE WHEN q.term = 0 THEN CASE WHEN q.exact AND tk.exact THEN 10 ELSE 8 END
                    ELSE CASE WHEN q.exact AND tk.exact THEN 3 ELSE 2 END END) AS best
      FROM unnest(v_terms, v_keys, v_exact) AS q(term, key, exact)
      CROSS JOIN LATERAL (
        SELECT term, exact FROM name_term_keys WHERE key = q.key
        OFFSET 0) tk
     GROUP BY q.term, tk.term
  ), matched_by_query_term AS (
    SELECT query_term, array_agg(term) AS terms FROM matched GROUP BY query_term
  ), candidates AS (
    SELECT m.user_id FROM matched CROSS JOIN LATERAL (
      SELECT user_id FROM member_name_terms
       WHERE member_name_terms.term = matched.term AND user_id <> ALL (v_blocked)
       ORDER BY user_id LIMIT p_limit + p_offset) m
    UNION
    SELECT held.user_id
      FROM matched_by_query_term a JOIN matched_by_query_term b ON a.query_term < b.query_term
      CROSS JOIN LATERAL (
        SELECT user_id FROM member_term_sets
         WHERE terms && a.terms AND terms && b.terms AND user_id <> ALL (v_blocked)) held
  ), by_keys AS (
    SELECT candidates.user_id AS id,
           (SELECT sum(best) FROM (
              SELECT max(matched.best) AS best FROM matched
               WHERE matched.term = ANY (sets.terms) GROUP BY matched.query_term) per_query_term) AS score
      FROM candidates CROSS JOIN LATERAL (
        SELECT terms FROM member_term_sets WHERE member_term_sets.user_id = candidates.user_id
        OFFSET 0) sets
     ORDER BY score DESC, id LIMIT p_limit + p_offset
  ), matches AS (
    SELECT by_keys.id, by_keys.score::double precision AS score FROM by_keys
    UNION ALL
    (SELECT users.id, CASE WHEN lower(username) = lower(p_query) THEN 100 ELSE 50 END::double precision AS score
      FROM users
     WHERE lower(username) >= p_start AND lower(username) < p_end AND username ILIKE p_like AND NOT needs_setup
       AND users.id <> ALL (v_blocked)
     ORDER BY score DESC, users.id LIMIT p_limit + p_offset)
    UNION ALL
    SELECT named.id, 4 * n.similarity
      FROM (SELECT name, similarity(name, p_query) FROM member_first_names
             WHERE name % p_query OR keys && v_keys) n
      CROSS JOIN LATERAL (
        SELECT users.id FROM users
         WHERE first_name = n.name AND NOT needs_setup AND users.id <> ALL (v_blocked)
         ORDER BY users.id LIMIT p_limit + p_offset) named
  )
  SELECT matches.id, max(matches.score) AS score FROM matches
   GROUP BY matches.id ORDER BY score DESC, matches.id LIMIT p_limit OFFSET p_offset;
END
$fn$;
