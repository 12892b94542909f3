import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The social network around the posts: follows (members and tags), bookmarks, groups with their
 * members and invite codes (posts may belong to a group), comments with one level of replies,
 * feels on posts and comments, blocks and reports; pg_trgm for the typo-tolerant user search.
 */
export class SocialSchema1795496054321 implements MigrationInterface {
  name = 'SocialSchema1795496054321';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A trusted extension: the database's owner may create it.
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await queryRunner.query('CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX "posts_tags" ON "posts" USING gin ("tags") WHERE deleted_at IS NULL');
    await queryRunner.query("CREATE TABLE \"blocks\" (\"blocker_id\" integer NOT NULL, \"blocked_id\" integer NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"blocks_pkey\" PRIMARY KEY (\"blocker_id\", \"blocked_id\"))");
    await queryRunner.query("CREATE INDEX \"blocks_blocked\" ON \"blocks\"  (\"blocked_id\", \"blocker_id\") ");
    await queryRunner.query("CREATE TABLE \"groups\" (\"id\" SERIAL NOT NULL, \"slug\" text NOT NULL, \"name\" text NOT NULL, \"description\" text NOT NULL DEFAULT '', \"image_id\" uuid, \"visibility\" text NOT NULL DEFAULT 'public', \"created_by\" integer NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"groups_slug_key\" UNIQUE (\"slug\"), CONSTRAINT \"groups_visibility_check\" CHECK (visibility IN ('public', 'private')), CONSTRAINT \"groups_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE TABLE \"bookmarks\" (\"user_id\" integer NOT NULL, \"post_id\" integer NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"bookmarks_pkey\" PRIMARY KEY (\"user_id\", \"post_id\"))");
    await queryRunner.query("CREATE INDEX \"bookmarks_user_recent\" ON \"bookmarks\"  (\"user_id\", \"created_at\") ");
    await queryRunner.query("CREATE TABLE \"comments\" (\"id\" BIGSERIAL NOT NULL, \"post_id\" integer NOT NULL, \"user_id\" integer NOT NULL, \"parent_id\" bigint, \"text\" text NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"edited_at\" TIMESTAMP WITH TIME ZONE, \"deleted_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"comments_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"comments_parent\" ON \"comments\"  (\"parent_id\", \"id\") WHERE parent_id IS NOT NULL");
    await queryRunner.query("CREATE INDEX \"comments_post\" ON \"comments\"  (\"post_id\", \"id\") ");
    await queryRunner.query("CREATE TABLE \"comment_feels\" (\"comment_id\" bigint NOT NULL, \"user_id\" integer NOT NULL, \"kind\" text NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"comment_feels_kind_check\" CHECK (kind IN ('like', 'love', 'haha', 'wow', 'sad', 'angry')), CONSTRAINT \"comment_feels_pkey\" PRIMARY KEY (\"comment_id\", \"user_id\"))");
    await queryRunner.query("CREATE INDEX \"comment_feels_user\" ON \"comment_feels\"  (\"user_id\") ");
    await queryRunner.query("CREATE TABLE \"post_feels\" (\"post_id\" integer NOT NULL, \"user_id\" integer NOT NULL, \"kind\" text NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"post_feels_kind_check\" CHECK (kind IN ('like', 'love', 'haha', 'wow', 'sad', 'angry')), CONSTRAINT \"post_feels_pkey\" PRIMARY KEY (\"post_id\", \"user_id\"))");
    await queryRunner.query("CREATE INDEX \"post_feels_user\" ON \"post_feels\"  (\"user_id\") ");
    await queryRunner.query("CREATE TABLE \"follows\" (\"follower_id\" integer NOT NULL, \"followee_id\" integer NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"follows_pkey\" PRIMARY KEY (\"follower_id\", \"followee_id\"))");
    await queryRunner.query("CREATE INDEX \"follows_followee\" ON \"follows\"  (\"followee_id\", \"follower_id\") ");
    await queryRunner.query("CREATE TABLE \"group_invites\" (\"id\" SERIAL NOT NULL, \"group_id\" integer NOT NULL, \"code\" text NOT NULL, \"created_by\" integer NOT NULL, \"expires_at\" TIMESTAMP WITH TIME ZONE, \"max_uses\" integer, \"uses\" integer NOT NULL DEFAULT '0', \"revoked_at\" TIMESTAMP WITH TIME ZONE, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"group_invites_code_key\" UNIQUE (\"code\"), CONSTRAINT \"group_invites_uses_check\" CHECK (uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)), CONSTRAINT \"group_invites_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"group_invites_group\" ON \"group_invites\"  (\"group_id\") ");
    await queryRunner.query("CREATE TABLE \"group_members\" (\"group_id\" integer NOT NULL, \"user_id\" integer NOT NULL, \"role\" text NOT NULL DEFAULT 'member', \"status\" text NOT NULL DEFAULT 'active', \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"group_members_status_check\" CHECK (status IN ('active', 'requested', 'banned')), CONSTRAINT \"group_members_role_check\" CHECK (role IN ('owner', 'moderator', 'member')), CONSTRAINT \"group_members_pkey\" PRIMARY KEY (\"group_id\", \"user_id\"))");
    await queryRunner.query("CREATE INDEX \"group_members_user\" ON \"group_members\"  (\"user_id\", \"group_id\") WHERE status = 'active'");
    await queryRunner.query("CREATE TABLE \"reports\" (\"id\" BIGSERIAL NOT NULL, \"reporter_id\" integer NOT NULL, \"post_id\" integer, \"comment_id\" bigint, \"reason\" text NOT NULL DEFAULT '', \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"resolved_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"reports_check\" CHECK ((post_id IS NULL) <> (comment_id IS NULL)), CONSTRAINT \"reports_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"reports_open\" ON \"reports\"  (\"created_at\") WHERE resolved_at IS NULL");
    await queryRunner.query("CREATE TABLE \"tag_follows\" (\"user_id\" integer NOT NULL, \"tag\" text NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"tag_follows_pkey\" PRIMARY KEY (\"user_id\", \"tag\"))");
    await queryRunner.query("CREATE INDEX \"tag_follows_tag\" ON \"tag_follows\"  (\"tag\") ");
    await queryRunner.query("ALTER TABLE \"posts\" ADD \"group_id\" integer");
    await queryRunner.query("CREATE INDEX \"posts_group\" ON \"posts\"  (\"group_id\", \"id\") WHERE group_id IS NOT NULL AND deleted_at IS NULL");
    await queryRunner.query("ALTER TABLE \"blocks\" ADD CONSTRAINT \"blocks_blocker_id_fkey\" FOREIGN KEY (\"blocker_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"blocks\" ADD CONSTRAINT \"blocks_blocked_id_fkey\" FOREIGN KEY (\"blocked_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"groups\" ADD CONSTRAINT \"groups_image_id_fkey\" FOREIGN KEY (\"image_id\") REFERENCES \"media\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"groups\" ADD CONSTRAINT \"groups_created_by_fkey\" FOREIGN KEY (\"created_by\") REFERENCES \"users\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"posts\" ADD CONSTRAINT \"posts_group_id_fkey\" FOREIGN KEY (\"group_id\") REFERENCES \"groups\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"bookmarks\" ADD CONSTRAINT \"bookmarks_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"bookmarks\" ADD CONSTRAINT \"bookmarks_post_id_fkey\" FOREIGN KEY (\"post_id\") REFERENCES \"posts\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"comments\" ADD CONSTRAINT \"comments_post_id_fkey\" FOREIGN KEY (\"post_id\") REFERENCES \"posts\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"comments\" ADD CONSTRAINT \"comments_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"comments\" ADD CONSTRAINT \"comments_parent_id_fkey\" FOREIGN KEY (\"parent_id\") REFERENCES \"comments\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"comment_feels\" ADD CONSTRAINT \"comment_feels_comment_id_fkey\" FOREIGN KEY (\"comment_id\") REFERENCES \"comments\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"comment_feels\" ADD CONSTRAINT \"comment_feels_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"post_feels\" ADD CONSTRAINT \"post_feels_post_id_fkey\" FOREIGN KEY (\"post_id\") REFERENCES \"posts\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"post_feels\" ADD CONSTRAINT \"post_feels_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"follows\" ADD CONSTRAINT \"follows_follower_id_fkey\" FOREIGN KEY (\"follower_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"follows\" ADD CONSTRAINT \"follows_followee_id_fkey\" FOREIGN KEY (\"followee_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"group_invites\" ADD CONSTRAINT \"group_invites_group_id_fkey\" FOREIGN KEY (\"group_id\") REFERENCES \"groups\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"group_invites\" ADD CONSTRAINT \"group_invites_created_by_fkey\" FOREIGN KEY (\"created_by\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"group_members\" ADD CONSTRAINT \"group_members_group_id_fkey\" FOREIGN KEY (\"group_id\") REFERENCES \"groups\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"group_members\" ADD CONSTRAINT \"group_members_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"reports\" ADD CONSTRAINT \"reports_reporter_id_fkey\" FOREIGN KEY (\"reporter_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"reports\" ADD CONSTRAINT \"reports_post_id_fkey\" FOREIGN KEY (\"post_id\") REFERENCES \"posts\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"reports\" ADD CONSTRAINT \"reports_comment_id_fkey\" FOREIGN KEY (\"comment_id\") REFERENCES \"comments\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"tag_follows\" ADD CONSTRAINT \"tag_follows_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"tag_follows\" DROP CONSTRAINT \"tag_follows_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"reports\" DROP CONSTRAINT \"reports_comment_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"reports\" DROP CONSTRAINT \"reports_post_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"reports\" DROP CONSTRAINT \"reports_reporter_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"group_members\" DROP CONSTRAINT \"group_members_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"group_members\" DROP CONSTRAINT \"group_members_group_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"group_invites\" DROP CONSTRAINT \"group_invites_created_by_fkey\"");
    await queryRunner.query("ALTER TABLE \"group_invites\" DROP CONSTRAINT \"group_invites_group_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"follows\" DROP CONSTRAINT \"follows_followee_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"follows\" DROP CONSTRAINT \"follows_follower_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"post_feels\" DROP CONSTRAINT \"post_feels_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"post_feels\" DROP CONSTRAINT \"post_feels_post_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"comment_feels\" DROP CONSTRAINT \"comment_feels_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"comment_feels\" DROP CONSTRAINT \"comment_feels_comment_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"comments\" DROP CONSTRAINT \"comments_parent_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"comments\" DROP CONSTRAINT \"comments_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"comments\" DROP CONSTRAINT \"comments_post_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"bookmarks\" DROP CONSTRAINT \"bookmarks_post_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"bookmarks\" DROP CONSTRAINT \"bookmarks_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"posts\" DROP CONSTRAINT \"posts_group_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"groups\" DROP CONSTRAINT \"groups_created_by_fkey\"");
    await queryRunner.query("ALTER TABLE \"groups\" DROP CONSTRAINT \"groups_image_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"blocks\" DROP CONSTRAINT \"blocks_blocked_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"blocks\" DROP CONSTRAINT \"blocks_blocker_id_fkey\"");
    await queryRunner.query("DROP INDEX \"public\".\"posts_group\"");
    await queryRunner.query("ALTER TABLE \"posts\" DROP COLUMN \"group_id\"");
    await queryRunner.query("DROP INDEX \"public\".\"tag_follows_tag\"");
    await queryRunner.query("DROP TABLE \"tag_follows\"");
    await queryRunner.query("DROP INDEX \"public\".\"reports_open\"");
    await queryRunner.query("DROP TABLE \"reports\"");
    await queryRunner.query("DROP INDEX \"public\".\"group_members_user\"");
    await queryRunner.query("DROP TABLE \"group_members\"");
    await queryRunner.query("DROP INDEX \"public\".\"group_invites_group\"");
    await queryRunner.query("DROP TABLE \"group_invites\"");
    await queryRunner.query("DROP INDEX \"public\".\"follows_followee\"");
    await queryRunner.query("DROP TABLE \"follows\"");
    await queryRunner.query("DROP INDEX \"public\".\"post_feels_user\"");
    await queryRunner.query("DROP TABLE \"post_feels\"");
    await queryRunner.query("DROP INDEX \"public\".\"comment_feels_user\"");
    await queryRunner.query("DROP TABLE \"comment_feels\"");
    await queryRunner.query("DROP INDEX \"public\".\"comments_post\"");
    await queryRunner.query("DROP INDEX \"public\".\"comments_parent\"");
    await queryRunner.query("DROP TABLE \"comments\"");
    await queryRunner.query("DROP INDEX \"public\".\"bookmarks_user_recent\"");
    await queryRunner.query("DROP TABLE \"bookmarks\"");
    await queryRunner.query("DROP TABLE \"groups\"");
    await queryRunner.query("DROP INDEX \"public\".\"blocks_blocked\"");
    await queryRunner.query("DROP TABLE \"blocks\"");
    await queryRunner.query('DROP INDEX "posts_tags"');
    await queryRunner.query('DROP INDEX "users_first_name_trgm"');
    await queryRunner.query('DROP INDEX "users_username_trgm"');
  }
}
