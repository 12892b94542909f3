import type { MigrationInterface, QueryRunner } from 'typeorm';

const RETURNING_LINE = '- `z5vr` recognises a returning browser: up to 10 years, renewed at each visit (most browsers cap it at 400 days).\n';
const VIEWER_LINE =
  '- `z5id` is an id our server signs and gives the browser, so that two visitors on one network count as two viewers of a post, and a reload does not count again: 400 days.\n';
const CONSENT_BEFORE = 'the visit cookies `z5v` and `z5vr` are set only after you allow them';
const CONSENT_AFTER = 'the visit cookies `z5v`, `z5vr` and `z5id` are set only after you allow them';

/**
 * The privacy page names the viewer cookie (`z5id`) beside the other visit cookies, where admins
 * have not edited the page since it was seeded (an edited page is theirs to word).
 */
export class PrivacyViewerCookie1795507000000 implements MigrationInterface {
  name = 'PrivacyViewerCookie1795507000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE site_pages SET markdown = replace(replace(markdown, $1, $1 || $2), $3, $4)
        WHERE slug = 'privacy' AND updated_by IS NULL AND strpos(markdown, $2) = 0`,
      [RETURNING_LINE, VIEWER_LINE, CONSENT_BEFORE, CONSENT_AFTER],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE site_pages SET markdown = replace(replace(markdown, $1, ''), $2, $3) WHERE slug = 'privacy' AND updated_by IS NULL`,
      [VIEWER_LINE, CONSENT_AFTER, CONSENT_BEFORE],
    );
  }
}
