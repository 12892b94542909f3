import { STATUS_CODES } from 'node:http';
import { Logger } from '@nestjs/common';
import type { FastifyServerOptions } from 'fastify';
import type { Envelope } from '@shared/api/envelope.js';
import { API_SECURITY_HEADERS } from './protocol-hooks.js';
import { replyWithError } from '../errors/error-reply.js';
import { toErrorResponse } from '../errors/error-response.js';

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
    if (response.unexpected) {
      logger.error(`Unexpected router error in ${request.method} ${request.url} (request ${request.id})`, error.stack);
    }
    reply.headers(API_SECURITY_HEADERS);
    replyWithError(reply, response, isInMaintenance());
  };
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before there is a
 * request at all, answered on the socket as the envelope. Headers over Node's limit (a browser
 * with too many cookies) are 431 `headers_too_large`; anything else unreadable is 400
 * `bad_request`. A connection the client reset has no one left to answer.
 */
export function answerClientErrors(isInMaintenance: () => boolean): FastifyServerOptions['clientErrorHandler'] {
  return (error, socket) => {
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
    const headerOverflow = (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
    const { status, errors } = toErrorResponse({ statusCode: headerOverflow ? 431 : 400 }, 'client error');
    const envelope: Envelope<null> = { data: null, errors, maintenance: isInMaintenance() };
    const body = JSON.stringify(envelope);
    const headers = {
      ...API_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    if (socket.writable) {
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}
