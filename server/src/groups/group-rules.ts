import type { GroupRow } from './groups.repository.js';

/** What a group's address may be; anything else names no group (and never reaches a query). */
export const GROUP_SLUG = /^[a-z0-9-]{1,40}$/;

/** One of the group's active owners or moderators. */
export const isManager = (row: Pick<GroupRow, 'viewer_status' | 'viewer_role'>): boolean =>
  row.viewer_status === 'active' && (row.viewer_role === 'owner' || row.viewer_role === 'moderator');

/** Public, or the viewer is one of its active members. */
export const canSeeContent = (row: Pick<GroupRow, 'visibility' | 'viewer_status'>): boolean =>
  row.visibility === 'public' || row.viewer_status === 'active';
