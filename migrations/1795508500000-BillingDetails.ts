import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a member may have printed on their receipts as the buyer: a company, an address and a VAT id. */
export class BillingDetails1795508500000 implements MigrationInterface {
  name = 'BillingDetails1795508500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE users ADD COLUMN billing_company text, ADD COLUMN billing_address text, ADD COLUMN billing_vat_id text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN billing_company, DROP COLUMN billing_address, DROP COLUMN billing_vat_id`);
  }
}
