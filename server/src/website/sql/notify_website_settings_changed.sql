CREATE OR REPLACE FUNCTION notify_website_settings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('website_settings_changed', '');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
