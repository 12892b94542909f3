import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { drainingResponder, isSocketIoRequest } from './draining-answer.js';

/** How often connections that have become idle (their last answer sent) are closed while draining. */
const IDLE_SWEEP_MS = 50;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Stops the HTTP server taking work and waits until its last connection has ended:
 * - the listening socket closes at once (a load balancer's new connections go to other processes)
 *   and idle keep-alive connections are closed (Node's server.close());
 * - a new request on a connection still open is answered 503 `shutting_down` (drainingResponder)
 *   instead of reaching Fastify; Socket.IO's own requests still reach Socket.IO, which ends its
 *   connections itself (RealtimeService.drain);
 * - requests already under way finish as usual; each connection is closed once its answer is sent.
 * Relies on Node's public server API only: the 'request' listeners (Fastify's, wrapped by
 * Socket.IO's engine) are swapped for one that routes as above.
 */
export function drainHttp(server: Server, maintenance: boolean): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const previous = server.listeners('request') as RequestListener[];
  const answerDraining = drainingResponder(maintenance);
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isSocketIoRequest(request.url)) return answerDraining(request, response);
    for (const listener of previous) listener.call(server, request, response);
  });
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  return closed.finally(() => clearInterval(sweep));
}
