import type { MediaObject } from '../media/media.js';

/**
 * Teams (multi-accounts): several members run one advertiser account with its own credit
 * balance. The current team travels in the `X-Current-Team` header (CURRENT_TEAM_HEADER); the
 * server checks it against its own records on every signed-in call:
 * - an active member of that team → the call acts for the team with the member's role;
 * - invited only, removed, never a member, or a team that does not exist → 403 `team_forbidden`
 *   and nothing changes (the client then forgets its current team and reloads /data/start);
 * - GET /data/start never refuses for it: a stale header answers `currentTeam: null`, so a
 *   client whose stored team went stale can always start.
 *
 * | call | method | payload | → data |
 * |---|---|---|---|
 * | teams | GET | — | TeamsOverview: the member's teams and invitations |
 * | teams | POST | TeamPayload | TeamDetail (the creator is its owner) |
 * | team(id) | GET | — | TeamDetail (active members) |
 * | team(id) | PUT | TeamPayload | TeamDetail (owner) |
 * | team(id) + '/invites' | POST | TeamInvitePayload | TeamDetail (owner) |
 * | team(id) + '/invites/:uid' | DELETE | — | TeamDetail (owner; cancels an invitation) |
 * | team(id) + '/accept' | POST | — | TeamDetail (the invited member, in the app) |
 * | team(id) + '/decline' | POST | — | null (the invited member, in the app) |
 * | team(id) + '/members/:uid/role' | PUT | TeamRolePayload | TeamDetail (owner) |
 * | team(id) + '/members/:uid' | DELETE | — | TeamDetail (owner; removes an active member) |
 * | team(id) + '/leave' | POST | — | null (any active member but the last owner) |
 * | team(id) + '/transfer' | POST | TeamTransferPayload | TeamDetail (owner; they become manager) |
 * | team(id) + '/audit' `?page=` | GET | — | ListPage<TeamAuditItem> (owner, manager) |
 * | team(id) + '/credits/deposit' | POST | TeamCreditsPayload | TeamCreditsAnswer (any active member) |
 * | team(id) + '/credits/withdraw' | POST | TeamCreditsPayload | TeamCreditsAnswer (owner, manager; if allowWithdraw) |
 * | invite(token) | GET | — | TeamInvitePreview (the invited member, from the mailed link) |
 * | invite(token) + '/accept' | POST | — | TeamDetail (consumes the link) |
 * | invite(token) + '/decline' | POST | — | null (consumes the link) |
 *
 * Refusals: a call a role does not allow → 403 `team_role_forbidden`; a team the caller is
 * not an active member of (or, for accept/decline, not invited to) → 404 `not_found`, as a
 * team that does not exist; the last owner leaving, being removed or demoted → 409 `last_owner`;
 * a mailed link that is unknown, used or expired → 404 `link_invalid`; a link opened by
 * another account than the invited one → 403 `team_invite_other_account`; inviting someone
 * already active or invited → 409 `conflict` (field `invitee`); an unknown username or email
 * → 404 `not_found` (field `invitee`); a withdrawal the team does not allow → 403
 * `team_withdraw_disabled`; more credits than the balance → 409 `conflict`.
 */
export const TEAM_ENDPOINTS = {
  teams: '/data/teams',
  invites: '/data/team-invites',
} as const;

/** `/data/teams/<id><rest>`. */
export function teamApiPath(teamId: number, rest = ''): string {
  return `${TEAM_ENDPOINTS.teams}/${teamId}${rest}`;
}

/** `/data/team-invites/<token><rest>`. */
export function teamInviteApiPath(token: string, rest = ''): string {
  return `${TEAM_ENDPOINTS.invites}/${encodeURIComponent(token)}${rest}`;
}

/**
 * The page the invitation mail links to: `/settings/multiAccounts/invite/<token>` (the
 * `/settings/multiAccounts/:team/:teamTab` route with team `invite`; team ids are numbers,
 * so it never names a team). The token is `<id>.<secret>`.
 */
export function teamInvitePagePath(token: string): string {
  return `/settings/multiAccounts/invite/${encodeURIComponent(token)}`;
}
export const TEAM_INVITE_PAGE_SEGMENT = 'invite';
export const TEAM_INVITE_TOKEN_PATTERN = /^\d{1,18}\.[A-Za-z0-9_-]{20,100}$/;

/** The tabs of a team's settings page: `/settings/multiAccounts/:team/:teamTab`. */
export const TEAM_TABS = ['members', 'credits', 'audit', 'settings'] as const;
export type TeamTab = (typeof TEAM_TABS)[number];

export const TEAM_ROLES = ['owner', 'manager', 'analyst'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A member's place in a team: joined (active), or invited and not yet joined. */
export type TeamMemberStatus = 'active' | 'invited';

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  analyst: 'Analyst',
};

/** What each role may do while the team is current (the server decides; the client hides what is refused). */
export type TeamPermission =
  /** Invite, change roles, remove members, rename, transfer ownership. */
  | 'manage_members'
  /** Write and edit the team's posts and campaigns, spend its credits. */
  | 'manage_campaigns'
  /** Move credits from the team to one's own balance (when the team allows it). */
  | 'withdraw_credits'
  /** Read the team's Detailed Stats and credit history. */
  | 'read_stats'
  /** Read the team's audit list. */
  | 'read_audit'
  /** Buy credit packs and membership levels for the team. */
  | 'buy_for_team';

export const TEAM_PERMISSIONS: Record<TeamRole, readonly TeamPermission[]> = {
  owner: ['manage_members', 'manage_campaigns', 'withdraw_credits', 'read_stats', 'read_audit', 'buy_for_team'],
  manager: ['manage_campaigns', 'withdraw_credits', 'read_stats', 'read_audit', 'buy_for_team'],
  analyst: ['read_stats'],
};

