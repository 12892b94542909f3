-- notify_website_settings_changed() -> trigger: every server process keeps the website settings
-- (name, sign-ups, maintenance, the surf rules, ...) in memory; NOTIFY on channel
-- website_settings_changed (empty payload) tells all of them, on commit, to reload, whatever
-- wrote the row. Heard by WebsiteSettingsService (server/src/website/website-settings.service.ts,
-- its listener calls reload).
-- No app code calls it. Fired by trigger website_settings_changed: AFTER INSERT OR UPDATE OR
-- DELETE ON website_settings, FOR EACH STATEMENT.
CREATE OR REPLACE FUNCTION notify_website_settings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('website_settings_changed', '');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
