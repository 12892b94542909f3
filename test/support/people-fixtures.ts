import type pg from 'pg';
import { PEOPLE_ENDPOINTS } from '../../shared/people/people.js';
import type { TestBrowser } from './test-browser.js';

/**
 * Helpers of the people tests (follows, user search, profiles, bookmarks): members, groups and
 * blocks written straight into the database, where going through the API would only cost time
 * or belongs to another feature.
 */

/** `count` members named `<prefix>1`… with first name `firstName`; answers their ids in order. */
export async function insertMembers(db: pg.Client, prefix: string, count: number, firstName = 'Seeded'): Promise<number[]> {
  const { rows } = await db.query(
    `INSERT INTO users (username, first_name, email)
     SELECT $1 || n, $2, $1 || n || '@example.test' FROM generate_series(1, $3::int) n ORDER BY n RETURNING id`,
    [prefix, firstName, count],
  );
  return rows.map((row) => row.id as number);
}

export async function block(db: pg.Client, blockerId: number, blockedId: number): Promise<void> {
  await db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [blockerId, blockedId]);
}

/** A group made by `ownerId` (an active owner); answers its id. */
export async function insertGroup(
  db: pg.Client,
  ownerId: number,
  slug: string,
  visibility: 'public' | 'private',
): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO groups (slug, name, visibility, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [slug, `Group ${slug}`, visibility, ownerId],
  );
  await setMembership(db, rows[0].id, ownerId, 'active', 'owner');
  return rows[0].id;
}

export async function setMembership(
  db: pg.Client,
  groupId: number,
  userId: number,
  status: 'active' | 'requested' | 'banned' | null,
  role: 'owner' | 'moderator' | 'member' = 'member',
): Promise<void> {
  if (status === null) {
    await db.query(`DELETE FROM group_members WHERE group_id = $1 AND user_id = $2`, [groupId, userId]);
    return;
  }
  await db.query(
    `INSERT INTO group_members (group_id, user_id, status, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, user_id) DO UPDATE SET status = EXCLUDED.status, role = EXCLUDED.role`,
    [groupId, userId, status, role],
  );
}

export async function moveIntoGroup(db: pg.Client, pid: number, groupId: number | null): Promise<void> {
  await db.query(`UPDATE posts SET group_id = $2 WHERE id = $1`, [pid, groupId]);
}

export const followPath = (userId: number | string) => `${PEOPLE_ENDPOINTS.members}/${userId}/follow`;

export const follow = (browser: TestBrowser, userId: number | string) => browser.put(followPath(userId));
export const unfollow = (browser: TestBrowser, userId: number | string) => browser.delete(followPath(userId));
