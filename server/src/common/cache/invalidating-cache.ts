export interface InvalidatingCacheOptions {
  /** A safety net: entries are reloaded after this long even without an invalidation. */
  ttlMs: number;
  /** The oldest entries are dropped beyond this many. */
  maxEntries: number;
}

interface Load<V> {
  stale: boolean;
  promise: Promise<V>;
}

/**
 * An in-memory read-through cache whose entries are dropped when the data changes.
 * Concurrent misses of one key share one load, and a load that was running when its key was
 * invalidated is used by its callers but not stored: it may have read the old data.
 * Loads that answer null are not stored (an unknown key may exist a moment later).
 */
export class InvalidatingCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly loads = new Map<K, Load<V | null>>();
  /** Deletes and clears so far: a value read outside `get` is adopted only if none came since (see adopt). */
  private invalidations = 0;

  constructor(private readonly options: InvalidatingCacheOptions) {}

  async get(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.value;
      this.entries.delete(key);
    }
    const running = this.loads.get(key);
    if (running && !running.stale) return running.promise;

    const current: Load<V | null> = { stale: false, promise: load() };
    this.loads.set(key, current);
    try {
      const value = await current.promise;
      if (!current.stale && value !== null) this.store(key, value);
      return value;
    } finally {
      if (this.loads.get(key) === current) this.loads.delete(key);
    }
  }

  /** Taken before reading a value outside `get` (with another row, say), for `getOrAdopt`. */
  mark(): number {
    return this.invalidations;
  }

  /**
   * The cached value; on a miss, `value`, read since `mark()` answered `since` (e.g. joined to
   * another cache's row, to save a round trip), stored and answered as a load's would be. If any
   * entry was invalidated since (the read may predate the change), or a load of the key is under
   * way, it is loaded as `get` does instead.
   */
  async getOrAdopt(key: K, value: V | null, since: number, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    if (since !== this.invalidations || this.loads.has(key)) return this.get(key, load);
    if (value !== null) this.store(key, value);
    return value;
  }

  /** The cached value without loading; undefined on a miss. */
  peek(key: K): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > Date.now() ? hit.value : undefined;
  }

  delete(key: K): void {
    this.invalidations++;
    this.entries.delete(key);
    const running = this.loads.get(key);
    if (running) running.stale = true;
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
    for (const running of this.loads.values()) running.stale = true;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: K, value: V): void {
    const now = Date.now();
    this.dropExpired(now);
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs });
    if (this.entries.size > this.options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest store.
      this.entries.delete(this.entries.keys().next().value as K);
    }
  }

  /**
   * Entries are kept in the order they were stored, which is the order they expire in: the
   * expired ones are at the front. Dropping them as new ones come keeps the memory to what was
   * read within the last ttlMs, not to every member ever seen (up to maxEntries).
   */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.entries.delete(key);
    }
  }
}
