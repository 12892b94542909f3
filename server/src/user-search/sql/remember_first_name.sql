-- remember_first_name() -> trigger: keeps member_first_names holding every first name a member
-- has, with its keys (name_keys), so the user search scores each distinct name once (a common
-- first name is shared by thousands of members) and then reads the members of the names that
-- match by the users_first_name btree, a page at a time. A name nobody has any more stays: it
-- matches no member, and the table stays as small as the number of names ever used.
-- Fired by the trigger users_first_name_remembered (AFTER INSERT OR UPDATE OF first_name ON users,
-- FOR EACH ROW). No app code calls it.
CREATE OR REPLACE FUNCTION remember_first_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_first_names (name, keys)
  VALUES (NEW.first_name, ARRAY(SELECT k.key FROM name_keys(NEW.first_name) AS k))
  ON CONFLICT (name) DO NOTHING;
  RETURN NULL;
END $$;
