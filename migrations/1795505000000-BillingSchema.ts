import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing: credit packs and membership levels for sale (prices in minor units with a currency,
 * seeded with defaults admins can edit), orders paid through a payment provider (the provider's
 * reference unique per provider), and memberships, one row per paid period.
 */
export class BillingSchema1795505000000 implements MigrationInterface {
  name = 'BillingSchema1795505000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"credit_packs\" (\"id\" SERIAL NOT NULL, \"name\" text NOT NULL, \"credits\" integer NOT NULL, \"price_minor\" integer NOT NULL, \"currency\" text NOT NULL, \"active\" boolean NOT NULL DEFAULT true, \"position\" integer NOT NULL DEFAULT '0', CONSTRAINT \"credit_packs_price_check\" CHECK (price_minor > 0), CONSTRAINT \"credit_packs_credits_check\" CHECK (credits > 0), CONSTRAINT \"credit_packs_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE TABLE \"membership_levels\" (\"id\" SERIAL NOT NULL, \"name\" text NOT NULL, \"credits_per_view\" integer NOT NULL, \"surf_timer_seconds\" integer NOT NULL, \"daily_cap\" integer NOT NULL, \"active_campaigns\" integer NOT NULL, \"monthly_credits\" integer NOT NULL, \"period_days\" integer NOT NULL, \"price_minor\" integer NOT NULL, \"currency\" text NOT NULL, \"active\" boolean NOT NULL DEFAULT true, \"position\" integer NOT NULL DEFAULT '0', CONSTRAINT \"membership_levels_period_check\" CHECK (period_days > 0), CONSTRAINT \"membership_levels_price_check\" CHECK (price_minor > 0), CONSTRAINT \"membership_levels_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE TABLE \"orders\" (\"id\" uuid NOT NULL DEFAULT gen_random_uuid(), \"user_id\" integer NOT NULL, \"team_id\" integer, \"kind\" text NOT NULL, \"pack_id\" integer, \"level_id\" integer, \"item_name\" text NOT NULL, \"credits\" integer NOT NULL, \"amount_minor\" integer NOT NULL, \"currency\" text NOT NULL, \"state\" text NOT NULL DEFAULT 'pending', \"provider\" text NOT NULL, \"provider_ref\" text, \"provider_text\" text, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"settled_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"orders_provider_ref_key\" UNIQUE (\"provider\", \"provider_ref\"), CONSTRAINT \"orders_amount_check\" CHECK (amount_minor > 0), CONSTRAINT \"orders_state_check\" CHECK (state IN ('pending', 'paid', 'declined', 'expired', 'refunded')), CONSTRAINT \"orders_kind_check\" CHECK ((kind = 'pack' AND pack_id IS NOT NULL) OR (kind = 'level' AND level_id IS NOT NULL)), CONSTRAINT \"orders_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"orders_pending\" ON \"orders\"  (\"expires_at\") WHERE state = 'pending'");
    await queryRunner.query("CREATE INDEX \"orders_user\" ON \"orders\"  (\"user_id\", \"created_at\") ");
    await queryRunner.query("CREATE TABLE \"memberships\" (\"id\" SERIAL NOT NULL, \"user_id\" integer NOT NULL, \"level_id\" integer NOT NULL, \"order_id\" uuid NOT NULL, \"starts_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"ends_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"memberships_order_id_key\" UNIQUE (\"order_id\"), CONSTRAINT \"memberships_period_check\" CHECK (ends_at > starts_at), CONSTRAINT \"memberships_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"memberships_user\" ON \"memberships\"  (\"user_id\", \"ends_at\") ");
    await queryRunner.query("ALTER TABLE \"orders\" ADD CONSTRAINT \"orders_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"orders\" ADD CONSTRAINT \"orders_pack_id_fkey\" FOREIGN KEY (\"pack_id\") REFERENCES \"credit_packs\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"orders\" ADD CONSTRAINT \"orders_level_id_fkey\" FOREIGN KEY (\"level_id\") REFERENCES \"membership_levels\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"memberships\" ADD CONSTRAINT \"memberships_user_id_fkey\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"memberships\" ADD CONSTRAINT \"memberships_level_id_fkey\" FOREIGN KEY (\"level_id\") REFERENCES \"membership_levels\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"memberships\" ADD CONSTRAINT \"memberships_order_id_fkey\" FOREIGN KEY (\"order_id\") REFERENCES \"orders\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query(`
      INSERT INTO credit_packs (name, credits, price_minor, currency, position) VALUES
        ('Starter', 1000, 500, 'USD', 1),
        ('Plus', 2500, 1000, 'USD', 2),
        ('Pro', 7500, 2500, 'USD', 3),
        ('Mega', 20000, 5000, 'USD', 4)`);
    await queryRunner.query(`
      INSERT INTO membership_levels
        (name, credits_per_view, surf_timer_seconds, daily_cap, active_campaigns, monthly_credits, period_days, price_minor, currency, position)
      VALUES
        ('Silver', 2, 12, 1000, 10, 1000, 30, 700, 'USD', 1),
        ('Gold', 3, 10, 2000, 25, 3000, 30, 1500, 'USD', 2),
        ('Platinum', 4, 8, 4000, 100, 8000, 30, 3000, 'USD', 3)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"memberships\" DROP CONSTRAINT \"memberships_order_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"memberships\" DROP CONSTRAINT \"memberships_level_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"memberships\" DROP CONSTRAINT \"memberships_user_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"orders\" DROP CONSTRAINT \"orders_level_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"orders\" DROP CONSTRAINT \"orders_pack_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"orders\" DROP CONSTRAINT \"orders_user_id_fkey\"");
    await queryRunner.query("DROP INDEX \"public\".\"memberships_user\"");
    await queryRunner.query("DROP TABLE \"memberships\"");
    await queryRunner.query("DROP INDEX \"public\".\"orders_user\"");
    await queryRunner.query("DROP INDEX \"public\".\"orders_pending\"");
    await queryRunner.query("DROP TABLE \"orders\"");
    await queryRunner.query("DROP TABLE \"membership_levels\"");
    await queryRunner.query("DROP TABLE \"credit_packs\"");
  }
}
