-- notify_announcements_changed() -> trigger: every server process keeps the active announcements
-- in memory; NOTIFY on channel announcements_changed (empty payload) tells all of them, on commit,
-- to reload, whatever wrote the rows. Heard by AnnouncementsService
-- (server/src/announcements/announcements.service.ts, its listener calls reload).
-- No app code calls it. Fired by trigger announcements_changed: AFTER INSERT OR UPDATE OR DELETE
-- ON announcements, FOR EACH STATEMENT.
CREATE OR REPLACE FUNCTION notify_announcements_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('announcements_changed', '');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
