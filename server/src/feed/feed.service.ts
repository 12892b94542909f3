import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { COMMENT_LIMITS } from '@shared/feed/comments.js';
import { FEED_PAGE_SIZE, type FeedEntry, type FeedPage } from '@shared/feed/feed.js';
import { type FeedQuery } from '@shared/feed/feed.schemas.js';
import { AppError } from '../common/errors/app-error.js';
import { toCommentTree } from '../comments/comment-rows.js';
import { CommentsRepository } from '../comments/comments.repository.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { FeedRepository, type EntryRow } from './feed.repository.js';

/**
 * Feeds: pages of posts, newest first, each with its first comments, feel counts and what the
 * viewer did (their feel, their bookmark). Two queries a page: the entries, then their comments.
 * Only posts the viewer may see are read (post-visibility.ts).
 */
@Injectable()
export class FeedService {
  constructor(
    private readonly feed: FeedRepository,
    private readonly comments: CommentsRepository,
    private readonly posts: PostsRepository,
  ) {}

  async page(viewerId: number | null, query: FeedQuery): Promise<FeedPage> {
    const limit = FEED_PAGE_SIZE + 1;
    const rows = await this.rowsOf(viewerId, query, limit);
    const entries = await this.entries(viewerId, rows.slice(0, FEED_PAGE_SIZE));
    return { entries, before: rows.length > FEED_PAGE_SIZE ? entries[entries.length - 1].post.pid : null };
  }

  /** One post as a feed entry (the post page), for anyone who may see it. */
  async entry(viewerId: number | null, pid: number): Promise<FeedEntry> {
    const row = await this.feed.entry(viewerId, pid);
    if (!row) throw POST_NOT_FOUND;
    return (await this.entries(viewerId, [row]))[0];
  }

  private async rowsOf(viewerId: number | null, query: FeedQuery, limit: number): Promise<EntryRow[]> {
    switch (query.source) {
      case 'home':
        if (viewerId === null)
          throw new AppError(ErrorCode.Unauthenticated, 'Please log in', 'You need to be logged in to see your feed.');
        return this.feed.home(viewerId, query.before, limit);
      case 'tag':
        return this.feed.tag(viewerId, query.key, query.before, limit);
      case 'group': {
        const groupId = await this.feed.groupIdBySlug(query.key);
        if (groupId === null) throw new AppError(ErrorCode.NotFound, 'Group not found', 'There is no such group.');
        return this.feed.group(viewerId, groupId, query.before, limit);
      }
      case 'search':
        return this.feed.search(viewerId, query.key, query.before, limit);
      case 'user': {
        const authorId = await this.feed.userIdByUsername(query.key, viewerId);
        if (authorId === null) throw new AppError(ErrorCode.NotFound, 'Member not found', 'There is no such member.');
        return this.feed.author(viewerId, authorId, query.before, limit);
      }
    }
  }

  private async entries(viewerId: number | null, rows: EntryRow[]): Promise<FeedEntry[]> {
    const threads = toCommentTree(
      await this.comments.threadsOf(
        viewerId,
        rows.map((row) => row.id),
        { comments: COMMENT_LIMITS.firstComments + 1, replies: COMMENT_LIMITS.firstReplies },
      ),
    );
    return rows.map((row) => {
      const comments = threads.filter((comment) => comment.pid === row.id);
      const more = comments.length > COMMENT_LIMITS.firstComments;
      return {
        post: this.posts.toPost(row),
        group:
          row.group_slug === null
            ? null
            : {
                slug: row.group_slug,
                name: row.group_name!,
                visibility: row.group_visibility!,
                viewerModerates: row.group_moderated,
              },
        feels: { counts: row.feel_counts, mine: row.my_feel },
        commentCount: row.comment_count,
        comments: more ? comments.slice(1) : comments,
        moreComments: more,
        bookmarked: row.bookmarked,
      };
    });
  }
}
