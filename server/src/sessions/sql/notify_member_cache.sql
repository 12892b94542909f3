CREATE OR REPLACE FUNCTION notify_member_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('member_cache', 's:' || encode(changed.token_hash, 'hex'));
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('member_cache', 'm:' || changed.id);
  ELSE
    PERFORM pg_notify('member_cache', 'm:' || changed.user_id);
  END IF;
  RETURN NULL;
END $$;
