-- notify_team_cache() -> trigger: every server process caches teams with their members and each
-- member's list of teams (MemberCache, server/src/sessions/member-cache.ts); this tells all of
-- them, on commit, to drop their copy, so a removal takes effect everywhere within milliseconds.
-- NOTIFY on channel member_cache: 't:<team id>' for a team or one of its memberships, and also
-- 'tm:<user id>' (the member's teams) for a membership. MemberCache.onNotify drops the entries.
-- No app code calls it. Fired by triggers (AFTER, FOR EACH ROW):
--   teams_member_cache: UPDATE OR DELETE ON teams;
--   team_members_member_cache: INSERT OR UPDATE OR DELETE ON team_members.
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
