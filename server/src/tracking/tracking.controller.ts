import { Body, Controller, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import {
  VISITOR_COOKIE,
  visitRecordSchema,
  visitUpdateSchema,
  type VisitRecord,
  type VisitUpdate,
} from '@shared/tracking/tracking.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { requestCookies } from '../common/http/request-cookies.js';
import { rateLimit } from '../common/http/rate-limits.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { TrackingService, type Tracked } from './tracking.service.js';

/**
 * The tracking calls (shared/tracking/tracking.ts): visitors are tracked as well as members, so
 * the session is optional; each answers `data: null` as soon as the row is buffered.
 */
@Controller()
@Auth('optional')
export class TrackingController {
  constructor(private readonly trackingService: TrackingService) {}

  @Post('z5-stats/record')
  @HttpCode(200)
  @RouteConfig(rateLimit('tracking'))
  record(
    @Body(new ZodValidationPipe(visitRecordSchema)) visit: VisitRecord,
    @CurrentAuth() auth: AuthContext | null,
    @Req() request: FastifyRequest,
  ): null {
    this.trackingService.record(visit, trackedBy(auth, request));
    return null;
  }

  @Put('z5-stats/update')
  @HttpCode(200)
  @RouteConfig(rateLimit('tracking'))
  update(@Body(new ZodValidationPipe(visitUpdateSchema)) update: VisitUpdate): null {
    this.trackingService.update(update);
    return null;
  }

  @Post('feed/recordFeedActivity/:eventName')
  @HttpCode(200)
  @RouteConfig(rateLimit('tracking'))
  recordFeedActivity(
    @Param('eventName') eventName: string,
    @Body() payload: unknown,
    @CurrentAuth() auth: AuthContext | null,
    @Req() request: FastifyRequest,
  ): null {
    this.trackingService.recordFeedActivity(eventName, payload, trackedBy(auth, request));
    return null;
  }
}

function trackedBy(auth: AuthContext | null, request: FastifyRequest): Tracked {
  return {
    userId: auth?.user.id ?? null,
    address: request.ip,
    visitorCookie: requestCookies(request)[VISITOR_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  };
}
