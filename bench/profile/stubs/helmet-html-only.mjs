// Stand-in for @fastify/helmet: helmet's headers computed once at start-up (as helmet-static),
// sent in full on pages and files, while /data answers (JSON, never rendered) get only
// X-Content-Type-Options: nosniff. Prices "security headers where they mean something".
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isDataPath } from '../../../dist/server/src/common/http/protocol-hooks.js';

const DATA_HEADERS = { 'x-content-type-options': 'nosniff' };

export default fp(
  async (fastify, options) => {
    const { enableCSPNonces: _nonces, global: _global, ...configuration } = options;
    const headers = {};
    const recorder = {
      setHeader: (name, value) => (headers[name.toLowerCase()] = value),
      removeHeader: (name) => delete headers[name.toLowerCase()],
    };
    helmet(configuration)({ headers: {} }, recorder, () => undefined);
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(isDataPath(request.url) ? DATA_HEADERS : headers);
      done();
    });
  },
  { name: '@fastify/helmet' },
);
