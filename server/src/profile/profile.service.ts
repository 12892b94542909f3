import { Injectable } from '@nestjs/common';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { USERNAME_PATTERN } from '@shared/accounts/account.schemas.js';
import type { ListPage } from '@shared/api/list-page.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { MEMBER_PAGE_SIZE, type MemberCard, type ProfileGroup } from '@shared/people/people.js';
import { BlocksRepository } from '../blocks/blocks.repository.js';
import { AppError } from '../common/errors/app-error.js';
import { FollowsRepository } from '../follows/follows.repository.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { ProfileGroupsRepository } from './profile-groups.repository.js';

/** Answers one more row than a page holds and cuts it off: its presence says there is a next page. */
async function pageOf<T>(page: number, load: (limit: number, offset: number) => Promise<T[]>): Promise<ListPage<T>> {
  const rows = await load(MEMBER_PAGE_SIZE + 1, (page - 1) * MEMBER_PAGE_SIZE);
  return { items: rows.slice(0, MEMBER_PAGE_SIZE), page, hasMore: rows.length > MEMBER_PAGE_SIZE };
}

/**
 * Public profiles: visitors see them too; nothing private (email, settings) is in the answer.
 * A member who blocked the viewer has no profile for them, as if they did not exist.
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly follows: FollowsRepository,
    private readonly groups: ProfileGroupsRepository,
    private readonly blocks: BlocksRepository,
  ) {}

  /** `viewerId` null: a visitor. */
  async profile(username: string, viewerId: number | null): Promise<ProfileAnswer> {
    const user = await this.member(username, viewerId);
    const [counts, viewerBlocked] = await Promise.all([
      this.follows.countsOf(user.id, viewerId),
      viewerId === null ? false : this.blocks.isBlocked(viewerId, user.id),
    ]);
    return {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      image: user.image,
      joinedAt: user.createdAt.toISOString(),
      isOwn: viewerId === user.id,
      followerCount: counts.followers,
      followingCount: counts.following,
      viewerFollows: counts.viewerFollows,
      viewerBlocked,
    };
  }

  async followers(username: string, viewerId: number | null, page: number): Promise<ListPage<MemberCard>> {
    const user = await this.member(username, viewerId);
    return pageOf(page, (limit, offset) => this.follows.followersOf(user.id, viewerId, limit, offset));
  }

  async following(username: string, viewerId: number | null, page: number): Promise<ListPage<MemberCard>> {
    const user = await this.member(username, viewerId);
    return pageOf(page, (limit, offset) => this.follows.followingOf(user.id, viewerId, limit, offset));
  }

  async groupsOf(username: string, viewerId: number | null, page: number): Promise<ListPage<ProfileGroup>> {
    const user = await this.member(username, viewerId);
    return pageOf(page, (limit, offset) => this.groups.groupsOf(user.id, viewerId, limit, offset));
  }

  /** An account not set up yet has no profile; nor, for the members it blocked, has its owner. */
  private async member(username: string, viewerId: number | null): Promise<UserEntity> {
    const user = USERNAME_PATTERN.test(username) ? await this.users.findByUsername(username) : null;
    if (!user || user.needsSetup || (viewerId !== null && (await this.blocks.isBlocked(user.id, viewerId)))) {
      throw new AppError(ErrorCode.NotFound, 'No such member', 'There is no member with this name.');
    }
    return user;
  }
}
