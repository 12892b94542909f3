import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { postSchema, youtubeIdOf, type CampaignItem, type PostItem, type PostPayload } from '@shared/campaigns/campaigns.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { MediaObject } from '@shared/media/media.js';
import { AppError } from '../common/errors/app-error.js';
import { LedgerService } from '../credits/ledger.service.js';
import { LiveDataService } from '../live-data/live-data.service.js';
import { MediaService } from '../media/media.service.js';
import { PostsRepository } from './posts.repository.js';

export const POST_NOT_FOUND = new AppError(ErrorCode.NotFound, 'Post not found', 'This post does not exist or was deleted.');

/** Members' posts. Each post has one campaign (created with it, holding no credits at first). */
@Injectable()
export class PostsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly media: MediaService,
    private readonly ledger: LedgerService,
    private readonly liveData: LiveDataService,
  ) {}

  async publicPost(pid: number): Promise<PostItem> {
    return (await this.posts.post(pid)) ?? Promise.reject(POST_NOT_FOUND);
  }

  mine(userId: number): Promise<CampaignItem[]> {
    return this.posts.campaignsOf(userId);
  }

  uploadImage(userId: number, upload: Buffer): Promise<MediaObject> {
    return this.media.storePostImage(userId, upload);
  }

  async create(userId: number, payload: PostPayload): Promise<CampaignItem> {
    const values = await this.columns(userId, payload);
    const pid = await this.dataSource.transaction(async (manager) => {
      const [post] = await manager.query(
        `INSERT INTO posts (user_id, text, link, youtube_id, image_ids, language, tags)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [userId, values.text, values.link, values.youtubeId, values.imageIds, values.language, values.tags],
      );
      await manager.query(`INSERT INTO campaigns (post_id, user_id) VALUES ($1, $2)`, [post.id, userId]);
      return post.id as number;
    });
    return (await this.posts.campaign(pid))!;
  }

  async update(userId: number, pid: number, payload: PostPayload): Promise<CampaignItem> {
    const values = await this.columns(userId, payload);
    const [, changed] = await this.dataSource.query(
      `UPDATE posts SET text = $3, link = $4, youtube_id = $5, image_ids = $6, language = $7, tags = $8, updated_at = now()
        WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
      [pid, userId, values.text, values.link, values.youtubeId, values.imageIds, values.language, values.tags],
    );
    if (changed === 0) throw POST_NOT_FOUND;
    return (await this.posts.campaign(pid))!;
  }

  /** Deletes a post; its unspent credits go back to the owner in the same transaction. */
  async remove(userId: number, pid: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const campaign = await this.posts.lockOwnedCampaign(manager, pid);
      if (!campaign || campaign.userId !== userId) throw POST_NOT_FOUND;
      if (campaign.credits > 0) {
        await this.ledger.move(manager, `delete:${pid}:${randomUUID()}`, [
          { account: 'campaign', campaignId: pid, amount: -campaign.credits, kind: 'campaign_withdraw' },
          { account: 'user', userId, amount: campaign.credits, kind: 'campaign_withdraw', campaignId: pid },
        ]);
      }
      await manager.query(`UPDATE posts SET deleted_at = now() WHERE id = $1`, [pid]);
      await manager.query(`UPDATE campaigns SET paused = true WHERE post_id = $1`, [pid]);
    });
    await this.liveData.pushCredits(userId);
  }

  private async columns(userId: number, payload: PostPayload) {
    const values = postSchema.parse(payload);
    const imageIds = await this.media.ownedIds(userId, 'post_image', values.imageIds);
    if (imageIds.length !== values.imageIds.length) {
      throw new AppError(
        ErrorCode.Validation,
        'Invalid imageIds',
        'A picture of this post was not uploaded by you. Please upload it again.',
        { field: 'imageIds' },
      );
    }
    return { ...values, imageIds, youtubeId: values.youtube ? youtubeIdOf(values.youtube) : null };
  }
}
