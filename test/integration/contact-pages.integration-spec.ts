import type { Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import { CONTACT_ENDPOINTS, type ContactMessageDetail, type ContactMessageSummary } from '../../shared/contact/contact.js';
import { SITE_PAGE_ENDPOINTS, type SitePage } from '../../shared/pages/site-pages.js';
import { latestMail, mailCount, signUp, type TestMember } from '../support/accounts.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp({ adminEmail: 'inbox-admin@example.test' });
const { db } = testApp;
let admin: TestMember;
let secondAdmin: TestMember;
let member: TestMember;

const visitor = () => new TestBrowser(testApp.baseUrl);
const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Vera Visitor',
  email: 'vera@example.test',
  subject: 'How do credits work?',
  message: 'Hello, how do I earn credits faster?',
  ...overrides,
});

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'inbox-admin@example.test' });
  secondAdmin = await signUp(testApp.baseUrl);
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [secondAdmin.id]);
  member = await signUp(testApp.baseUrl);
});

async function auditOf(action: string, targetId: string): Promise<AdminAuditEntry[]> {
  const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(
    `${ADMIN_AUDIT_ENDPOINTS.audit}?action=${action}&targetId=${encodeURIComponent(targetId)}`,
  );
  return body.data!.items;
}

describe('POST /data/contact', () => {
  it('stores a visitor’s message without their address and mails it to every admin', async () => {
    const mailsBefore = await mailCount(db, secondAdmin.email);
    const { status, body } = await visitor().post(CONTACT_ENDPOINTS.send, message({ subject: 'Visitor question' }));
    expect(status).toBe(200);
    expect(body.data).toBeNull();

    const { rows } = await db.query(`SELECT * FROM contact_messages WHERE subject = 'Visitor question'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: null,
      name: 'Vera Visitor',
      email: 'vera@example.test',
      message: 'Hello, how do I earn credits faster?',
      read_at: null,
      answered_at: null,
    });
    expect(rows[0].address_hash).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(rows[0].address_hash).not.toContain('127.0.0.1');

    for (const to of [admin.email, secondAdmin.email]) {
      const mail = await latestMail(db, to);
      expect(mail!.subject).toBe('Contact: Visitor question');
      expect(mail!.text_body).toContain('Vera Visitor <vera@example.test>');
      expect(mail!.text_body).toContain('Hello, how do I earn credits faster?');
      expect(mail!.text_body).toContain(`/admin/inbox/${rows[0].id}`);
    }
    expect(await mailCount(db, secondAdmin.email)).toBe(mailsBefore + 1);
    expect(await mailCount(db, member.email)).toBe(1); // their confirmation only
  });

  it('keeps the signed-in member who wrote it', async () => {
    expect((await member.browser.post(CONTACT_ENDPOINTS.send, message({ subject: 'Member question' }))).status).toBe(200);
    const { rows } = await db.query(`SELECT user_id FROM contact_messages WHERE subject = 'Member question'`);
    expect(rows).toEqual([{ user_id: member.id }]);
  });

  it('refuses a bad message with 400 naming each field, and stores nothing', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM contact_messages`)).rows[0].n;
    const { status, body } = await visitor().post(CONTACT_ENDPOINTS.send, {
      name: '',
      email: 'not an address',
      subject: 'x'.repeat(151),
      message: 'too short',
    });
    expect(status).toBe(400);
    expect(body.errors.every((error) => error.code === 'validation')).toBe(true);
    expect(body.errors.map((error) => error.field).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect((await visitor().post(CONTACT_ENDPOINTS.send, message({ message: 'y'.repeat(5001) }))).status).toBe(400);
    expect((await db.query(`SELECT count(*)::int AS n FROM contact_messages`)).rows[0].n).toBe(before);
  });
});

