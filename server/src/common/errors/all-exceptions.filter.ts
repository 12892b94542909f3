import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '@shared/api/envelope.js';
import { WebsiteSettingsService } from '../../website/website-settings.service.js';
import { toErrorResponse } from './error-response.js';

/**
 * Maps every failure into the envelope: controllers, pipes and guards, and also Fastify's
 * own errors (body parsing, hooks, rate limits), which Nest routes through its filters.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  constructor(private readonly website: WebsiteSettingsService) {}

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
    }
    const headers = headersOf(exception);
    if (headers) reply.headers(headers);
    const body: Envelope<null> = { data: null, errors: response.errors, maintenance: this.website.isInMaintenance };
    reply.code(response.status).type('application/json; charset=utf-8').send(body);
  }
}

/** Rate-limit errors carry Retry-After and the limit headers; keep them on the answer. */
function headersOf(exception: unknown): Record<string, string> | undefined {
  if (typeof exception !== 'object' || exception === null || !('headers' in exception)) return undefined;
  const headers = (exception as { headers: unknown }).headers;
  return headers && typeof headers === 'object' ? (headers as Record<string, string>) : undefined;
}
