// Stand-in for the app's protocol hooks: the original hooks, plus the envelope hook.
import { isDataPath, registerProtocolHooks as original } from '../../../dist/server/src/common/http/protocol-hooks.js';
import { registerEnvelopeHook } from './envelope-hook.mjs';

export { isDataPath };

export function registerProtocolHooks(fastify) {
  original(fastify);
  registerEnvelopeHook(fastify);
}
