import { HANDOVER_WINDOW_MS, type ConnectionHandover } from '@shared/realtime/handover.js';
import { hmac, safeEqual } from '../common/crypto/tokens.js';

/** Whose connection a handover speaks for: the member and the session (its socketId) it was opened with. */
export interface HandoverHolder {
  userId: number;
  sessionKey: string;
}

/** The proof covers everything the handover says and whose it is, under a purpose of its own. */
function proofOf(secret: string, connection: string, expiresAt: number, holder: HandoverHolder): string {
  return hmac(secret, `connection-handover:${connection}:${expiresAt}:${holder.userId}:${holder.sessionKey}`);
}

/** The handover a stopping process gives the tab on `connection`, valid for HANDOVER_WINDOW_MS from `nowMs`. */
export function issueHandover(secret: string, connection: string, holder: HandoverHolder, nowMs: number): ConnectionHandover {
  const expiresAt = nowMs + HANDOVER_WINDOW_MS;
  return { connection, expiresAt, proof: proofOf(secret, connection, expiresAt, holder) };
}

/**
 * Whether `handover` was issued to a connection of the same member and session as `holder` (the
 * connection presenting it) and is still valid at `nowMs`. The proof binds the session key, which
 * only that session's tabs know, so another session (another device, another member) holding the
 * text of a handover cannot use it.
 */
export function handoverIsValid(secret: string, handover: ConnectionHandover, holder: HandoverHolder, nowMs: number): boolean {
  if (handover.expiresAt <= nowMs || handover.expiresAt > nowMs + HANDOVER_WINDOW_MS) return false;
  return safeEqual(handover.proof, proofOf(secret, handover.connection, handover.expiresAt, holder));
}
