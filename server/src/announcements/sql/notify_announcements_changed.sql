CREATE OR REPLACE FUNCTION notify_announcements_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('announcements_changed', '');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
