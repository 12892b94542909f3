// Stand-in for @fastify/helmet: the same helmet options, but the helmet middleware is built
// once at start-up (the installed @fastify/helmet 13.2 calls helmet(options) on every request,
// which re-parses the CSP directives each time) and applied in one synchronous onRequest hook.
import fp from 'fastify-plugin';
import helmet from 'helmet';

export default fp(
  async (fastify, options) => {
    const { enableCSPNonces: _nonces, global: _global, ...configuration } = options;
    const middleware = helmet(configuration);
    fastify.addHook('onRequest', (request, reply, done) => middleware(request.raw, reply.raw, () => done()));
  },
  { name: '@fastify/helmet' },
);
