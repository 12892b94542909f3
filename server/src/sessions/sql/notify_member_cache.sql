-- notify_member_cache() -> trigger: every server process caches sessions, users, notification
-- summaries and announcement dismissals (MemberCache, server/src/sessions/member-cache.ts); this
-- tells all of them, on commit, which entry changed, whatever wrote the row. NOTIFY on channel
-- member_cache: 's:<hex token hash>' for a session, 'm:<user id>' for a member's user row,
-- notifications or dismissals; identical notifications of one transaction are delivered once.
-- MemberCache.onNotify drops the entry. No app code calls it.
-- Fired by triggers (AFTER, FOR EACH ROW):
--   sessions_member_cache: UPDATE OF revoked_at, expires_at OR DELETE ON sessions;
--   users_member_cache: UPDATE ON users, only when a column the cache holds changed (username,
--     first_name, email, role, image, email_confirmed_at, finished_get_started, needs_setup),
--     not credits or risk, which change on every view;
--   users_deleted_member_cache: DELETE ON users;
--   notifications_member_cache: INSERT OR UPDATE OR DELETE ON notifications;
--   announcement_dismissals_member_cache: INSERT OR DELETE ON announcement_dismissals.
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
