import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from './common/errors/app-error.js';
import { replyWithError } from './common/errors/error-reply.js';
import { toErrorResponse } from './common/errors/error-response.js';
import { ErrorLog } from './error-log/error-log.service.js';
import { WebsiteSettingsService } from './website/website-settings.service.js';

/** While the database is down every request fails alike: one warning per this interval says so. */
const UNAVAILABLE_WARNING_INTERVAL_MS = 10_000;

/**
 * Maps every failure into the envelope: controllers, pipes and guards, and also Fastify's
 * own errors (body parsing, hooks, rate limits), which Nest routes through its filters.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');
  private lastUnavailableWarningAt = 0;

  constructor(
    private readonly website: WebsiteSettingsService,
    private readonly errorLog: ErrorLog,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    // Socket handlers answer their own errors through acknowledgements.
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const response = toErrorResponse(exception, String(request.id));
    if (response.unexpected) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`Unexpected error in ${request.method} ${request.url} (request ${request.id})`, stack);
      this.errorLog.recordServerError(exception, request.method, request.url);
    } else if (response.status >= 500 && response.errors[0]?.code !== ErrorCode.Unavailable) {
      this.errorLog.recordServerError(exception, request.method, request.url);
    } else if (response.errors[0]?.code === ErrorCode.Unavailable && !(exception instanceof AppError)) {
      // A service that answers `unavailable` itself (a full tracking buffer, a readiness check) says why on its own.
      this.warnUnavailable(exception);
    }
    const headers = headersOf(exception);
    if (headers) reply.headers(headers);
    replyWithError(reply, response, this.website.isInMaintenance);
  }

  private warnUnavailable(exception: unknown): void {
    const now = Date.now();
    if (now - this.lastUnavailableWarningAt < UNAVAILABLE_WARNING_INTERVAL_MS) return;
    this.lastUnavailableWarningAt = now;
    const reason = exception instanceof Error ? exception.message : String(exception);
    this.logger.warn(`The database cannot be reached; answering 503 until it can (${reason})`);
  }
}

/** Rate-limit errors carry Retry-After and the limit headers; keep them on the answer. */
function headersOf(exception: unknown): Record<string, string> | undefined {
  if (typeof exception !== 'object' || exception === null || !('headers' in exception)) return undefined;
  const headers = (exception as { headers: unknown }).headers;
  return headers && typeof headers === 'object' ? (headers as Record<string, string>) : undefined;
}
