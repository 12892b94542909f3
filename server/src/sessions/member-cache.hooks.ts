import type { FastifyInstance } from 'fastify';
import { STATE_CHANGING_METHODS } from '@shared/api/headers.js';
import type { MemberCache } from './member-cache.js';

/**
 * Read-your-writes in this process: after any state-changing call of a signed-in member (their
 * settings, onboarding, …) their cached user and notifications are dropped before the answer
 * leaves, so the member's next request reloads them. Other processes hear of it by NOTIFY.
 */
export function forgetActingMemberAfterWrites(fastify: FastifyInstance, cache: MemberCache): void {
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    if (request.auth && STATE_CHANGING_METHODS.includes(request.method)) cache.forgetMember(request.auth.user.id);
    done(null, payload);
  });
}
