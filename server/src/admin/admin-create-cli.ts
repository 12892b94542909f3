/**
 * `npm run admin:create -- <email>`: makes the account with this address an admin. When no
 * account has it, creates one that must be set up, and prints the invite link (also mailed).
 * Uses DATABASE_URL or the embedded PostgreSQL, like the app.
 */
import { createApp } from '../app.factory.js';
import { loadConfig } from '../config/app-config.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { AccountTokensService } from '../account-tokens/account-tokens.service.js';
import { mails } from '../mail/mail.templates.js';
import { MailService } from '../mail/mail.service.js';
import { Transactions } from '../database/transactions.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { emailSchema } from '@shared/accounts/account.schemas.js';

async function main(): Promise<void> {
  const email = emailSchema.safeParse(process.argv[2] ?? '');
  if (!email.success) throw new Error('usage: npm run admin:create -- <email>');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const database = await resolveDatabase(config);
  const app = await createApp({
    ...config,
    databaseUrl: database.url,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  try {
    const users = app.get(UsersRepository);
    const existing = await users.findByEmail(email.data);
    if (existing) {
      await users.update(existing.id, { role: 'admin' });
      console.log(`${existing.username} <${existing.email}> is now an admin.`);
      return;
    }
    const username = `admin_${Date.now().toString(36)}`;
    const created = await app
      .get(Transactions)
      .run((manager) =>
        app
          .get(UsersService)
          .create(manager, { username, firstName: 'Admin', email: email.data, passwordHash: null, needsSetup: true }),
      );
    await users.update(created.id, { role: 'admin' });
    const token = await app.get(AccountTokensService).issue(created.id, 'invite');
    const mail = app.get(MailService);
    const link = mail.link(`/setup/${token.id}/${token.secret}`);
    await mail.send(created, mails.invite(created.firstName, link));
    console.log(`Created an admin account for ${email.data}. Set it up within 7 days at:\n  ${link}`);
  } finally {
    await app.close();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
