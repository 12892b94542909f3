import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import { memberProfilePath, type FollowState } from '@shared/people/people.js';
import { AppError } from '../common/errors/app-error.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { AuthUser } from '../sessions/auth-context.js';
import { UsersRepository } from '../users/users.repository.js';
import { FollowsRepository } from './follows.repository.js';

const noSuchMember = () => new AppError(ErrorCode.NotFound, 'No such member', 'There is no member with this id.');

/** Following members: never oneself, never a member blocked either way with you; the followee hears of a new follower. */
@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly users: UsersRepository,
    private readonly notifications: NotificationsService,
    private readonly limits: MemberRateLimits,
  ) {}

  /** Following again changes nothing and notifies nobody. */
  async follow(follower: AuthUser, followeeId: number): Promise<FollowState> {
    await this.limits.take('follow', follower.id);
    if (followeeId === follower.id) {
      throw new AppError(ErrorCode.Forbidden, 'Not possible', 'You cannot follow yourself.');
    }
    await this.existingMember(followeeId);
    const outcome = await this.follows.follow(follower.id, followeeId);
    if (outcome === 'blocked') {
      throw new AppError(ErrorCode.Forbidden, 'Not possible', 'You cannot follow this member.');
    }
    if (outcome === 'created') {
      await this.notifications.notifyFrom(follower.id, followeeId, {
        type: 'new_follower',
        heading: 'New follower',
        body: `${follower.firstName} (@${follower.username}) now follows you.`,
        link: memberProfilePath(follower.username),
      });
    }
    return { following: true, followers: await this.follows.followerCount(followeeId) };
  }

  /** Unfollowing someone not followed changes nothing. */
  async unfollow(follower: AuthUser, followeeId: number): Promise<FollowState> {
    await this.limits.take('follow', follower.id);
    await this.existingMember(followeeId);
    await this.follows.unfollow(follower.id, followeeId);
    return { following: false, followers: await this.follows.followerCount(followeeId) };
  }

  /** An account not set up yet has no profile, so nobody can follow it. */
  private async existingMember(id: number): Promise<void> {
    const member = await this.users.findById(id);
    if (!member || member.needsSetup) throw noSuchMember();
  }
}
