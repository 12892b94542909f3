import { InvalidatingCache } from './invalidating-cache.js';

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('InvalidatingCache', () => {
  it('loads once and answers later reads from memory', async () => {
    const cache = new InvalidatingCache<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new InvalidatingCache<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    const gate = deferred<number>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    gate.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(loads).toBe(1);
  });

  it('reloads after an invalidation', async () => {
    const cache = new InvalidatingCache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    let value = 'old';
    await cache.get('a', async () => value);
    value = 'new';
    cache.delete('a');
    expect(await cache.get('a', async () => value)).toBe('new');
  });

  it('does not keep a load that read before an invalidation', async () => {
    const cache = new InvalidatingCache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    const gate = deferred<string>();
    const first = cache.get('a', () => gate.promise);
    cache.delete('a'); // the data changed while the old value was being read
    gate.resolve('old');
    expect(await first).toBe('old');
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('does not store null answers', async () => {
    const cache = new InvalidatingCache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    expect(await cache.get('a', async () => null)).toBeNull();
    expect(await cache.get('a', async () => 'created')).toBe('created');
  });

  it('expires entries after the ttl', async () => {
    const cache = new InvalidatingCache<string, string>({ ttlMs: 5, maxEntries: 10 });
    await cache.get('a', async () => 'old');
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new InvalidatingCache<number, number>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.peek(3)).toBe(3);
  });

  it('lets go of expired entries as new ones are stored, keeping only what was read within the ttl', async () => {
    const cache = new InvalidatingCache<number, number>({ ttlMs: 20, maxEntries: 1000 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get(4, async () => 4);
    expect(cache.size).toBe(1);
    expect(cache.peek(4)).toBe(4);
  });

  it('keeps an entry stored again within the ttl when older ones expire', async () => {
    const cache = new InvalidatingCache<number, number>({ ttlMs: 60, maxEntries: 1000 });
    await cache.get(1, async () => 1);
    await cache.get(2, async () => 2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    cache.delete(1);
    await cache.get(1, async () => 10); // stored again: now the newest
    await new Promise((resolve) => setTimeout(resolve, 30)); // 2 has expired, 1 has not
    await cache.get(3, async () => 3);
    expect(cache.peek(1)).toBe(10);
    expect(cache.peek(2)).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  describe('a value read with another row (getOrAdopt)', () => {
    const unused = () => Promise.reject(new Error('no load expected'));

    it('is stored on a miss when nothing was invalidated since the read began: later reads load nothing', async () => {
      const cache = new InvalidatingCache<number, string>({ ttlMs: 60_000, maxEntries: 10 });
      const since = cache.mark();
      expect(await cache.getOrAdopt(1, 'read along', since, unused)).toBe('read along');
      expect(await cache.get(1, unused)).toBe('read along');
    });

    it('is loaded instead when an entry was invalidated during the read, since the read may predate the change', async () => {
      const cache = new InvalidatingCache<number, string>({ ttlMs: 60_000, maxEntries: 10 });
      const since = cache.mark();
      cache.delete(1);
      expect(await cache.getOrAdopt(1, 'old', since, async () => 'new')).toBe('new');
      expect(cache.peek(1)).toBe('new');

      const beforeClear = cache.mark();
      cache.clear();
      expect(await cache.getOrAdopt(2, 'old', beforeClear, async () => 'new')).toBe('new');
    });

    it('gives way to the cached value, and is not stored when null', async () => {
      const cache = new InvalidatingCache<number, string>({ ttlMs: 60_000, maxEntries: 10 });
      await cache.get(1, async () => 'cached');
      expect(await cache.getOrAdopt(1, 'read along', cache.mark(), unused)).toBe('cached');
      expect(await cache.getOrAdopt(2, null, cache.mark(), unused)).toBeNull();
      expect(cache.peek(2)).toBeUndefined();
    });

    it('joins a load of the key already under way rather than racing it', async () => {
      const cache = new InvalidatingCache<number, string>({ ttlMs: 60_000, maxEntries: 10 });
      const gate = deferred<string>();
      const running = cache.get(1, () => gate.promise);
      const adopted = cache.getOrAdopt(1, 'read along', cache.mark(), unused);
      gate.resolve('loaded');
      expect(await Promise.all([running, adopted])).toEqual(['loaded', 'loaded']);
    });
  });
});
