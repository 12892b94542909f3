import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing for teams and reversals: a membership may belong to a team (its buyer stays in
 * `user_id`); an order can be charged back as well as refunded, keeps when that happened, the
 * provider's reference of the refund, and the credits a reversal could not take back.
 */
export class BillingReversals1795505100000 implements MigrationInterface {
  name = 'BillingReversals1795505100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memberships" ADD "team_id" integer`);
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "memberships_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE INDEX "memberships_team" ON "memberships" ("team_id", "ends_at") WHERE team_id IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "orders" ADD "reversed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "refund_ref" text`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "shortfall_credits" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check"`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK (state IN ('pending', 'paid', 'declined', 'expired', 'refunded', 'charged_back'))`,
    );
    await queryRunner.query(`CREATE INDEX "orders_shortfall" ON "orders" ("created_at") WHERE shortfall_credits > 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."orders_shortfall"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check"`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK (state IN ('pending', 'paid', 'declined', 'expired', 'refunded'))`,
    );
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "shortfall_credits"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "refund_ref"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "reversed_at"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "orders_team_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."memberships_team"`);
    await queryRunner.query(`ALTER TABLE "memberships" DROP CONSTRAINT "memberships_team_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "memberships" DROP COLUMN "team_id"`);
  }
}
