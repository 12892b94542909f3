import { Injectable } from '@nestjs/common';
import type { ListPage } from '@shared/api/list-page.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { BOOKMARK_PAGE_SIZE, type BookmarkedPost, type BookmarkState } from '@shared/bookmarks/bookmarks.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { BookmarksRepository } from './bookmarks.repository.js';

/** Saving posts to find them again: only posts the member may see; saving and unsaving are idempotent. */
@Injectable()
export class BookmarksService {
  constructor(
    private readonly bookmarks: BookmarksRepository,
    private readonly limits: MemberRateLimits,
  ) {}

  /** A post the member may not see answers as one that does not exist, so its existence is not told. */
  async save(userId: number, pid: number): Promise<BookmarkState> {
    await this.limits.take('bookmark', userId);
    if (!(await this.bookmarks.save(userId, pid))) {
      throw new AppError(ErrorCode.NotFound, 'Post not found', 'This post does not exist, or you may not see it.');
    }
    return { pid, bookmarked: true };
  }

  /** Removes only the member's own bookmark, so any id is safe here. */
  async remove(userId: number, pid: number): Promise<BookmarkState> {
    await this.limits.take('bookmark', userId);
    await this.bookmarks.remove(userId, pid);
    return { pid, bookmarked: false };
  }

  async state(userId: number, pid: number): Promise<BookmarkState> {
    return { pid, bookmarked: await this.bookmarks.isBookmarked(userId, pid) };
  }

  async page(userId: number, page: number): Promise<ListPage<BookmarkedPost>> {
    const rows = await this.bookmarks.pageOf(userId, BOOKMARK_PAGE_SIZE + 1, (page - 1) * BOOKMARK_PAGE_SIZE);
    return { items: rows.slice(0, BOOKMARK_PAGE_SIZE), page, hasMore: rows.length > BOOKMARK_PAGE_SIZE };
  }

  /** For a feed: which of these posts the member saved. */
  bookmarkedAmong(userId: number, pids: readonly number[]): Promise<Set<number>> {
    return this.bookmarks.bookmarkedAmong(userId, pids);
  }
}