export function teamRoleAllows(role: TeamRole, permission: TeamPermission): boolean {
  return TEAM_PERMISSIONS[role].includes(permission);
}

export const TEAM_LIMITS = {
  name: 60,
  /** Teams one member may belong to (active or invited). */
  teamsPerMember: 20,
  /** Active and invited members of one team. */
  membersPerTeam: 100,
  /** Hours an invitation (and its mailed link) stays usable. */
  inviteHours: 7 * 24,
  creditsPerMove: 1_000_000,
} as const;

/** An active member, keyed by user id in `members.active`. */
export interface TeamMember {
  tid: number;
  uid: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  role: TeamRole;
  /** When they joined (ISO). */
  since: string;
}

/** An invited member who has not answered yet, keyed by user id in `members.invited`. */
export interface TeamInvitedMember {
  tid: number;
  uid: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  /** The role they get on accepting. */
  role: TeamRole;
  invitedBy: number | null;
  invitedAt: string;
  /** After this the invitation can no longer be accepted (ISO). */
  expiresAt: string;
}

export interface TeamMembers {
  active: Record<string, TeamMember>;
  invited: Record<string, TeamInvitedMember>;
}

/** One entry of `multiAccounts` (keyed by team id): a team the member is active in. */
export interface MultiAccount {
  id: number;
  name: string;
  image: MediaObject | null;
  /** The member's own role in it. */
  role: TeamRole;
  /** The team's credit balance. */
  credits: number;
  allowWithdraw: boolean;
  members: TeamMembers;
}

/** `currentTeam` of /data/start: the team the `X-Current-Team` header named, if the member is active in it. */
export interface CurrentTeam {
  id: number;
  name: string;
  image: MediaObject | null;
  role: TeamRole;
}

/** A team the member was invited to and has not answered. */
export interface TeamInvitation {
  team: { id: number; name: string; image: MediaObject | null };
  role: TeamRole;
  invitedBy: { id: number; username: string } | null;
  invitedAt: string;
  expiresAt: string;
}

/** GET /data/teams. */
export interface TeamsOverview {
  /** Keyed by team id, the same map as /data/start's `multiAccounts`. */
  teams: Record<string, MultiAccount>;
  invitations: TeamInvitation[];
}

/** One team as its settings page shows it. */
export interface TeamDetail extends MultiAccount {
  createdAt: string;
  createdBy: number | null;
}

/** GET /data/team-invites/<token>: what the mailed link invites to (for the invited account only). */
export type TeamInvitePreview = TeamInvitation;

export const TEAM_AUDIT_ACTIONS = [
  'team_created',
  'team_updated',
  'member_invited',
  'invite_cancelled',
  'invite_accepted',
  'invite_declined',
  'role_changed',
  'member_removed',
  'member_left',
  'ownership_transferred',
  'credits_deposited',
  'credits_withdrawn',
  'campaign_changed',
] as const;
export type TeamAuditAction = (typeof TEAM_AUDIT_ACTIONS)[number];

export const TEAM_AUDIT_LABELS: Record<TeamAuditAction, string> = {
  team_created: 'Created the team',
  team_updated: 'Changed the team',
  member_invited: 'Invited a member',
  invite_cancelled: 'Cancelled an invitation',
  invite_accepted: 'Joined the team',
  invite_declined: 'Declined the invitation',
  role_changed: 'Changed a role',
  member_removed: 'Removed a member',
  member_left: 'Left the team',
  ownership_transferred: 'Transferred ownership',
  credits_deposited: 'Moved credits to the team',
  credits_withdrawn: 'Moved credits out of the team',
  campaign_changed: 'Changed a campaign',
};

/** What a `campaign_changed` audit row says was done to a team post or its campaign. */
export const TEAM_CAMPAIGN_CHANGES = [
  'post_written',
  'post_edited',
  'post_deleted',
  'credits_assigned',
  'credits_withdrawn',
  'paused',
  'resumed',
  'daily_view_cap_set',
] as const;
export type TeamCampaignChange = (typeof TEAM_CAMPAIGN_CHANGES)[number];

export const TEAM_CAMPAIGN_CHANGE_LABELS: Record<TeamCampaignChange, string> = {
  post_written: 'wrote a post',
  post_edited: 'edited a post',
  post_deleted: 'deleted a post',
  credits_assigned: 'moved credits to a campaign',
  credits_withdrawn: 'took credits back from a campaign',
  paused: 'paused a campaign',
  resumed: 'resumed a campaign',
  daily_view_cap_set: 'changed a campaign’s daily view cap',
};

/**
 * What an audit row carries besides its action, per action (absent fields: not relevant):
 * `target` the member acted on, `role`/`fromRole` a role given/taken, `amount` credits moved,
 * `name` a team's new name, `pid` a post, `campaign` what was done to it (with `dailyViewCap`
 * the cap set, null: none).
 */
export interface TeamAuditDetails {
  target?: { id: number; username: string };
  role?: TeamRole;
  fromRole?: TeamRole;
  amount?: number;
  name?: string;
  pid?: number;
  campaign?: TeamCampaignChange;
  dailyViewCap?: number | null;
}

export interface TeamAuditItem {
  id: number;
  action: TeamAuditAction;
  /** Who did it (null once that account is deleted). */
  actor: { id: number; username: string } | null;
  details: TeamAuditDetails;
  /** The short label of the post `details.pid` names (`postTitleOf`; "a deleted post" once deleted); null when none. */
  postTitle: string | null;
  at: string;
}

export const TEAM_AUDIT_PAGE_SIZE = 50;

/** After a credit move: both balances as they are now. */
export interface TeamCreditsAnswer {
  teamCredits: number;
  memberCredits: number;
}
