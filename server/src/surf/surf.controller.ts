import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { rotatorSchema, type RotatorAnswer, type RotatorPayload, type SurfNextAnswer } from '@shared/surf/surf.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { Ctx, type RequestContext } from '../common/http/request-context.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { RotatorService } from './rotator.service.js';
import { SurfService } from './surf.service.js';

@Controller('surf')
@Auth()
export class SurfController {
  constructor(
    private readonly surf: SurfService,
    private readonly rotator: RotatorService,
  ) {}

  /** The next post, with a ticket bound to the tab named by the X-Socket-Id header. */
  @Post('next')
  @HttpCode(200)
  next(@CurrentAuth() auth: AuthContext, @Ctx() context: RequestContext): Promise<SurfNextAnswer> {
    return this.surf.next(auth, context.socketId);
  }

  @Get('rotator')
  rotatorLanguages(@CurrentAuth() auth: AuthContext): Promise<RotatorAnswer> {
    return this.rotator.languages(auth.user.id);
  }

  @Put('rotator')
  chooseRotatorLanguages(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(rotatorSchema)) { languages }: RotatorPayload,
  ): Promise<RotatorAnswer> {
    return this.rotator.choose(auth.user.id, languages);
  }
}
