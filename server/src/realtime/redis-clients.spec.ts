import { withHandledCommands } from './redis-clients.js';

class FakeClient {
  #failures = 0;
  subscribe(channel: string): Promise<string> {
    this.#failures++;
    return Promise.reject(new Error(`${channel}: the client is closed`));
  }
  get failures(): number {
    return this.#failures;
  }
  on(): this {
    return this;
  }
}

describe('withHandledCommands', () => {
  it('leaves no unhandled rejection behind a failing command, and still lets a caller see it fail', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const client = withHandledCommands(new FakeClient());
      void client.subscribe('ignored');
      await expect(client.subscribe('awaited')).rejects.toThrow('awaited: the client is closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      // Methods run on the client itself (its private fields work), and what is not a promise passes as it is.
      expect(client.failures).toBe(2);
      expect(client.on()).toBeInstanceOf(FakeClient);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
