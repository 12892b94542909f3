import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BILLING_ENDPOINTS } from '@shared/billing/billing.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { answerClientErrors, answerFrameworkErrors } from './common/http/framework-errors.js';
import { LeanFastifyAdapter } from './common/http/lean-fastify-adapter.js';
import { attachRouteHooks } from './common/http/route-hooks.js';
import { LimitCounters } from './common/limits/limit-counters.js';
import { registerHttpPlugins } from './common/http/security-plugins.js';
import { createAppLogger } from './common/logging/create-logger.js';
import { PinoNestLogger } from './common/logging/pino-nest-logger.js';
import { requestIdGenerator } from './common/logging/request-ids.js';
import type { AppConfig } from './config/app-config.js';
import { deploymentKey } from './config/deployment-key.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { attachHttpMetrics } from './metrics/http-metrics.js';
import { registerMetricsRoute } from './metrics/metrics-route.js';
import { RealtimeService } from './realtime/realtime.service.js';
import { RedisClients } from './realtime/redis-clients.js';
import { LocalIoAdapter } from './realtime/local-io.adapter.js';
import { RedisIoAdapter } from './realtime/redis-io.adapter.js';
import { MemberCache } from './sessions/member-cache.js';
import { forgetActingMember } from './sessions/forget-acting-member.js';
import { registerClientApp } from './static/client-app.js';
import { TrackingWriter } from './tracking/tracking-writer.js';
import { BillingService } from './billing/billing.service.js';
import { FeedService } from './feed/feed.service.js';
import { StartService } from './start/start.service.js';
import { WebsiteSettingsService } from './website/website-settings.service.js';

/** JSON bodies are small in this app; uploads go through multipart with their own limits. */
const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Builds the whole server (REST, Socket.IO, static client) without listening; main.ts and the
 * tests share it. Everything it logs goes to `logger` (main.ts passes its own, to log the start too).
 */
export async function createApp(config: AppConfig, logger: Logger = createAppLogger(config)): Promise<NestFastifyApplication> {
  // Bad addresses and unreadable requests are answered before Nest; they read the maintenance flag once the app exists.
  let isInMaintenance = (): boolean => false;
  const adapter = new LeanFastifyAdapter({
    // No Fastify logger: with one, Fastify times every response through two listeners and
    // binds a child logger per request. The app logs through `logger` itself: one line per
    // request at debug (attachRouteHooks), unexpected errors in AllExceptionsFilter.
    logger: false,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: requestIdGenerator(),
    frameworkErrors: answerFrameworkErrors(() => isInMaintenance()),
    clientErrorHandler: answerClientErrors(() => isInMaintenance()),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
  });
  // Pictures and the developers' mail page live outside /data: they are not envelope calls.
  // Nor is Payroc's background validation, a form posted server to server without the XHR marker.
  app.setGlobalPrefix('data', {
    exclude: [
      { path: 'media/:file', method: RequestMethod.GET },
      { path: 'dev/mail', method: RequestMethod.GET },
      { path: 'payment/hook/payroc/validation', method: RequestMethod.POST },
    ],
  });

  const website = app.get(WebsiteSettingsService);
  isInMaintenance = () => website.isInMaintenance;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  attachRouteHooks(fastify, {
    logger,
    website,
    afterWrites: [forgetActingMember(app.get(MemberCache))],
  });
  const metrics = app.get(AppMetrics);
  if (metrics.exposed) attachHttpMetrics(fastify, metrics.httpDuration);
  if (config.metrics.token) registerMetricsRoute(fastify, metrics, config.metrics.token);
  await registerHttpPlugins(fastify, config, app.get(LimitCounters));
  const billing = app.get(BillingService);
  const startService = app.get(StartService);
  const feed = app.get(FeedService);
  await registerClientApp(
    fastify,
    config.clientDistDir,
    {
      [BILLING_ENDPOINTS.payrocReceipt]: (query) => billing.payrocReceiptPage(query),
    },
    config.billing.payroc ? [config.billing.payroc.pageUrl] : [],
    {
      sources: {
        start: (address) => startService.start(null, null, address),
        postEntry: (pid) => feed.entry(null, pid),
        inMaintenance: () => website.isInMaintenance,
      },
      logger,
    },
  );

  const redis = app.get(RedisClients);
  if (redis.configured) {
    await redis.connect();
    app.useWebSocketAdapter(new RedisIoAdapter(app, redis, deploymentKey(config.databaseUrl!), config.socketRecoveryEvents));
  } else {
    app.useWebSocketAdapter(new LocalIoAdapter(app, config.socketRecoveryEvents));
  }

  await app.init();
  const realtime = app.get(RealtimeService);
  const tracking = app.get(TrackingWriter);
  metrics.watch({ openSockets: () => realtime.localConnections, trackingBufferRows: () => tracking.size });
  return app;
}
