-- index_post_tags() -> trigger: keeps post_tags holding one row per tag of each post, so a
-- followed tag's newest posts are a backward walk of post_tags' primary key (tag, post_id), as a
-- followed member's are of posts_user; the GIN index over posts.tags can only hand over every
-- post with the tag, unordered. A deleted post keeps its rows (readers skip deleted posts, as
-- they do in posts); a post removed from the table takes them along (ON DELETE CASCADE).
-- Fired by the trigger posts_tags_indexed (AFTER INSERT OR UPDATE OF tags ON posts, FOR EACH ROW).
-- No app code calls it.
CREATE OR REPLACE FUNCTION index_post_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM post_tags WHERE post_id = NEW.id AND tag <> ALL (NEW.tags);
  END IF;
  INSERT INTO post_tags (tag, post_id) SELECT DISTINCT tag, NEW.id FROM unnest(NEW.tags) AS tag
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
