import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { BlockedMember } from '@shared/feed/safety.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { RoomAccess } from '../realtime/room-access.js';
import { BlocksRepository } from './blocks.repository.js';

/**
 * A member blocks another, and the block hides both ways: neither sees the other's posts,
 * comments, feels or place in follower lists, in any feed, search, the surf bar or a live push;
 * neither can comment on, reply to or feel the other's content, follow the other or notify them.
 * The queries apply it through `notBlockedEitherWay` (blocks.repository.ts); only the blocker's
 * profile is hidden one way, from the member they blocked (ProfileService).
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly blocks: BlocksRepository,
    private readonly limits: MemberRateLimits,
    private readonly roomAccess: RoomAccess,
  ) {}

  list(userId: number): Promise<BlockedMember[]> {
    return this.blocks.blockedBy(userId);
  }

  async block(userId: number, blockedId: number): Promise<void> {
    await this.limits.take('block', userId);
    if (blockedId === userId)
      throw new AppError(ErrorCode.Validation, 'Not possible', 'You cannot block yourself.', { field: 'userId' });
    if (!(await this.blocks.block(userId, blockedId))) {
      throw new AppError(ErrorCode.NotFound, 'Not found', 'There is no such member.');
    }
    await this.roomAccess.recheck({ userIds: [userId, blockedId] });
  }

  async unblock(userId: number, blockedId: number): Promise<void> {
    await this.blocks.unblock(userId, blockedId);
  }
}
