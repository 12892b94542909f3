import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { AdminOverview, Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import { ADMIN_REPORT_ENDPOINTS, type ReportActionResult, type ReportQueueItem } from '../../shared/admin/reports.js';
import { CAMPAIGN_ENDPOINTS } from '../../shared/campaigns/campaigns.js';
import type { CommentsPage } from '../../shared/feed/comments.js';
import { SOCIAL_PATHS } from '../../shared/feed/feed.js';
import { SAFETY_ENDPOINTS } from '../../shared/feed/safety.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { comment } from '../support/social-fixtures.js';
import { grantCredits, postPayload, promotedPost, surfer, surfNext } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

// The surf test app: the hidden post must leave a real surf offer (ledger checked after each test).
const testApp = useSurfTestApp({ adminEmail: 'reports-admin@example.test' });
const { db } = testApp;
let admin: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'reports-admin@example.test' });
});

const report = (who: TestMember, target: { pid?: number; commentId?: number }, reason = '') =>
  who.browser.post(SAFETY_ENDPOINTS.reports, { ...target, reason });

async function queue(): Promise<ReportQueueItem[]> {
  const { status, body } = await admin.browser.get<Paged<ReportQueueItem>>(ADMIN_REPORT_ENDPOINTS.queue);
  expect(status).toBe(200);
  return body.data!.items;
}

