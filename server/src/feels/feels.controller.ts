import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { feelersQuerySchema, feelSchema, type FeelersQuery, type FeelPayload } from '@shared/feed/feel-payloads.js';
import type { FeelersPage, FeelSummary } from '@shared/feed/feels.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { FeelsService } from './feels.service.js';

@Controller()
export class FeelsController {
  constructor(private readonly feels: FeelsService) {}

  @Put('posts/:pid/feel')
  @Auth()
  feelPost(
    @CurrentAuth() auth: AuthContext,
    @Param('pid', IdPipe) pid: number,
    @Body(new ZodValidationPipe(feelSchema)) payload: FeelPayload,
  ): Promise<FeelSummary> {
    return this.feels.set(auth.user.id, { on: 'post', id: pid }, payload.kind);
  }

  @Delete('posts/:pid/feel')
  @Auth()
  unfeelPost(@CurrentAuth() auth: AuthContext, @Param('pid', IdPipe) pid: number): Promise<FeelSummary> {
    return this.feels.set(auth.user.id, { on: 'post', id: pid }, null);
  }

  @Get('posts/:pid/feels')
  @Auth('optional')
  postFeelers(
    @CurrentAuth() auth: AuthContext | null,
    @Param('pid', IdPipe) pid: number,
    @Query(new ZodValidationPipe(feelersQuerySchema)) query: FeelersQuery,
  ): Promise<FeelersPage> {
    return this.feels.feelers(auth?.user.id ?? null, { on: 'post', id: pid }, query);
  }

  @Put('comments/:commentId/feel')
  @Auth()
  feelComment(
    @CurrentAuth() auth: AuthContext,
    @Param('commentId', IdPipe) commentId: number,
    @Body(new ZodValidationPipe(feelSchema)) payload: FeelPayload,
  ): Promise<FeelSummary> {
    return this.feels.set(auth.user.id, { on: 'comment', id: commentId }, payload.kind);
  }

  @Delete('comments/:commentId/feel')
  @Auth()
  unfeelComment(@CurrentAuth() auth: AuthContext, @Param('commentId', IdPipe) commentId: number): Promise<FeelSummary> {
    return this.feels.set(auth.user.id, { on: 'comment', id: commentId }, null);
  }

  @Get('comments/:commentId/feels')
  @Auth('optional')
  commentFeelers(
    @CurrentAuth() auth: AuthContext | null,
    @Param('commentId', IdPipe) commentId: number,
    @Query(new ZodValidationPipe(feelersQuerySchema)) query: FeelersQuery,
  ): Promise<FeelersPage> {
    return this.feels.feelers(auth?.user.id ?? null, { on: 'comment', id: commentId }, query);
  }
}
