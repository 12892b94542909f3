-- name_keys(name text) -> (term, key, exact): the keys the user search looks a name up by, for
-- the query and for every username alike (index_member_name_keys keeps the usernames' keys in
-- member_name_keys). Terms: 0 is the whole name in lower case; 1, 2, … its words (runs of letters,
-- three or more) when it has more than one. A term's keys: the term itself (exact) and, when it
-- has four characters or more, each string with one of its characters left out; the whole name
-- of several words has only itself, its words carry the slips. Two terms one slip apart (a letter
-- dropped, added, doubled, replaced, or two swapped) share a key, so a misspelt name is found by
-- btree equality, not by rechecking every name that looks a little alike.
-- PL/pgSQL, so that PostgreSQL plans with its ROWS (a name has a few dozen keys) rather than
-- guessing a hundred thousand. A key may come twice (a doubled letter left out either way).
CREATE OR REPLACE FUNCTION name_keys(name text) RETURNS TABLE (term smallint, key text, exact boolean)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 40 AS $$
DECLARE
  whole constant text := lower(name);
  words constant text[] := ARRAY(
    SELECT w FROM regexp_split_to_table(whole, '[^[:alpha:]]+') AS w WHERE length(w) >= 3);
  terms constant text[] := ARRAY[whole] || words;
  t text;
  n integer;
  i integer;
BEGIN
  FOR n IN 1 .. cardinality(terms) LOOP
    t := terms[n];
    CONTINUE WHEN n > 1 AND t = whole;
    term := n - 1;
    key := t;
    exact := true;
    RETURN NEXT;
    -- A whole name of several words leaves the slips to its words.
    CONTINUE WHEN length(t) < 4 OR (n = 1 AND cardinality(words) > 1);
    exact := false;
    FOR i IN 1 .. length(t) LOOP
      key := left(t, i - 1) || substr(t, i + 1);
      RETURN NEXT;
    END LOOP;
  END LOOP;
END $$;
