import { ErrorCode } from '@shared/api/error-codes.js';
import { IDEMPOTENCY_KEY_PATTERN } from '@shared/api/headers.js';
import { createActionKeys, newIdempotencyKey } from './idempotencyKeys.js';

const answered = (status: number, code?: ErrorCode) => ({ status, errors: code ? [{ code, heading: '', message: '' }] : [] });

describe('idempotency keys of credit moves', () => {
  it('are random and fit the server pattern', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('stay the same when the same action is retried after a lost answer, or while the first try is handled', () => {
    const keys = createActionKeys();
    const first = keys.keyFor('assign:10');
    keys.settled(answered(0));
    expect(keys.keyFor('assign:10')).toBe(first);
    keys.settled(answered(502));
    expect(keys.keyFor('assign:10')).toBe(first);
    keys.settled(answered(409, ErrorCode.IdempotencyKeyInUse));
    expect(keys.keyFor('assign:10')).toBe(first);
  });

  it('change once the server answered, or for another action', () => {
    const keys = createActionKeys();
    const first = keys.keyFor('assign:10');
    expect(keys.keyFor('withdraw:10')).not.toBe(first);
    const second = keys.keyFor('withdraw:10');
    keys.settled(answered(200));
    expect(keys.keyFor('withdraw:10')).not.toBe(second);
    const third = keys.keyFor('withdraw:10');
    keys.settled(answered(409, ErrorCode.Conflict));
    expect(keys.keyFor('withdraw:10')).not.toBe(third);
  });
});
