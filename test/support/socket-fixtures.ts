import type pg from 'pg';
import type { Announcement } from '../../shared/announcements/announcements.js';
import type { AnnouncementPayload } from '../../shared/announcements/announcement.schema.js';
import { ANNOUNCEMENT_ENDPOINTS } from '../../shared/announcements/announcements.js';
import type { NotificationItem } from '../../shared/notifications/notifications.js';
import { NOTIFICATION_ENDPOINTS } from '../../shared/notifications/notifications.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp, type TestMember } from './accounts.js';
import { eventually } from './eventually.js';
import type { TestBrowser } from './test-browser.js';
import type { TestAppInUse } from './use-test-app.js';

/** A new member made an admin straight in the database; ready once the app has heard of it (NOTIFY). */
export async function signUpAdmin(baseUrl: string, db: pg.Client): Promise<TestMember> {
  const member = await signUp(baseUrl);
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [member.id]);
  await eventually(async () => {
    const start = await member.browser.get<StartAnswer>('/data/start');
    if (!start.body.data?.user?.isAdmin) throw new Error(`${member.username} is not an admin yet`);
  });
  return member;
}

/**
 * An admin (as `signUpAdmin` makes one) on the file's app, signed up before its first test: the
 * object is filled in by a beforeAll hook, so read it inside a hook or a test.
 */
export function useAdmin(testApp: TestAppInUse): TestMember {
  const admin = {} as TestMember;
  beforeAll(async () => {
    Object.assign(admin, await signUpAdmin(testApp.baseUrl, testApp.db));
  });
  return admin;
}

let messages = 0;

/** An admin message to a member through REST (POST /data/admin/users/:id/notify); answers the stored item. */
export async function notifyThroughRest(
  admin: TestBrowser,
  userId: number,
  heading = `Message ${++messages}`,
): Promise<NotificationItem> {
  const { status, body } = await admin.post<NotificationItem>(`${NOTIFICATION_ENDPOINTS.adminNotifyUser}/${userId}/notify`, {
    heading,
    body: `Body of ${heading}`,
    link: '/notifications',
  });
  if (status !== 200) throw new Error(`notify failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

let announcements = 0;

export function announcementPayload(
  overrides: Partial<AnnouncementPayload> & Pick<AnnouncementPayload, 'auth'>,
): AnnouncementPayload {
  announcements++;
  return { heading: `Announcement ${announcements}`, content: `Content ${announcements}`, type: 'announcement', ...overrides };
}

/** An admin creates an announcement through REST; answers it as the server stored it. */
export async function createAnnouncement(
  admin: TestBrowser,
  overrides: Partial<AnnouncementPayload> & Pick<AnnouncementPayload, 'auth'>,
): Promise<Announcement> {
  const { status, body } = await admin.post<Announcement>(ANNOUNCEMENT_ENDPOINTS.admin, announcementPayload(overrides));
  if (status !== 200) throw new Error(`create announcement failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}
