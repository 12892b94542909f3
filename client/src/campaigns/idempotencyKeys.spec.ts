import { createActionKeys, newIdempotencyKey } from './idempotencyKeys.js';

describe('idempotency keys of credit moves', () => {
  it('are random and fit the server pattern', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('stay the same when the same action is retried after a lost answer', () => {
    const keys = createActionKeys();
    const first = keys.keyFor('assign:10');
    keys.settled(0);
    expect(keys.keyFor('assign:10')).toBe(first);
    keys.settled(502);
    expect(keys.keyFor('assign:10')).toBe(first);
  });

  it('change once the server answered, or for another action', () => {
    const keys = createActionKeys();
    const first = keys.keyFor('assign:10');
    expect(keys.keyFor('withdraw:10')).not.toBe(first);
    const second = keys.keyFor('withdraw:10');
    keys.settled(200);
    expect(keys.keyFor('withdraw:10')).not.toBe(second);
    const third = keys.keyFor('withdraw:10');
    keys.settled(409);
    expect(keys.keyFor('withdraw:10')).not.toBe(third);
  });
});
