import { HANDOVER_WINDOW_MS } from '@shared/realtime/handover.js';
import { handoverIsValid, issueHandover } from './connection-handover.js';

const SECRET = 'a-test-secret-of-enough-length';
const holder = { userId: 7, sessionKey: 'session-key-of-seven' };
const now = 1_000_000;

describe('a connection handover', () => {
  const handover = issueHandover(SECRET, 'old-connection', holder, now);

  it('is valid for the same member and session until it expires', () => {
    expect(handover.expiresAt).toBe(now + HANDOVER_WINDOW_MS);
    expect(handoverIsValid(SECRET, handover, holder, now + 1000)).toBe(true);
    expect(handoverIsValid(SECRET, handover, holder, now + HANDOVER_WINDOW_MS)).toBe(false);
  });

  it("is refused to another session of the member, to another member and under another server's secret", () => {
    expect(handoverIsValid(SECRET, handover, { ...holder, sessionKey: 'other-session' }, now)).toBe(false);
    expect(handoverIsValid(SECRET, handover, { ...holder, userId: 8 }, now)).toBe(false);
    expect(handoverIsValid('another-secret-of-enough-length', handover, holder, now)).toBe(false);
  });

  it('is refused when any of its fields was changed: the connection, or a later expiry', () => {
    expect(handoverIsValid(SECRET, { ...handover, connection: 'another-connection' }, holder, now)).toBe(false);
    expect(handoverIsValid(SECRET, { ...handover, expiresAt: handover.expiresAt + 1 }, holder, now)).toBe(false);
    expect(handoverIsValid(SECRET, { ...handover, proof: handover.proof.slice(1) }, holder, now)).toBe(false);
  });

  it('is refused when it claims to last longer than a handover may, even if signed', () => {
    const farOff = issueHandover(SECRET, 'old-connection', holder, now + HANDOVER_WINDOW_MS);
    expect(handoverIsValid(SECRET, farOff, holder, now)).toBe(false);
  });
});
