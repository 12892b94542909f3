-- notify_team_member_profile() -> trigger: every server process caches a team with its members'
-- usernames, first names and pictures (MemberCache, server/src/sessions/member-cache.ts). When a
-- member changes one of those, NOTIFY on channel member_cache 't:<team id>' for each of their
-- teams, so their teammates see the change as soon as the member does; MemberCache.onNotify
-- drops the team. No app code calls it. Fired by trigger users_team_cache: AFTER UPDATE ON users,
-- FOR EACH ROW, only when username, first_name or image changed.
CREATE OR REPLACE FUNCTION notify_team_member_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team record;
BEGIN
  FOR team IN SELECT team_id FROM team_members WHERE user_id = NEW.id LOOP
    PERFORM pg_notify('member_cache', 't:' || team.team_id);
  END LOOP;
  RETURN NULL;
END $$;
