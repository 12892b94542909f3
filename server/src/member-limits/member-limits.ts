/**
 * Per-member limits on social writes: at most `max` in a window of `windowSeconds`, counted
 * per member whatever address or session they write from.
 */
export const MEMBER_LIMITS = {
  /** Groups created. */
  groupCreate: { max: 5, windowSeconds: 3600 },
  /** Joins, join requests and joins by code. */
  groupJoin: { max: 30, windowSeconds: 3600 },
  /** Invite codes created or rotated. */
  groupInvite: { max: 30, windowSeconds: 3600 },
  /** Tags followed. */
  tagFollow: { max: 60, windowSeconds: 3600 },
} as const;

export type MemberLimitName = keyof typeof MEMBER_LIMITS;
