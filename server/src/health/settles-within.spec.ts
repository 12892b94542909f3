import { settlesWithin } from './settles-within.js';

describe('settlesWithin', () => {
  it('is true for work that fulfils in time', async () => {
    expect(await settlesWithin(new Promise((resolve) => setTimeout(resolve, 5)), 500)).toBe(true);
  });

  it('is false for work that fails', async () => {
    expect(await settlesWithin(Promise.reject(new Error('refused')), 500)).toBe(false);
  });

  it('is false once the time is up, without waiting for the work', async () => {
    const startedAt = Date.now();
    expect(await settlesWithin(new Promise(() => undefined), 30)).toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(400);
  });
});
