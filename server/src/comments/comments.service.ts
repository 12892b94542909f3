import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { COMMENT_LIMITS, mentionedUsernames, type CommentsPage, type FeedComment } from '@shared/feed/comments.js';
import { type CommentsQuery } from '@shared/feed/comment.schemas.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { PostAccessRepository } from '../posts/post-access.repository.js';
import { PostRoomsService } from '../posts/post-rooms.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { excerpt } from './excerpt.js';
import { toComment, toCommentTree } from './comment-rows.js';
import { CommentsRepository, type CommentForChange } from './comments.repository.js';

const COMMENT_NOT_FOUND = new AppError(ErrorCode.NotFound, 'Comment not found', 'This comment does not exist or was deleted.');

/**
 * Comments on posts and replies to them (one level). Anyone who may see a post reads its
 * comments; members who may see it write them. A block hides both ways: a post or comment by a
 * member blocked either way with the writer does not exist for them (404), so they can neither
 * comment on it nor reply to it. Authors edit their words within a window; authors, the post's
 * owner and, for a post in a group, the group's owners and moderators delete. The post's owner
 * and mentioned members are notified (an edit tells the members it newly mentions); watching tabs
 * get it live.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly access: PostAccessRepository,
    private readonly rooms: PostRoomsService,
    private readonly notifications: NotificationsService,
    private readonly limits: MemberRateLimits,
  ) {}

  /** Top-level comments (each with its newest replies), or one comment's replies, older than `before`; oldest first. */
  async page(viewerId: number | null, pid: number, query: CommentsQuery): Promise<CommentsPage> {
    if (!(await this.access.visiblePost(viewerId, pid))) throw POST_NOT_FOUND;
    if (query.parent !== undefined) {
      const parent = await this.comments.topLevelOn(viewerId, pid, query.parent);
      if (!parent) throw COMMENT_NOT_FOUND;
      const rows = await this.comments.repliesOf(viewerId, parent.id, query.before, COMMENT_LIMITS.page + 1);
      return { items: rows.slice(0, COMMENT_LIMITS.page).map(toComment).reverse(), more: rows.length > COMMENT_LIMITS.page };
    }
    const rows = await this.comments.threadsOf(viewerId, [pid], {
      comments: COMMENT_LIMITS.page + 1,
      replies: COMMENT_LIMITS.firstReplies,
      before: query.before,
    });
    const threads = toCommentTree(rows);
    const more = threads.length > COMMENT_LIMITS.page;
    return { items: more ? threads.slice(1) : threads, more };
  }

  async write(userId: number, pid: number, text: string, parentId: number | null): Promise<FeedComment> {
    await this.limits.take('comment', userId);
    const post = await this.access.visiblePost(userId, pid);
    if (!post) throw POST_NOT_FOUND;
    const parent = parentId === null ? null : await this.comments.topLevelOn(userId, pid, parentId);
    if (parentId !== null && !parent) throw COMMENT_NOT_FOUND;

    const id = await this.comments.insert(userId, pid, parent?.id ?? null, text);
    const comment = toComment((await this.comments.visibleComment(userId, id))!);
    await this.rooms.commentWritten(comment, await this.comments.countOn(pid));
    await this.notifyOf(comment, post.ownerId);
    return comment;
  }

  async edit(userId: number, commentId: number, text: string): Promise<FeedComment> {
    const target = await this.changeable(userId, commentId);
    if (target.authorId !== userId) throw new AppError(ErrorCode.Forbidden, 'Not allowed', 'Only its author can edit a comment.');
    if (Date.now() - target.createdAt.getTime() > COMMENT_LIMITS.editWindowMs) {
      throw new AppError(ErrorCode.Forbidden, 'Too late to edit', 'A comment can be edited for 15 minutes after writing it.');
    }
    await this.comments.updateText(commentId, text);
    const comment = toComment((await this.comments.visibleComment(userId, commentId))!);
    await this.rooms.commentWritten(comment, await this.comments.countOn(target.pid));
    const before = new Set(mentionedUsernames(target.text, Infinity));
    const added = mentionedUsernames(comment.text).filter((username) => !before.has(username));
    await this.notifyMentioned(comment, added, []);
    return comment;
  }

  /** By its author, the post's owner, or its group's owners and moderators; a top-level comment's replies go with it. */
  async remove(userId: number, commentId: number): Promise<void> {
    const target = await this.changeable(userId, commentId);
    if (target.authorId !== userId && target.postOwnerId !== userId && !target.moderatedByAsker) {
      throw new AppError(
        ErrorCode.Forbidden,
        'Not allowed',
        'Only its author, the post’s owner or the group’s moderators can delete a comment.',
      );
    }
    await this.comments.markDeleted(commentId);
    this.rooms.commentRemoved({
      pid: target.pid,
      commentId,
      parentId: target.parentId,
      commentCount: await this.comments.countOn(target.pid),
    });
  }

  /** A live comment on a post the member may still see; else not found. */
  private async changeable(userId: number, commentId: number): Promise<CommentForChange> {
    const target = await this.comments.forChange(commentId, userId);
    if (!target || !(await this.access.visiblePost(userId, target.pid))) throw COMMENT_NOT_FOUND;
    return target;
  }

  /** The post's owner learns of a comment by someone else; mentioned members (who may see the post) of their mention. */
  private async notifyOf(comment: FeedComment, ownerId: number): Promise<void> {
    if (ownerId !== comment.author.id) {
      await this.notifications.notifyFrom(comment.author.id, ownerId, {
        type: 'post_comment',
        heading: `${comment.author.first_name} commented on your post`,
        body: excerpt(comment.text),
        link: `/post/${comment.pid}`,
      });
    }
    await this.notifyMentioned(comment, mentionedUsernames(comment.text), [ownerId]);
  }

  /** The members these usernames name who may see the post, but those `told` already. */
  private async notifyMentioned(comment: FeedComment, usernames: string[], told: number[]): Promise<void> {
    const mentioned = await this.comments.mentionable(usernames, comment.author.id, comment.pid);
    for (const userId of mentioned.filter((id) => !told.includes(id))) {
      await this.notifications.notifyFrom(comment.author.id, userId, {
        type: 'comment_mention',
        heading: `${comment.author.first_name} mentioned you in a comment`,
        body: excerpt(comment.text),
        link: `/post/${comment.pid}`,
      });
    }
  }
}
