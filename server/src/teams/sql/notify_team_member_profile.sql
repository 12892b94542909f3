CREATE OR REPLACE FUNCTION notify_team_member_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team record;
BEGIN
  FOR team IN SELECT team_id FROM team_members WHERE user_id = NEW.id LOOP
    PERFORM pg_notify('member_cache', 't:' || team.team_id);
  END LOOP;
  RETURN NULL;
END $$;
