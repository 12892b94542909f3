import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { Envelope } from '@shared/api/envelope.js';
import { SOCKET_PATH } from '@shared/realtime/events.js';
import { API_SECURITY_HEADERS } from '../common/http/protocol-hooks.js';

/** Seconds a client (or a load balancer) should wait before asking this address again. */
export const SHUTTING_DOWN_RETRY_AFTER_SECONDS = 1;

/** The envelope of a request that reached a process shutting down. */
export function shuttingDownEnvelope(maintenance: boolean): Envelope<null> {
  return {
    data: null,
    errors: [
      {
        code: ErrorCode.ShuttingDown,
        heading: 'Restarting',
        message: 'This server is restarting. Please try again in a moment.',
        retryAfter: SHUTTING_DOWN_RETRY_AFTER_SECONDS,
      },
    ],
    maintenance,
  };
}

/**
 * While the process drains, every new request is answered here, before Fastify: 503 with
 * Retry-After and `Connection: close`, so the client's connection ends and a load balancer sends
 * the retry to another process. The body is built once; answering costs a write.
 */
export function drainingResponder(maintenance: boolean): (request: IncomingMessage, response: ServerResponse) => void {
  const body = Buffer.from(JSON.stringify(shuttingDownEnvelope(maintenance)));
  const headers = {
    ...API_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    'retry-after': String(SHUTTING_DOWN_RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
    connection: 'close',
  };
  return (request, response) => {
    // The body need not be read: the connection closes after this answer.
    response.writeHead(503, headers).end(request.method === 'HEAD' ? undefined : body);
  };
}

/** Socket.IO's own requests (long-polling, upgrades) still reach it while connections drain. */
export function isSocketIoRequest(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${SOCKET_PATH}/`);
}
