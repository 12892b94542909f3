import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type CommentsPage, type FeedComment } from '@shared/feed/comments.js';
import {
  commentEditSchema,
  commentSchema,
  commentsQuerySchema,
  type CommentEditPayload,
  type CommentRequest,
  type CommentsQuery,
} from '@shared/feed/comment.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { CommentsService } from './comments.service.js';

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  /** Anyone who may see the post, visitors included. */
  @Get('posts/:pid/comments')
  @Auth('optional')
  page(
    @CurrentAuth() auth: AuthContext | null,
    @Param('pid', IdPipe) pid: number,
    @Query(new ZodValidationPipe(commentsQuerySchema)) query: CommentsQuery,
  ): Promise<CommentsPage> {
    return this.comments.page(auth?.user.id ?? null, pid, query);
  }

  @Post('posts/:pid/comments')
  @HttpCode(200)
  @Auth()
  write(
    @CurrentAuth() auth: AuthContext,
    @Param('pid', IdPipe) pid: number,
    @Body(new ZodValidationPipe(commentSchema)) payload: CommentRequest,
  ): Promise<FeedComment> {
    return this.comments.write(auth.user.id, pid, payload.text, payload.parentId);
  }

  @Put('comments/:commentId')
  @Auth()
  edit(
    @CurrentAuth() auth: AuthContext,
    @Param('commentId', IdPipe) commentId: number,
    @Body(new ZodValidationPipe(commentEditSchema)) payload: CommentEditPayload,
  ): Promise<FeedComment> {
    return this.comments.edit(auth.user.id, commentId, payload.text);
  }

  @Delete('comments/:commentId')
  @Auth()
  async remove(@CurrentAuth() auth: AuthContext, @Param('commentId', IdPipe) commentId: number): Promise<null> {
    await this.comments.remove(auth.user.id, commentId);
    return null;
  }
}
