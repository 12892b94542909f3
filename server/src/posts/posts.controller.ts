import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { postSchema, type CampaignItem, type PostItem, type PostPayload } from '@shared/campaigns/campaigns.js';
import type { MediaObject } from '@shared/media/media.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { ActingTeamOf, Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { readUpload } from '../settings/read-upload.js';
import { PostsService } from './posts.service.js';

@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  @Auth()
  mine(@CurrentAuth() auth: AuthContext, @ActingTeamOf() team: ActingTeam | null): Promise<CampaignItem[]> {
    return this.posts.mine(auth.user.id, team);
  }

  @Post()
  @HttpCode(200)
  @Auth()
  create(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Body(new ZodValidationPipe(postSchema)) payload: PostPayload,
  ): Promise<CampaignItem> {
    return this.posts.create(auth.user.id, team, payload);
  }

  @Post('images')
  @HttpCode(200)
  @Auth()
  @RouteConfig(rateLimit('upload'))
  async image(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest): Promise<MediaObject> {
    return this.posts.uploadImage(auth.user.id, await readUpload(request, 'image'));
  }

  /** Visitors can open a post by its address too; a private group's posts only its members. */
  @Get(':pid')
  @Auth('optional')
  post(@CurrentAuth() auth: AuthContext | null, @Param('pid', IdPipe) pid: number): Promise<PostItem> {
    return this.posts.visiblePost(auth?.user.id ?? null, pid);
  }

  @Put(':pid')
  @Auth()
  update(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
    @Body(new ZodValidationPipe(postSchema)) payload: PostPayload,
  ): Promise<CampaignItem> {
    return this.posts.update(auth.user.id, team, pid, payload);
  }

  @Delete(':pid')
  @Auth()
  @Idempotent()
  async remove(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
  ): Promise<null> {
    await this.posts.remove(auth.user.id, team, pid);
    return null;
  }
}
