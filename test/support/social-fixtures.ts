import type pg from 'pg';
import type { CampaignItem } from '../../shared/campaigns/campaigns.js';
import type { FeedComment } from '../../shared/feed/comments.js';
import { SOCIAL_PATHS, feedQueryString, type FeedPage } from '../../shared/feed/feed.js';
import { FEED_ENDPOINT, type FeedSource } from '../../shared/feed/feed-source.js';
import { createPost } from './surf-fixtures.js';
import type { TestBrowser } from './test-browser.js';

/**
 * Social state arranged straight in the database where the calls that make it (follows, groups,
 * tag follows) belong to other parts of the app.
 */
export async function follow(db: pg.Client, followerId: number, followeeId: number): Promise<void> {
  await db.query(`INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)`, [followerId, followeeId]);
}

export async function followTag(db: pg.Client, userId: number, tag: string): Promise<void> {
  await db.query(`INSERT INTO tag_follows (user_id, tag) VALUES ($1, $2)`, [userId, tag]);
}

let groups = 0;

/** A group created by `ownerId` (its owner), answering its id and slug. */
export async function makeGroup(
  db: pg.Client,
  ownerId: number,
  visibility: 'public' | 'private',
): Promise<{ id: number; slug: string }> {
  groups++;
  const slug = `group-${process.pid}-${groups}`;
  const { rows } = await db.query(
    `INSERT INTO groups (slug, name, visibility, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [slug, `Group ${groups}`, visibility, ownerId],
  );
  await setMembership(db, rows[0].id, ownerId, 'active', 'owner');
  return { id: rows[0].id, slug };
}

export async function setMembership(
  db: pg.Client,
  groupId: number,
  userId: number,
  status: 'active' | 'requested' | 'banned',
  role: 'owner' | 'moderator' | 'member' = 'member',
): Promise<void> {
  await db.query(
    `INSERT INTO group_members (group_id, user_id, status, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, user_id) DO UPDATE SET status = EXCLUDED.status, role = EXCLUDED.role`,
    [groupId, userId, status, role],
  );
}

/** A post by the browser's member, moved into a group when `groupId` is given; answers its id. */
export async function postBy(
  browser: TestBrowser,
  options: { text?: string; tags?: string[]; groupId?: number; db?: pg.Client } = {},
) {
  const created: CampaignItem = await createPost(browser, {
    ...(options.text ? { text: options.text } : {}),
    ...(options.tags ? { tags: options.tags } : {}),
  });
  if (options.groupId !== undefined) {
    await options.db!.query(`UPDATE posts SET group_id = $2 WHERE id = $1`, [created.post.pid, options.groupId]);
  }
  return created.post.pid;
}

export async function feedOf(browser: TestBrowser, source: FeedSource, before?: number | null) {
  return browser.get<FeedPage>(`${FEED_ENDPOINT}?${feedQueryString(source, before)}`);
}

/** The post ids of a feed page (status 200 expected). */
export async function feedPids(browser: TestBrowser, source: FeedSource, before?: number | null): Promise<number[]> {
  const { status, body } = await feedOf(browser, source, before);
  if (status !== 200) throw new Error(`feed failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!.entries.map((entry) => entry.post.pid);
}

export async function comment(
  browser: TestBrowser,
  pid: number,
  text: string,
  parentId: number | null = null,
): Promise<FeedComment> {
  const { status, body } = await browser.post<FeedComment>(SOCIAL_PATHS.comments(pid), { text, parentId });
  if (status !== 200) throw new Error(`comment failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}
