import { Injectable } from '@nestjs/common';
import { postSchema, youtubeIdOf, type CampaignItem, type PostItem, type PostPayload } from '@shared/campaigns/campaigns.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { MediaObject } from '@shared/media/media.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { advertiserOf, advertiserRoom, campaignWriterOf, type Advertiser } from '../auth/advertiser.js';
import { AppError } from '../common/errors/app-error.js';
import { Transactions } from '../database/transactions.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { MediaService } from '../media/media.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { PostAccessRepository } from './post-access.repository.js';
import { PostRetirement } from './post-retirement.js';
import { PostsRepository, type PostValues } from './posts.repository.js';
import { TeamCampaignAudit } from './team-campaign-audit.js';

export const POST_NOT_FOUND = new AppError(ErrorCode.NotFound, 'Post not found', 'This post does not exist or was deleted.');

const NOT_GROUP_MEMBER = new AppError(ErrorCode.Forbidden, 'Not a member', 'You can post only in groups you are a member of.', {
  field: 'groupId',
});

/**
 * Members' posts, and teams' (written while the team is current, by its owners and managers).
 * Each post has one campaign (created with it, holding no credits at first).
 */
@Injectable()
export class PostsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly posts: PostsRepository,
    private readonly media: MediaService,
    private readonly retirement: PostRetirement,
    private readonly access: PostAccessRepository,
    private readonly limits: MemberRateLimits,
    private readonly realtime: RealtimeService,
    private readonly teamAudit: TeamCampaignAudit,
  ) {}

  /** A post by its address, for anyone who may see it (visitors too). */
  async visiblePost(viewerId: number | null, pid: number): Promise<PostItem> {
    if (!(await this.access.visiblePost(viewerId, pid))) throw POST_NOT_FOUND;
    return (await this.posts.post(pid)) ?? Promise.reject(POST_NOT_FOUND);
  }

  /** The current account's posts: the team's while one is current (any role reads them), else the member's own. */
  mine(userId: number, team: ActingTeam | null): Promise<CampaignItem[]> {
    return this.posts.campaignsOf(advertiserOf(userId, team));
  }

  uploadImage(userId: number, upload: Buffer): Promise<MediaObject> {
    return this.media.storePostImage(userId, upload);
  }

  /** With a team current, the post is the team's (its writer stays `author`). */
  async create(userId: number, team: ActingTeam | null, payload: PostPayload): Promise<CampaignItem> {
    const owner = campaignWriterOf(userId, team);
    await this.limits.take('post', userId);
    const values = await this.columns(userId, payload);
    if (values.groupId !== null && !(await this.access.mayPostInGroup(values.groupId, userId))) throw NOT_GROUP_MEMBER;
    const pid = await this.transactions.run(async (manager) => {
      const created = await this.posts.insertPost(manager, userId, owner.kind === 'team' ? owner.teamId : null, values);
      await this.posts.insertCampaign(manager, created, userId);
      await this.teamAudit.record(manager, userId, owner, created, 'post_written');
      return created;
    });
    return this.answered(owner, (await this.posts.campaign(pid))!);
  }

  async update(userId: number, team: ActingTeam | null, pid: number, payload: PostPayload): Promise<CampaignItem> {
    const owner = campaignWriterOf(userId, team);
    const values = await this.columns(userId, payload);
    await this.transactions.run(async (manager) => {
      if (!(await this.posts.updateOwnPost(manager, owner, pid, values))) throw POST_NOT_FOUND;
      await this.teamAudit.record(manager, userId, owner, pid, 'post_edited');
    });
    return this.answered(owner, (await this.posts.campaign(pid))!);
  }

  /** The account's other tabs put the written or edited post in their lists too. */
  private answered(owner: Advertiser, item: CampaignItem): CampaignItem {
    this.realtime.sendToRoom(advertiserRoom(owner), 'posts:changed', [{ pid: item.post.pid, item }]);
    return item;
  }

  /** Deletes a post; its unspent credits go back to the account it spent from, in the same transaction. */
  async remove(userId: number, team: ActingTeam | null, pid: number): Promise<void> {
    const owner = campaignWriterOf(userId, team);
    await this.transactions.run(async (manager) => {
      if ((await this.retirement.retire(manager, pid, owner)) === null) throw POST_NOT_FOUND;
      await this.teamAudit.record(manager, userId, owner, pid, 'post_deleted');
    });
    await this.retirement.announce([{ pid, owner }]);
  }

  private async columns(userId: number, payload: PostPayload): Promise<PostValues> {
    const { youtube, ...values } = postSchema.parse(payload);
    const imageIds = await this.media.ownedIds(userId, 'post_image', values.imageIds);
    if (imageIds.length !== values.imageIds.length) {
      throw new AppError(
        ErrorCode.Validation,
        'Invalid imageIds',
        'A picture of this post was not uploaded by you. Please upload it again.',
        { field: 'imageIds' },
      );
    }
    return { ...values, imageIds, youtubeId: youtube ? youtubeIdOf(youtube) : null };
  }
}
