import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type BlockedMember } from '@shared/feed/safety.js';
import { blockSchema, type BlockPayload } from '@shared/feed/safety.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { BlocksService } from './blocks.service.js';

@Controller('blocks')
@Auth()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get()
  list(@CurrentAuth() auth: AuthContext): Promise<BlockedMember[]> {
    return this.blocks.list(auth.user.id);
  }

  @Post()
  @HttpCode(200)
  async block(@CurrentAuth() auth: AuthContext, @Body(new ZodValidationPipe(blockSchema)) payload: BlockPayload): Promise<null> {
    await this.blocks.block(auth.user.id, payload.userId);
    return null;
  }

  @Delete(':userId')
  async unblock(@CurrentAuth() auth: AuthContext, @Param('userId', IdPipe) userId: number): Promise<null> {
    await this.blocks.unblock(auth.user.id, userId);
    return null;
  }
}
