import pg from 'pg';
import {
  GROUP_ENDPOINTS,
  groupApiPath,
  type GroupAnswer,
  type GroupInviteItem,
  type GroupPayload,
} from '../../shared/groups/groups.js';
import type { TestMember } from './accounts.js';

let groups = 0;

/** Creates a group through the API as `owner`; answers it. */
export async function createGroup(owner: TestMember, overrides: Partial<GroupPayload> = {}): Promise<GroupAnswer> {
  groups++;
  const { status, body } = await owner.browser.post<GroupAnswer>(GROUP_ENDPOINTS.groups, {
    name: `Group ${process.pid} ${groups}`,
    description: 'A place to talk.',
    visibility: 'public',
    ...overrides,
  });
  if (status !== 200) throw new Error(`create group failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** An invite code of the group, made by one of its owners or moderators. */
export async function createInvite(
  manager: TestMember,
  slug: string,
  limits: { expiresInHours?: number | null; maxUses?: number | null } = {},
): Promise<GroupInviteItem> {
  const { status, body } = await manager.browser.post<GroupInviteItem>(groupApiPath(slug, '/invites'), {
    expiresInHours: null,
    maxUses: null,
    ...limits,
  });
  if (status !== 200) throw new Error(`create invite failed: ${status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** The member's row in the group, straight from the table (null: none). */
export async function membershipOf(
  db: pg.Client,
  groupId: number,
  userId: number,
): Promise<{ role: string; status: string } | null> {
  const { rows } = await db.query(`SELECT role, status FROM group_members WHERE group_id = $1 AND user_id = $2`, [
    groupId,
    userId,
  ]);
  return rows[0] ?? null;
}

/** Puts a member straight into a group (arranging state a test is not about). */
export async function addMember(
  db: pg.Client,
  groupId: number,
  userId: number,
  role = 'member',
  status = 'active',
): Promise<void> {
  await db.query(
    `INSERT INTO group_members (group_id, user_id, role, status) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, user_id) DO UPDATE SET role = excluded.role, status = excluded.status`,
    [groupId, userId, role, status],
  );
}
