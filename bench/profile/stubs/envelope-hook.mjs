// The /data envelope built by a Fastify preSerialization hook instead of a Nest interceptor
// (success answers only: the exception filter already sends an envelope with status ≥ 400).
// `maintenance` is fixed to false here; the real thing would read the settings service's flag.
import { isDataPath } from '../../../dist/server/src/common/http/protocol-hooks.js';

export function registerEnvelopeHook(fastify) {
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || !isDataPath(request.url)) return done(null, payload);
    done(null, { data: payload ?? null, errors: [], maintenance: false });
  });
}
