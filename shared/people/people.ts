import type { GroupRole, GroupVisibility } from '../groups/groups.js';
import type { MediaObject } from '../media/media.js';

/** A member in a list (search results, followers, following), with whether the viewer follows them. */
export interface MemberCard {
  id: number;
  username: string;
  first_name: string;
  image: MediaObject | string | null;
  /** Null when there is nothing to follow: the viewer themself, or a visitor viewing. */
  following: boolean | null;
}

/** After a follow or an unfollow: the viewer's state and the member's new follower count. */
export interface FollowState {
  following: boolean;
  followers: number;
}

/** A group a member is active in, as their profile's Groups tab lists it. */
export interface ProfileGroup {
  slug: string;
  name: string;
  visibility: GroupVisibility;
  role: GroupRole;
}

/** The tabs of a member's profile, each its own address: /profile/<username>/<tab>. */
export const PROFILE_TABS = ['posts', 'groups', 'followers', 'following'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const MEMBER_PAGE_SIZE = 20;
/** Search pages beyond this are refused: nobody reads that far, and deep offsets are what scrapers ask for. */
export const MAX_SEARCH_PAGE = 25;
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 50;

/**
 * The people calls. Every answer is the /data envelope; "→" names the type of `data`.
 *
 * | call | method | who | → data |
 * |---|---|---|---|
 * | members + '/:id/follow' | PUT / DELETE | member; not themself, not a member who blocked them | FollowState (idempotent) |
 * | search | GET `?q=&page=` | member | ListPage<MemberCard>, best match first |
 * | profile + '/:username/followers' or '/following' | GET `?page=` | anyone | ListPage<MemberCard>, newest first |
 * | profile + '/:username/groups' | GET `?page=` | anyone; private groups only to their members | ListPage<ProfileGroup> |
 */
export const PEOPLE_ENDPOINTS = {
  members: '/data/members',
  search: '/data/userSearch',
  profile: '/data/profile',
} as const;

/** A member's profile address, optionally at one of its tabs. */
export function memberProfilePath(username: string, tab?: ProfileTab): string {
  return `/profile/${encodeURIComponent(username)}${tab ? `/${tab}` : ''}`;
}
