import { Injectable } from '@nestjs/common';
import { postSchema, youtubeIdOf, type CampaignItem, type PostItem, type PostPayload } from '@shared/campaigns/campaigns.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { MediaObject } from '@shared/media/media.js';
import { AppError } from '../common/errors/app-error.js';
import { Transactions } from '../database/transactions.js';
import { MemberRateLimits } from '../common/http/member-rate-limits.js';
import { PostAccessRepository } from '../feed/post-access.repository.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { GroupsRepository } from '../groups/groups.repository.js';
import { GROUP_ERRORS } from '../groups/group-errors.js';
import { MediaService } from '../media/media.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { PostRetirement } from './post-retirement.js';
import { PostsRepository, type PostValues } from './posts.repository.js';

export const POST_NOT_FOUND = new AppError(ErrorCode.NotFound, 'Post not found', 'This post does not exist or was deleted.');

/** Members' posts. Each post has one campaign (created with it, holding no credits at first). */
@Injectable()
export class PostsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly posts: PostsRepository,
    private readonly media: MediaService,
    private readonly retirement: PostRetirement,
    private readonly liveData: LiveDataService,
    private readonly groups: GroupsRepository,
    private readonly access: PostAccessRepository,
    private readonly limits: MemberRateLimits,
    private readonly realtime: RealtimeService,
  ) {}

  /** A post by its address, for anyone who may see it (visitors too). */
  async visiblePost(viewerId: number | null, pid: number): Promise<PostItem> {
    if (!(await this.access.visiblePost(viewerId, pid))) throw POST_NOT_FOUND;
    return (await this.posts.post(pid)) ?? Promise.reject(POST_NOT_FOUND);
  }

  mine(userId: number): Promise<CampaignItem[]> {
    return this.posts.campaignsOf(userId);
  }

  uploadImage(userId: number, upload: Buffer): Promise<MediaObject> {
    return this.media.storePostImage(userId, upload);
  }

  async create(userId: number, payload: PostPayload): Promise<CampaignItem> {
    this.limits.take('post', userId);
    const values = await this.columns(userId, payload);
    if (values.groupId !== null && !(await this.groups.isActiveMember(values.groupId, userId))) throw GROUP_ERRORS.postNotMember;
    const pid = await this.transactions.run(async (manager) => {
      const created = await this.posts.insertPost(manager, userId, values);
      await this.posts.insertCampaign(manager, created, userId);
      return created;
    });
    return this.answered(userId, (await this.posts.campaign(pid))!);
  }

  async update(userId: number, pid: number, payload: PostPayload): Promise<CampaignItem> {
    const values = await this.columns(userId, payload);
    if (!(await this.posts.updateOwnPost(userId, pid, values))) throw POST_NOT_FOUND;
    return this.answered(userId, (await this.posts.campaign(pid))!);
  }

  /** The owner's other tabs put the written or edited post in their lists too. */
  private answered(userId: number, item: CampaignItem): CampaignItem {
    this.realtime.sendToUser(userId, 'posts:changed', [{ pid: item.post.pid, item }]);
    return item;
  }

  /** Deletes a post; its unspent credits go back to the owner in the same transaction. */
  async remove(userId: number, pid: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      if ((await this.retirement.retire(manager, pid, userId)) === null) throw POST_NOT_FOUND;
    });
    this.realtime.sendToUser(userId, 'posts:changed', [{ pid, item: null }]);
    await this.liveData.pushCredits(userId);
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
