// Stand-in for the app's protocol hooks: registers no hook at all (isDataPath kept).
export { isDataPath } from '../../../dist/server/src/common/http/protocol-hooks.js';

export function registerProtocolHooks(fastify) {
  fastify.decorateRequest('context', null);
}
