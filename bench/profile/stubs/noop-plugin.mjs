// Stand-in for a Fastify plugin: registers nothing.
import fp from 'fastify-plugin';

export default fp(async () => undefined, { name: 'bench-noop-plugin' });
