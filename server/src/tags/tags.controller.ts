import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { tagSchema, type TagAnswer, type TagsOverview } from '@shared/tags/tags.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { TagsService } from './tags.service.js';

const TagPipe = new ZodValidationPipe(tagSchema);

@Controller('tags')
@Auth()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  overview(@CurrentAuth() auth: AuthContext): Promise<TagsOverview> {
    return this.tags.overview(auth.user.id);
  }

  @Get(':tag')
  tag(@CurrentAuth() auth: AuthContext, @Param('tag', TagPipe) tag: string): Promise<TagAnswer> {
    return this.tags.tag(auth.user.id, tag);
  }

  @Post(':tag/follow')
  @HttpCode(200)
  follow(@CurrentAuth() auth: AuthContext, @Param('tag', TagPipe) tag: string): Promise<TagAnswer> {
    return this.tags.follow(auth.user.id, tag);
  }

  @Delete(':tag/follow')
  unfollow(@CurrentAuth() auth: AuthContext, @Param('tag', TagPipe) tag: string): Promise<TagAnswer> {
    return this.tags.unfollow(auth.user.id, tag);
  }
}
