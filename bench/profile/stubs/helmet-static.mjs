// Stand-in for @fastify/helmet: runs helmet once at start-up against a recording response to
// learn the headers it sets, then sets that fixed list with reply.headers() in one
// synchronous onRequest hook. Same headers, no per-request helmet work.
import fp from 'fastify-plugin';
import helmet from 'helmet';

export default fp(
  async (fastify, options) => {
    const { enableCSPNonces: _nonces, global: _global, ...configuration } = options;
    const headers = {};
    const recorder = {
      setHeader: (name, value) => (headers[name.toLowerCase()] = value),
      removeHeader: (name) => delete headers[name.toLowerCase()],
    };
    helmet(configuration)({ headers: {} }, recorder, () => undefined);
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: '@fastify/helmet' },
);
