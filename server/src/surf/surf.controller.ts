import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import type { SurfChallengeEmailAnswer } from '@shared/surf/challenge-email.js';
import { rotatorSchema, type RotatorAnswer, type RotatorPayload, type SurfNextAnswer } from '@shared/surf/surf.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { Ctx, type RequestContext } from '../common/http/request-context.js';
import { UuidPipe } from '../common/validation/uuid.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ChallengeService } from './challenge.service.js';
import { RotatorService } from './rotator.service.js';
import { SurfService } from './surf.service.js';

@Controller('surf')
@Auth()
export class SurfController {
  constructor(
    private readonly surf: SurfService,
    private readonly challenge: ChallengeService,
    private readonly rotator: RotatorService,
  ) {}

  /** The next post, with a ticket bound to the tab named by the X-Socket-Id header. */
  @Post('next')
  @HttpCode(200)
  next(@CurrentAuth() auth: AuthContext, @Ctx() context: RequestContext): Promise<SurfNextAnswer> {
    return this.surf.next(auth, context.socketId);
  }

  /** The picture of the code the member's open ticket asks for: the same for the ticket every time, and never stored along the way. */
  @Get('challenge/:ticketId')
  @RouteConfig(rateLimit('challengeImage'))
  async challengeImage(
    @CurrentAuth() auth: AuthContext,
    @Param('ticketId', UuidPipe) ticketId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const png = await this.challenge.picture(auth.user.id, ticketId);
    await reply.header('cache-control', 'no-store').type('image/png').send(png);
  }

  /** The ticket's code by email instead of the picture: a new 6-digit code, mailed to the member. */
  @Post('challenge/:ticketId/email')
  @HttpCode(200)
  emailChallengeCode(
    @CurrentAuth() auth: AuthContext,
    @Param('ticketId', UuidPipe) ticketId: string,
  ): Promise<SurfChallengeEmailAnswer> {
    return this.challenge.emailCode(auth.user, ticketId);
  }

  @Get('rotator')
  rotatorLanguages(@CurrentAuth() auth: AuthContext): Promise<RotatorAnswer> {
    return this.rotator.languages(auth.user.id);
  }

  @Put('rotator')
  chooseRotatorLanguages(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(rotatorSchema)) { languages, myTags }: RotatorPayload,
  ): Promise<RotatorAnswer> {
    return this.rotator.choose(auth.user.id, languages, myTags);
  }
}
