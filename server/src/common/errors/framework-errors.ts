import { Logger } from '@nestjs/common';
import type { FastifyServerOptions } from 'fastify';
import { API_SECURITY_HEADERS } from '../http/protocol-hooks.js';
import { replyWithError } from './error-reply.js';
import { toErrorResponse } from './error-response.js';

/**
 * Fastify's `frameworkErrors` option: the router's own refusals, raised before any route (and so
 * before Nest's exception filter) is reached, answered as the envelope like every other error.
 * A path parameter that is not valid percent-encoding (`%ff`) is 400 `bad_request`; one longer
 * than the router's maxParamLength is 414 `uri_too_long`.
 */
export function answerFrameworkErrors(isInMaintenance: () => boolean): FastifyServerOptions['frameworkErrors'] {
  const logger = new Logger('http');
  return (error, request, reply) => {
    const response = toErrorResponse(error, String(request.id));
    if (response.unexpected)
      logger.error(`Unexpected router error in ${request.method} ${request.url} (request ${request.id})`, error.stack);
    reply.headers(API_SECURITY_HEADERS);
    replyWithError(reply, response, isInMaintenance());
  };
}
