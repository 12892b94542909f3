import type { PostItem } from '../campaigns/campaigns.js';

export interface BookmarkState {
  pid: number;
  bookmarked: boolean;
}

export interface BookmarkedPost {
  post: PostItem;
  bookmarkedAt: string;
}

export const BOOKMARK_PAGE_SIZE = 20;

/**
 * Bookmarks: a member saves a post they may see (a private group's post only while they are an
 * active member of the group) to find it again on /BookmarkedPosts.
 *
 * | call | method | → data |
 * |---|---|---|
 * | list | GET `?page=` | ListPage<BookmarkedPost>, newest bookmark first |
 * | list + '/:pid' | GET | BookmarkState |
 * | list + '/:pid' | PUT / DELETE | BookmarkState (idempotent) |
 */
export const BOOKMARK_ENDPOINTS = {
  list: '/data/bookmarks',
} as const;
