CREATE OR REPLACE FUNCTION notify_team_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'teams' THEN
    PERFORM pg_notify('member_cache', 't:' || changed.id);
  ELSE
    PERFORM pg_notify('member_cache', 't:' || changed.team_id);
    PERFORM pg_notify('member_cache', 'tm:' || changed.user_id);
  END IF;
  RETURN NULL;
END $$;
