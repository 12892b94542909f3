import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referral commissions: a referrer's share of a referred member's paid order, one per order,
 * held (pending) until it matures, then credited, or taken back (clawed_back) by a reversal
 * before that. Indexed for the job that credits due ones and for the referrer's list.
 */
export class ReferralCommissions1795505700000 implements MigrationInterface {
  name = 'ReferralCommissions1795505700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"referral_commissions\" (\"id\" SERIAL NOT NULL, \"order_id\" uuid NOT NULL, \"referrer_id\" integer NOT NULL, \"referred_id\" integer NOT NULL, \"credits\" integer NOT NULL, \"state\" text NOT NULL DEFAULT 'pending', \"matures_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"credited_at\" TIMESTAMP WITH TIME ZONE, \"clawed_back_at\" TIMESTAMP WITH TIME ZONE, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"referral_commissions_order_id_key\" UNIQUE (\"order_id\"), CONSTRAINT \"referral_commissions_state_check\" CHECK (state IN ('pending', 'credited', 'clawed_back')), CONSTRAINT \"referral_commissions_credits_check\" CHECK (credits > 0), CONSTRAINT \"referral_commissions_pkey\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"referral_commissions_referrer\" ON \"referral_commissions\"  (\"referrer_id\", \"created_at\") ");
    await queryRunner.query("CREATE INDEX \"referral_commissions_due\" ON \"referral_commissions\"  (\"state\", \"matures_at\") ");
    await queryRunner.query("ALTER TABLE \"referral_commissions\" ADD CONSTRAINT \"referral_commissions_order_id_fkey\" FOREIGN KEY (\"order_id\") REFERENCES \"orders\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"referral_commissions\" ADD CONSTRAINT \"referral_commissions_referrer_id_fkey\" FOREIGN KEY (\"referrer_id\") REFERENCES \"users\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"referral_commissions\" ADD CONSTRAINT \"referral_commissions_referred_id_fkey\" FOREIGN KEY (\"referred_id\") REFERENCES \"users\"(\"id\") ON DELETE NO ACTION ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"referral_commissions\" DROP CONSTRAINT \"referral_commissions_referred_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"referral_commissions\" DROP CONSTRAINT \"referral_commissions_referrer_id_fkey\"");
    await queryRunner.query("ALTER TABLE \"referral_commissions\" DROP CONSTRAINT \"referral_commissions_order_id_fkey\"");
    await queryRunner.query("DROP INDEX \"public\".\"referral_commissions_due\"");
    await queryRunner.query("DROP INDEX \"public\".\"referral_commissions_referrer\"");
    await queryRunner.query("DROP TABLE \"referral_commissions\"");
  }
}