describe('the admin inbox', () => {
  let id: number;

  beforeAll(async () => {
    await visitor().post(CONTACT_ENDPOINTS.send, message({ subject: 'Please answer me', email: 'asker@example.test' }));
    id = (await db.query(`SELECT id FROM contact_messages WHERE subject = 'Please answer me'`)).rows[0].id;
  });

  it('is for admins only: 401 for a visitor, 403 for a member, on every call', async () => {
    const calls = [
      (browser: TestBrowser) => browser.get(CONTACT_ENDPOINTS.inbox),
      (browser: TestBrowser) => browser.get(CONTACT_ENDPOINTS.message(id)),
      (browser: TestBrowser) => browser.post(CONTACT_ENDPOINTS.read(id)),
      (browser: TestBrowser) => browser.post(CONTACT_ENDPOINTS.reply(id), { text: 'Sneaky reply' }),
    ];
    for (const call of calls) {
      expect((await call(visitor())).status).toBe(401);
      const refused = await call(member.browser);
      expect(refused.status).toBe(403);
      expect(refused.body.data).toBeNull();
    }
    expect((await db.query(`SELECT read_at, answered_at FROM contact_messages WHERE id = $1`, [id])).rows[0]).toEqual({
      read_at: null,
      answered_at: null,
    });
  });

  it('lists messages newest first, unread and unanswered, with the member who wrote one', async () => {
    const { status, body } = await admin.browser.get<Paged<ContactMessageSummary>>(CONTACT_ENDPOINTS.inbox);
    expect(status).toBe(200);
    const page = body.data!;
    expect(page.page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const ids = page.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.items[0]).toEqual({
      id,
      name: 'Vera Visitor',
      email: 'asker@example.test',
      subject: 'Please answer me',
      user: null,
      createdAt: expect.any(String),
      readAt: null,
      answeredAt: null,
    });
    expect(page.items.find((item) => item.subject === 'Member question')!.user).toEqual({
      id: member.id,
      username: member.username,
    });
    expect((await admin.browser.get(`${CONTACT_ENDPOINTS.inbox}?page=0`)).status).toBe(400);
  });

  it('opens one message and marks it read once, audited once', async () => {
    const opened = await admin.browser.get<ContactMessageDetail>(CONTACT_ENDPOINTS.message(id));
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id, message: 'Hello, how do I earn credits faster?', replies: [], readAt: null });
    const read = await admin.browser.post<ContactMessageSummary>(CONTACT_ENDPOINTS.read(id));
    expect(read.status).toBe(200);
    expect(read.body.data!.readAt).toEqual(expect.any(String));
    const again = await admin.browser.post<ContactMessageSummary>(CONTACT_ENDPOINTS.read(id));
    expect(again.body.data!.readAt).toBe(read.body.data!.readAt);
    expect(await auditOf('contact_read', String(id))).toEqual([
      expect.objectContaining({
        admin: expect.objectContaining({ id: admin.id }),
        action: 'contact_read',
        before: { readAt: null },
        after: { readAt: read.body.data!.readAt },
      }),
    ]);
    expect((await admin.browser.post(CONTACT_ENDPOINTS.read(999999))).status).toBe(404);
    expect((await admin.browser.get(CONTACT_ENDPOINTS.message(999999))).status).toBe(404);
  });

  it('replies by mail to the sender, stores the reply, marks the message answered and audits it', async () => {
    const { status, body } = await admin.browser.post<ContactMessageDetail>(CONTACT_ENDPOINTS.reply(id), {
      text: 'Surf a little every day: each view earns credits.',
    });
    expect(status).toBe(200);
    expect(body.data!.answeredAt).toEqual(expect.any(String));
    expect(body.data!.replies).toEqual([
      {
        id: expect.any(Number),
        text: 'Surf a little every day: each view earns credits.',
        admin: { id: admin.id, username: admin.username },
        createdAt: expect.any(String),
      },
    ]);

    const mail = await latestMail(db, 'asker@example.test');
    expect(mail!.subject).toBe('Re: Please answer me');
    expect(mail!.text_body).toContain('Surf a little every day: each view earns credits.');
    expect(mail!.text_body).not.toContain('emailSettings');

    expect(await auditOf('contact_replied', String(id))).toEqual([
      {
        id: expect.any(Number),
        action: 'contact_replied',
        admin: { id: admin.id, username: admin.username },
        targetType: 'contact_message',
        targetId: String(id),
        targetName: 'Please answer me',
        before: { answeredAt: null },
        after: {
          answeredAt: body.data!.answeredAt,
          replyId: body.data!.replies[0].id,
          to: 'asker@example.test',
          text: 'Surf a little every day: each view earns credits.',
        },
        createdAt: expect.any(String),
      },
    ]);
  });

  it('refuses an empty reply or one to no message, and mails and audits nothing', async () => {
    const mails = await mailCount(db, 'asker@example.test');
    const empty = await admin.browser.post(CONTACT_ENDPOINTS.reply(id), { text: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('text');
    expect((await admin.browser.post(CONTACT_ENDPOINTS.reply(999999), { text: 'Hello there' })).status).toBe(404);
    expect(await mailCount(db, 'asker@example.test')).toBe(mails);
    expect(await auditOf('contact_replied', String(id))).toHaveLength(1);
  });
});

