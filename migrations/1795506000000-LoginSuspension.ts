import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An admin can suspend an account's login: login refuses it and no session can be started. */
export class LoginSuspension1795506000000 implements MigrationInterface {
  name = 'LoginSuspension1795506000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN login_suspended boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN login_suspended`);
  }
}
