import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cookie-consent country lists become website settings, seeded with the lists the site has
 * always used: the countries with a cookie law, those where a visitor may revoke an answer, and
 * those where only an explicit "Allow" is consent. The seed is a one-off value, not a column
 * default: a changed list is changed in the row.
 */
export class ConsentCountries1795505800000 implements MigrationInterface {
  name = 'ConsentCountries1795505800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE website_settings
        ADD COLUMN cookie_law_countries text[] NOT NULL DEFAULT ARRAY[
          'AT', 'BE', 'BG', 'HR', 'CZ', 'CY', 'DK', 'EE', 'FI', 'FR', 'DE', 'EL', 'HU', 'IE', 'IT',
          'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'SK', 'ES', 'SE', 'GB', 'UK', 'GR', 'EU'],
        ADD COLUMN revocable_consent_countries text[] NOT NULL DEFAULT ARRAY[
          'HR', 'CY', 'DK', 'EE', 'FR', 'DE', 'LV', 'LT', 'NL', 'PT', 'ES'],
        ADD COLUMN explicit_consent_countries text[] NOT NULL DEFAULT ARRAY['HR', 'IT', 'ES']`);
    await queryRunner.query(`
      ALTER TABLE website_settings
        ALTER COLUMN cookie_law_countries DROP DEFAULT,
        ALTER COLUMN revocable_consent_countries DROP DEFAULT,
        ALTER COLUMN explicit_consent_countries DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE website_settings
        DROP COLUMN cookie_law_countries,
        DROP COLUMN revocable_consent_countries,
        DROP COLUMN explicit_consent_countries`);
  }
}
