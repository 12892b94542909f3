import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { BlockedMember } from '@shared/feed/safety.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { RoomAccess } from '../realtime/room-access.js';
import { BlocksRepository } from './blocks.repository.js';

/**
 * A member blocks another: the blocked member's posts and comments are hidden from them, and
 * the blocked member can no longer comment on their posts, reply to their comments or notify
 * them with a mention.
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