async function reportNotices(userId: number): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'report_received'`,
    [userId],
  );
  return rows[0].n;
}

async function auditOf(targetType: string, targetId: number): Promise<AdminAuditEntry[]> {
  const { body } = await admin.browser.get<Paged<AdminAuditEntry>>(
    `${ADMIN_AUDIT_ENDPOINTS.audit}?targetType=${targetType}&targetId=${targetId}`,
  );
  return body.data!.items;
}

const act = (who: TestBrowser, type: 'post' | 'comment', id: number, action: string) =>
  who.post<ReportActionResult>(ADMIN_REPORT_ENDPOINTS.act(type, id, action as 'hide'), {});

describe('the admin reports queue', () => {
  it('is for admins only, and a member can neither act on a report nor unhide by forging fields', async () => {
    const [author, reporter] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const pid = await promotedPost(author, 0);
    expect((await report(reporter, { pid }, 'spam')).status).toBe(200);
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await visitor.get(ADMIN_REPORT_ENDPOINTS.queue)).status).toBe(401);
    expect((await act(visitor, 'post', pid, 'hide')).status).toBe(401);
    expect((await reporter.browser.get(ADMIN_REPORT_ENDPOINTS.queue)).status).toBe(403);
    for (const action of ['hide', 'dismiss', 'ban']) {
      expect((await act(reporter.browser, 'post', pid, action)).status).toBe(403);
      expect((await act(author.browser, 'post', pid, action)).status).toBe(403);
    }
    // Fields the payloads do not know change nothing.
    await reporter.browser.post(SAFETY_ENDPOINTS.reports, { pid, reason: 'again', hidden: true, resolution: 'hidden' });
    const { rows } = await db.query(
      `SELECT hidden_at, (SELECT count(*)::int FROM reports WHERE post_id = $1 AND resolved_at IS NULL) AS open
                                       FROM posts WHERE id = $1`,
      [pid],
    );
    expect(rows[0]).toEqual({ hidden_at: null, open: 2 });
    expect(await auditOf('post', pid)).toEqual([]);
    // Bad addresses are refused as such.
    expect((await act(admin.browser, 'post', pid, 'delete')).status).toBe(400);
    expect((await admin.browser.post('/data/admin/reports/user/1/hide', {})).status).toBe(400);
    expect((await act(admin.browser, 'post', 2_000_000_000, 'hide')).status).toBe(404);

    // Once hidden, the author's own edit carrying "unhiding" fields leaves it hidden.
    expect((await act(admin.browser, 'post', pid, 'hide')).status).toBe(200);
    await author.browser.put(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`, { ...postPayload(), hidden: false, hiddenAt: null });
    expect((await reporter.browser.get(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`)).status).toBe(404);
  });

  it('lists reports per target, notifies admins once, and hiding takes the post from everyone but its author and admins, and from the surf bar', async () => {
    const [author, first, second] = await Promise.all([
      signUp(testApp.baseUrl),
      signUp(testApp.baseUrl),
      signUp(testApp.baseUrl),
    ]);
    const viewer = await surfer(testApp.baseUrl);
    await grantCredits(db, author.id, 20);
    const pid = await promotedPost(author, 20, { text: 'Buy followers cheap' });
    const offered = await surfNext(viewer.browser, viewer.tab);
    expect(offered.body.data!.post?.pid).toBe(pid);

    const noticesBefore = await reportNotices(admin.id);
    expect((await report(first, { pid }, 'spam')).status).toBe(200);
    expect((await report(second, { pid }, 'scam link')).status).toBe(200);
    expect(await reportNotices(admin.id)).toBe(noticesBefore + 1);

    const item = (await queue()).find((entry) => entry.targetType === 'post' && entry.targetId === pid)!;
    expect(item).toMatchObject({
      pid,
      text: 'Buy followers cheap',
      author: { id: author.id, username: author.username, loginSuspended: false },
      hidden: false,
      openReports: 2,
    });
    expect(item.reports.map((entry) => [entry.reporter.username, entry.reason])).toEqual([
      [second.username, 'scam link'],
      [first.username, 'spam'],
    ]);
    const overview = await admin.browser.get<AdminOverview>(ACCOUNT_ENDPOINTS.adminOverview);
    expect(overview.body.data!.openReports).toBeGreaterThanOrEqual(1);

    const hidden = await act(admin.browser, 'post', pid, 'hide');
    expect(hidden.body.data).toEqual({ resolution: 'hidden', closedReports: 2 });
    expect((await first.browser.get(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`)).status).toBe(404);
    expect((await new TestBrowser(testApp.baseUrl).get(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`)).status).toBe(404);
    expect((await author.browser.get(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`)).status).toBe(200);
    expect((await admin.browser.get(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`)).status).toBe(200);
    expect((await report(first, { pid }, 'again')).status).toBe(404);
    const next = await surfNext(viewer.browser, viewer.tab);
    expect(next.status).toBe(200);
    expect(next.body.data!.post?.pid).not.toBe(pid);
    expect((await queue()).some((entry) => entry.targetId === pid && entry.targetType === 'post')).toBe(false);

    const [audit] = await auditOf('post', pid);
    expect(audit).toMatchObject({
      action: 'report_hidden',
      admin: { id: admin.id },
      before: { hidden: false, openReports: 2 },
      after: { hidden: true, authorId: author.id },
    });
    expect((audit.after as { closedReports: number[] }).closedReports).toHaveLength(2);
  });

  it('dismisses a comment’s reports and leaves it shown; a new report after that notifies again', async () => {
    const [author, reporter, reader] = await Promise.all([
      signUp(testApp.baseUrl),
      signUp(testApp.baseUrl),
      signUp(testApp.baseUrl),
    ]);
    const pid = await promotedPost(author, 0);
    const written = await comment(author.browser, pid, 'a sharp but fair remark');
    const noticesBefore = await reportNotices(admin.id);
    expect((await report(reporter, { commentId: written.id }, 'rude')).status).toBe(200);
    const item = (await queue()).find((entry) => entry.targetType === 'comment' && entry.targetId === written.id)!;
    expect(item).toMatchObject({ pid, text: 'a sharp but fair remark', openReports: 1, author: { id: author.id } });

    expect((await act(admin.browser, 'comment', written.id, 'dismiss')).body.data).toEqual({
      resolution: 'dismissed',
      closedReports: 1,
    });
    const comments = await reader.browser.get<CommentsPage>(SOCIAL_PATHS.comments(pid));
    expect(comments.body.data!.items.map((c) => c.id)).toContain(written.id);
    expect((await auditOf('comment', written.id))[0]).toMatchObject({ action: 'report_dismissed', after: { hidden: false } });

    expect((await report(reporter, { commentId: written.id }, 'still rude')).status).toBe(200);
    expect(await reportNotices(admin.id)).toBe(noticesBefore + 2);

    // Hiding a comment takes it from the other readers only.
    await act(admin.browser, 'comment', written.id, 'hide');
    const after = await reader.browser.get<CommentsPage>(SOCIAL_PATHS.comments(pid));
    expect(after.body.data!.items.map((c) => c.id)).not.toContain(written.id);
    const own = await author.browser.get<CommentsPage>(SOCIAL_PATHS.comments(pid));
    expect(own.body.data!.items.map((c) => c.id)).toContain(written.id);
  });

  it('bans the author: login suspended through the users call, sessions ended, the post hidden, both audited', async () => {
    const [author, reporter] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const pid = await promotedPost(author, 0);
    await report(reporter, { pid }, 'abuse');
    expect((await act(admin.browser, 'post', pid, 'ban')).body.data).toEqual({ resolution: 'banned', closedReports: 1 });
    expect((await author.browser.get('/data/notifications')).status).toBe(406);
    const { rows } = await db.query(`SELECT login_suspended FROM users WHERE id = $1`, [author.id]);
    expect(rows[0].login_suspended).toBe(true);
    expect((await reporter.browser.get(`${CAMPAIGN_ENDPOINTS.posts}/${pid}`)).status).toBe(404);
    expect((await auditOf('post', pid))[0]).toMatchObject({ action: 'report_author_banned', after: { hidden: true } });
    expect((await auditOf('user', author.id))[0]).toMatchObject({ action: 'login_suspended', after: { loginSuspended: true } });
    // An admin cannot ban themself through a report of their own post.
    const own = await promotedPost(admin, 0);
    await report(reporter, { pid: own });
    expect((await act(admin.browser, 'post', own, 'ban')).status).toBe(409);
    expect((await queue()).some((entry) => entry.targetId === own && entry.openReports === 1)).toBe(true);
  });
});
