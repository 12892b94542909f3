import type { MigrationInterface, QueryRunner } from 'typeorm';

const TERMS = `By using Surfex you agree to these terms.

## Credits

Credits are earned only by viewing posts in the surf bar as a person, one at a time, until the countdown ends. Automated viewing, several accounts to earn more, or any other way around the countdown ends your account and voids its credits. Credits have no cash value.

## Your posts

You are responsible for what you promote. Posts must be legal, must not mislead, and must not carry malware, adult content, or links that redirect elsewhere. We may remove any post and refund its unspent credits.

## Payments

Credit packs and membership levels are paid in advance. A refunded or charged-back payment takes back the credits it bought, as far as they are unspent.

## Your account

Keep your password to yourself. You may close your account at any time from the settings.

## Contact

Questions about these terms? Write to us through the [contact page](/contact).
`;

const PRIVACY = `Surfex keeps only what it needs to run the service, and shares nothing with third parties: no advertising networks, no analytics services, no social-media widgets.

## What we store about members

- Your account: username, first name, email address and a hash of your password.
- Your activity: posts, comments, campaigns, the views you gave and received, and your credit ledger.
- Your sessions (device and last use), and error reports when the site crashes in your browser.
- Messages you send us through the contact page, with your account when you were signed in.

## What we measure on every visit

We count visits and page views, and which posts were seen, viewed for two seconds, or clicked, so members can see how their posts do (Detailed Stats). For each page view we record the page, the referring page, the window and screen sizes and the time. Your network address is never stored: it is kept only as a hash salted with a random value that is deleted after the day ends, so it cannot be traced back to you afterwards. Your country is looked up from the address in an offline database on our own server; nobody else is asked.

## Cookies

- \`sid\` and \`sid_more\` keep you (and the other accounts you signed in beside it) signed in: 30 days from last use.
- \`did\` is a random id for the browser, so several accounts earning from one device can be told apart: 400 days, renewed at sign-in.
- \`cookie_consent\` remembers your answer to the cookie notice: 365 days.
- \`z5v\` groups the pages of one visit: 30 minutes from last use.
- \`z5vr\` recognises a returning browser: up to 10 years, renewed at each visit (most browsers cap it at 400 days).
- \`dem_rf0\` remembers who invited you: 30 days.

Where the law asks for your consent, the visit cookies \`z5v\` and \`z5vr\` are set only after you allow them, and denying deletes them. The session cookie and the cookies the site needs to work do not depend on consent.

## Your rights

You can ask for a copy of your data or for its deletion through the [contact page](/contact).
`;

/**
 * Messages sent through /contact and the admins' replies; /terms and /privacy as Markdown that admins edit
 * (the page gives the title, so the text starts with its first section).
 */
export class ContactPages1795506100000 implements MigrationInterface {
  name = 'ContactPages1795506100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contact_messages (
        id serial CONSTRAINT contact_messages_pkey PRIMARY KEY,
        user_id integer CONSTRAINT contact_messages_user_id_fkey REFERENCES users (id) ON DELETE SET NULL,
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        address_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        answered_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE contact_replies (
        id serial CONSTRAINT contact_replies_pkey PRIMARY KEY,
        message_id integer NOT NULL CONSTRAINT contact_replies_message_id_fkey REFERENCES contact_messages (id) ON DELETE CASCADE,
        admin_id integer CONSTRAINT contact_replies_admin_id_fkey REFERENCES users (id) ON DELETE SET NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX contact_replies_message ON contact_replies (message_id, id)`);
    await queryRunner.query(`
      CREATE TABLE site_pages (
        slug text CONSTRAINT site_pages_pkey PRIMARY KEY CONSTRAINT site_pages_slug_check CHECK (slug IN ('terms', 'privacy')),
        markdown text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by integer CONSTRAINT site_pages_updated_by_fkey REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`INSERT INTO site_pages (slug, markdown) VALUES ('terms', $1), ('privacy', $2)`, [TERMS, PRIVACY]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE site_pages`);
    await queryRunner.query(`DROP TABLE contact_replies`);
    await queryRunner.query(`DROP TABLE contact_messages`);
  }
}
