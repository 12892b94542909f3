import { Body, Controller, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, parseConsentChoice } from '@shared/consent/consent.js';
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
import { VIEWER_COOKIE, writeViewerCookie } from './viewer-ids.js';

/**
 * The tracking calls (shared/tracking/tracking.ts): visitors are tracked as well as members, so
 * the session is optional; each answers `data: null` as soon as the row is buffered. A page
 * view's answer also gives, renews or takes back the viewer cookie (viewer-ids.ts).
 */
@Controller()
@Auth('optional')
export class TrackingController {
  constructor(private readonly trackingService: TrackingService) {}

  @Post('z5-stats/record')
  @HttpCode(200)
  @RouteConfig(rateLimit('tracking'))
  async record(
    @Body(new ZodValidationPipe(visitRecordSchema)) visit: VisitRecord,
    @CurrentAuth() auth: AuthContext | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<null> {
    writeViewerCookie(request, reply, await this.trackingService.record(visit, trackedBy(auth, request)));
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
  async recordFeedActivity(
    @Param('eventName') eventName: string,
    @Body() payload: unknown,
    @CurrentAuth() auth: AuthContext | null,
    @Req() request: FastifyRequest,
  ): Promise<null> {
    await this.trackingService.recordFeedActivity(eventName, payload, trackedBy(auth, request));
    return null;
  }
}

function trackedBy(auth: AuthContext | null, request: FastifyRequest): Tracked {
  const cookies = requestCookies(request);
  return {
    userId: auth?.user.id ?? null,
    address: request.ip,
    visitorCookie: cookies[VISITOR_COOKIE],
    viewerCookie: cookies[VIEWER_COOKIE],
    consent: parseConsentChoice(cookies[CONSENT_COOKIE]),
    acceptLanguage: request.headers['accept-language'],
  };
}
