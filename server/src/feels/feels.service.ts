import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { FeelersQuery } from '@shared/feed/feel-payloads.js';
import { FEELERS_PAGE_SIZE, type FeelersPage, type FeelKind, type FeelSummary, type FeelTarget } from '@shared/feed/feels.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { CommentsRepository } from '../comments/comments.repository.js';
import { PostAccessRepository } from '../posts/post-access.repository.js';
import { PostRoomsService } from '../posts/post-rooms.service.js';
import { POST_NOT_FOUND } from '../posts/posts.service.js';
import { FeelsRepository, type FeelOn } from './feels.repository.js';

const COMMENT_NOT_FOUND = new AppError(ErrorCode.NotFound, 'Comment not found', 'This comment does not exist or was deleted.');

/** Something a feel is on, as a caller names it. */
export interface FeelSubject {
  on: FeelOn;
  id: number;
}

/**
 * Feels on posts and comments: whoever may see a post gives one feel to it and to each of its
 * comments, changes or takes it back; the new counts reach the tabs watching the post. Feels
 * never touch credits.
 */
@Injectable()
export class FeelsService {
  constructor(
    private readonly feels: FeelsRepository,
    private readonly access: PostAccessRepository,
    private readonly comments: CommentsRepository,
    private readonly rooms: PostRoomsService,
    private readonly limits: MemberRateLimits,
  ) {}

  /** `kind` null takes the member's feel back. */
  async set(userId: number, subject: FeelSubject, kind: FeelKind | null): Promise<FeelSummary> {
    await this.limits.take('feel', userId);
    const target = await this.targetSeenBy(userId, subject);
    if (kind === null) await this.feels.remove(subject.on, subject.id, userId);
    else await this.feels.put(subject.on, subject.id, userId, kind);
    const counts = await this.feels.counts(subject.on, subject.id);
    this.rooms.feelsChanged(target, counts, userId, kind);
    return { counts, mine: kind };
  }

  async feelers(viewerId: number | null, subject: FeelSubject, query: FeelersQuery): Promise<FeelersPage> {
    await this.targetSeenBy(viewerId, subject);
    const rows = await this.feels.feelers(
      subject.on,
      subject.id,
      viewerId,
      query.kind,
      FEELERS_PAGE_SIZE + 1,
      (query.page - 1) * FEELERS_PAGE_SIZE,
    );
    return { items: rows.slice(0, FEELERS_PAGE_SIZE), page: query.page, more: rows.length > FEELERS_PAGE_SIZE };
  }

  /** The post or comment if the viewer may see it; else not found. */
  private async targetSeenBy(viewerId: number | null, subject: FeelSubject): Promise<FeelTarget> {
    if (subject.on === 'post') {
      if (!(await this.access.visiblePost(viewerId, subject.id))) throw POST_NOT_FOUND;
      return { pid: subject.id, commentId: null };
    }
    const comment = await this.comments.visibleComment(viewerId, subject.id);
    if (!comment) throw COMMENT_NOT_FOUND;
    return { pid: comment.post_id, commentId: subject.id };
  }
}
