-- index_member_name_keys() -> trigger: keeps member_name_keys holding the keys of each set-up
-- member's username (name_keys), which the user search looks a misspelt name up by. A member
-- still setting up their account has none, so the search never reads them.
-- Fired by the trigger users_name_keys (AFTER INSERT OR UPDATE OF username, needs_setup ON users,
-- FOR EACH ROW). No app code calls it.
CREATE OR REPLACE FUNCTION index_member_name_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM member_name_keys WHERE user_id = NEW.id;
  END IF;
  IF NOT NEW.needs_setup THEN
    INSERT INTO member_name_keys (key, user_id, exact)
    SELECT DISTINCT k.key, NEW.id, k.exact FROM name_keys(NEW.username) AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
