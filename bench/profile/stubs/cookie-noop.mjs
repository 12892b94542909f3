// Stand-in for @fastify/cookie: the plugin registers nothing, but the module's named exports
// (fastifyCookie.parse/unsign, used outside the plugin, e.g. by the socket handshake) stay.
import fp from 'fastify-plugin';

export * from '@fastify/cookie';
export default fp(async () => undefined, { name: 'bench-noop-cookie' });
