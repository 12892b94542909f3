import { z } from 'zod';
import type { MediaObject } from '../media/media.js';
import { text } from '../validation/text.js';

/** Groups: members post into them; a private group's posts, comments and members are for its active members only. */
export const GROUP_LIMITS = { name: 60, description: 1000, slug: 40, inviteMaxUses: 10_000, inviteHours: 24 * 365 } as const;

export type GroupVisibility = 'public' | 'private';
export type GroupRole = 'owner' | 'moderator' | 'member';
/** Where the viewer stands: in, asking to join, banned; null: none of these. */
export type GroupViewerStatus = 'active' | 'requested' | 'banned' | null;

export const GROUP_ROLES = ['owner', 'moderator', 'member'] as const satisfies readonly GroupRole[];

export const groupSchema = z.object({
  name: text()
    .trim()
    .min(2, 'Use at least 2 characters.')
    .max(GROUP_LIMITS.name, `Use at most ${GROUP_LIMITS.name} characters.`)
    .refine((name) => /[\p{L}\p{N}]/u.test(name), 'Use at least one letter or digit.'),
  description: text().trim().max(GROUP_LIMITS.description, `Use at most ${GROUP_LIMITS.description} characters.`).default(''),
  /** A picture uploaded with the post picture upload (CAMPAIGN_ENDPOINTS.images); null: none. */
  imageId: text().uuid().nullable().default(null),
  visibility: z.enum(['public', 'private']),
});
export type GroupPayload = z.input<typeof groupSchema>;

/** What owners and moderators do to a member: answer a request, remove, ban, unban. */
export const GROUP_MODERATION_ACTIONS = ['accept', 'decline', 'remove', 'ban', 'unban'] as const;
export type GroupModerationAction = (typeof GROUP_MODERATION_ACTIONS)[number];
export const groupModerationActionSchema = z.enum(GROUP_MODERATION_ACTIONS);

export const groupRoleSchema = z.object({ role: z.enum(GROUP_ROLES) });
export type GroupRolePayload = z.infer<typeof groupRoleSchema>;

export const groupInviteSchema = z.object({
  /** Hours until the code stops working; null: never. */
  expiresInHours: z
    .number({ error: 'Please enter a number of hours.' })
    .int('Use whole hours.')
    .min(1, 'Use at least 1 hour.')
    .max(GROUP_LIMITS.inviteHours, 'Use at most a year (8760 hours).')
    .nullable(),
  /** Joins the code allows; null: any number. */
  maxUses: z
    .number({ error: 'Please enter a number of uses.' })
    .int('Use a whole number.')
    .min(1, 'Allow at least 1 use.')
    .max(GROUP_LIMITS.inviteMaxUses, `Allow at most ${GROUP_LIMITS.inviteMaxUses.toLocaleString('en')} uses.`)
    .nullable(),
});
export type GroupInvitePayload = z.infer<typeof groupInviteSchema>;

/** The search on /groups: part of a group's name. */
export const groupSearchSchema = z.object({ q: text().trim().max(GROUP_LIMITS.name).default('') });

/** A group as lists and headers show it. */
export interface GroupSummary {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: MediaObject | null;
  visibility: GroupVisibility;
  /** Active members. */
  members: number;
  /** The viewer's place in it (null for visitors and non-members). */
  viewer: { status: Exclude<GroupViewerStatus, null>; role: GroupRole } | null;
}

/** GET /data/groups/:slug: the group's header, and whether the viewer may read its posts and members. */
export interface GroupAnswer extends GroupSummary {
  createdAt: string;
  /** Public, or the viewer is an active member. */
  canSeeContent: boolean;
  /** The viewer is an active owner or moderator. */
  canManage: boolean;
}

/** GET /data/groups: the member's groups (active or asked to join) and public groups to discover. */
export interface GroupsOverview {
  mine: GroupSummary[];
  discover: GroupSummary[];
}

export interface GroupMemberItem {
  user: { id: number; username: string; first_name: string; image: MediaObject | string | null };
  role: GroupRole;
  since: string;
}

/** GET /data/groups/:slug/members?page=: active members (owners first); for managers also requests and bans. */
export interface GroupMembersAnswer {
  members: GroupMemberItem[];
  page: number;
  pages: number;
  total: number;
  /** Asking to join, oldest first; null unless the viewer manages the group. */
  requests: GroupMemberItem[] | null;
  /** Banned members; null unless the viewer manages the group. */
  banned: GroupMemberItem[] | null;
}

export interface GroupInviteItem {
  id: number;
  code: string;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
  createdAt: string;
  /** Usable now: not revoked, not expired, not used up. */
  usable: boolean;
}

/** GET /data/group-invites/:code: the group a usable code joins (a private one's header only). */
export interface InvitePreview {
  group: GroupSummary;
}

/** What a join answered: in at once, or asked (a private group's owners and moderators decide). */
export interface GroupJoinAnswer {
  status: 'active' | 'requested';
  group: GroupAnswer;
}

export const GROUPS_PAGE_SIZE = { members: 50, discover: 30 } as const;

export const GROUP_ENDPOINTS = {
  /** GET ?q= → GroupsOverview; POST GroupPayload → GroupAnswer */
  groups: '/data/groups',
  /**
   * `${group}/<slug>`: GET → GroupAnswer, PUT GroupPayload → GroupAnswer, DELETE → null (owners);
   * POST /join → GroupJoinAnswer, POST /leave → null;
   * GET /members?page= → GroupMembersAnswer;
   * POST /members/<userId>/(accept|decline|remove|ban|unban) → GroupMembersAnswer;
   * PUT /members/<userId>/role GroupRolePayload → GroupMembersAnswer;
   * GET /invites → GroupInviteItem[]; POST /invites GroupInvitePayload → GroupInviteItem;
   * DELETE /invites/<id> → GroupInviteItem[]; POST /invites/<id>/rotate → GroupInviteItem
   */
  group: '/data/groups',
  /** `${invite}/<code>`: GET → InvitePreview; POST /join → GroupJoinAnswer */
  invite: '/data/group-invites',
} as const;

/** The group's page (its tabs: `?tab=posts|members`). */
export function groupPath(slug: string, tab?: 'posts' | 'members'): string {
  return `/profile/g/${encodeURIComponent(slug)}${tab ? `?tab=${tab}` : ''}`;
}

/** The page that joins a group by an invite code. */
export function groupJoinPath(code: string): string {
  return `/groups/${encodeURIComponent(code)}/join`;
}

export function groupApiPath(slug: string, rest = ''): string {
  return `${GROUP_ENDPOINTS.group}/${encodeURIComponent(slug)}${rest}`;
}

/**
 * A group's address from its name: lower case ASCII letters, digits and dashes, accents dropped
 * ("Café Crème!" → "cafe-creme"); "group" when nothing is left. The server makes it unique.
 */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, GROUP_LIMITS.slug - 6)
    .replace(/-+$/, '');
  return slug || 'group';
}

/** Invite codes: URL-safe, case-sensitive. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;