describe('/terms and /privacy', () => {
  it('are public, seeded with what the site tracks and its cookies', async () => {
    const privacy = await visitor().get<SitePage>(SITE_PAGE_ENDPOINTS.page('privacy'));
    expect(privacy.status).toBe(200);
    for (const fact of [
      'cookie_consent',
      '365 days',
      'z5v',
      'z5vr',
      '`z5id` is an id our server signs',
      'the visit cookies `z5v`, `z5vr` and `z5id` are set only after you allow them',
      'sid',
      'offline database',
      'third parties',
      'page views',
    ]) {
      expect(privacy.body.data!.markdown).toContain(fact);
    }
    const terms = await visitor().get<SitePage>(SITE_PAGE_ENDPOINTS.page('terms'));
    expect(terms.body.data).toEqual({
      slug: 'terms',
      markdown: expect.stringContaining('## Credits'),
      updatedAt: expect.any(String),
    });
    expect((await visitor().get('/data/pages/cookies')).status).toBe(404);
  });

  it('are edited by admins only, and each edit is audited with the Markdown before and after', async () => {
    const before = (await visitor().get<SitePage>(SITE_PAGE_ENDPOINTS.page('terms'))).body.data!.markdown;
    const edit = { markdown: '# Terms\n\nBe kind.' };
    expect((await visitor().put(SITE_PAGE_ENDPOINTS.edit('terms'), edit)).status).toBe(401);
    expect((await member.browser.put(SITE_PAGE_ENDPOINTS.edit('terms'), edit)).status).toBe(403);
    expect((await visitor().get<SitePage>(SITE_PAGE_ENDPOINTS.page('terms'))).body.data!.markdown).toBe(before);

    const saved = await admin.browser.put<SitePage>(SITE_PAGE_ENDPOINTS.edit('terms'), edit);
    expect(saved.status).toBe(200);
    expect(saved.body.data!.markdown).toBe('# Terms\n\nBe kind.');
    expect((await visitor().get<SitePage>(SITE_PAGE_ENDPOINTS.page('terms'))).body.data!.markdown).toBe('# Terms\n\nBe kind.');
    expect((await db.query(`SELECT updated_by FROM site_pages WHERE slug = 'terms'`)).rows[0].updated_by).toBe(admin.id);

    expect(await auditOf('page_updated', 'terms')).toEqual([
      {
        id: expect.any(Number),
        action: 'page_updated',
        admin: { id: admin.id, username: admin.username },
        targetType: 'site_page',
        targetId: 'terms',
        targetName: null,
        before: { markdown: before },
        after: { markdown: '# Terms\n\nBe kind.' },
        createdAt: expect.any(String),
      },
    ]);
  });

  it('refuses an empty page or an unknown one, and audits nothing', async () => {
    const empty = await admin.browser.put(SITE_PAGE_ENDPOINTS.edit('privacy'), { markdown: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('markdown');
    expect((await admin.browser.put('/data/admin/pages/cookies', { markdown: 'Hi' })).status).toBe(404);
    expect(await auditOf('page_updated', 'privacy')).toEqual([]);
  });
});

describe('the per-address limit on contact messages', () => {
  const limited = useTestApp({ rateLimitFactor: 1, trustProxy: ['127.0.0.1'] });
  const from = (ip: string) => new TestBrowser(limited.baseUrl, { 'x-forwarded-for': ip });

  it('answers 429 with Retry-After after 5 messages an hour from one address, and stores no more', async () => {
    const flooder = from('203.0.113.40');
    for (let sent = 0; sent < 5; sent++) {
      expect((await flooder.post(CONTACT_ENDPOINTS.send, message({ subject: `Flood ${sent}` }))).status).toBe(200);
    }
    const refused = await flooder.post(CONTACT_ENDPOINTS.send, message({ subject: 'Flood 5' }));
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const stored = await limited.db.query(`SELECT count(*)::int AS n FROM contact_messages WHERE subject LIKE 'Flood %'`);
    expect(stored.rows[0].n).toBe(5);
    // Another address is not affected.
    expect((await from('198.51.100.40').post(CONTACT_ENDPOINTS.send, message())).status).toBe(200);
  });
});
