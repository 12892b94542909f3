import { requestIdGenerator } from './request-ids.js';

describe('request ids', () => {
  it('gives every request of a process its own id, and another process other ids', () => {
    const first = requestIdGenerator();
    const ids = new Set(Array.from({ length: 1000 }, () => first()));
    expect(ids.size).toBe(1000);
    expect(ids.has(requestIdGenerator()())).toBe(false);
  });
});
