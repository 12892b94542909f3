-- index_member_name_keys() -> trigger: keeps the user search's index of usernames. A set-up
-- member's username is cut into its terms (the whole name and each of its words: name_keys' exact
-- keys), one row each in member_name_terms; every term, however many members share it, has its
-- own keys once in name_term_keys (name_keys of the term as a whole name). So a misspelt word
-- meets the few terms one slip from it, and their members are read once per term, not once per
-- shared key: `elias` has six keys, and thousands of usernames hold the word. A term nobody has
-- any more keeps its keys: it leads to no member, and the table stays as small as the number of
-- terms ever used. The same terms go, as one array, into member_term_sets, whose GIN index finds
-- the members holding two words of a query at once. A member still setting up their account has
-- no terms, so the search never reads them. A username is cut into its terms once; new keys go in
-- in key order, so two signups sharing new terms wait for each other rather than deadlock.
-- Fired by the trigger users_name_keys (AFTER INSERT OR UPDATE OF username, needs_setup ON users,
-- FOR EACH ROW). No app code calls it.
CREATE OR REPLACE FUNCTION index_member_name_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_terms text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM member_name_terms WHERE user_id = NEW.id;
    DELETE FROM member_term_sets WHERE user_id = NEW.id;
  END IF;
  IF NOT NEW.needs_setup THEN
    v_terms := ARRAY(SELECT DISTINCT t.key FROM name_keys(NEW.username) AS t WHERE t.exact ORDER BY 1);
    INSERT INTO name_term_keys (key, term, exact)
    SELECT DISTINCT k.key, t.term, k.exact
      FROM unnest(v_terms) AS t(term) CROSS JOIN LATERAL name_keys(t.term) AS k
     WHERE k.term = 0
     ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING;
    INSERT INTO member_name_terms (term, user_id)
    SELECT t.term, NEW.id FROM unnest(v_terms) AS t(term)
    ON CONFLICT DO NOTHING;
    IF cardinality(v_terms) > 0 THEN
      INSERT INTO member_term_sets (user_id, terms) VALUES (NEW.id, v_terms);
    END IF;
  END IF;
  RETURN NULL;
END $$;
