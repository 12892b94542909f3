import type { onSendHookHandler } from 'fastify';
import type { MemberCache } from './member-cache.js';

/**
 * Read-your-writes in this process: after a state-changing /data call of a signed-in member
 * (their settings, onboarding, …) their cached user and notifications are dropped before the
 * answer leaves, so the member's next request reloads them. Other processes hear of it by NOTIFY.
 */
export function forgetActingMember(cache: MemberCache): onSendHookHandler {
  return (request, _reply, payload, done) => {
    if (request.auth) cache.forgetMember(request.auth.user.id);
    done(null, payload);
  };
}
