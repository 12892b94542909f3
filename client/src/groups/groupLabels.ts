import type { GroupRole } from '@shared/groups/groups.js';

const ROLE_LABELS: Record<GroupRole, string> = { owner: 'Owner', moderator: 'Moderator', member: 'Member' };

export function roleLabel(role: GroupRole): string {
  return ROLE_LABELS[role];
}
