/**
 * An in-process cache of public catalogue reads: least recently used entries go first,
 * every entry expires after `ttlMs`, and `invalidate()` forgets everything at once (every
 * write to the public catalogue calls it, see ./index.ts). Values are deep-frozen: the
 * same object is handed to every caller.
 */
export interface PublicCacheOptions {
  /** How long an entry may be served without a write having invalidated it. */
  ttlMs: number;
  /** Upper bound of the summed entry weights (about one per row, see `weigh`). */
  maxWeight: number;
  /** Upper bound of the number of entries, whatever their weight. */
  maxEntries: number;
  now?: () => number;
  /** Told of every invalidation (e.g. so caches built on this one can forget too). */
  onInvalidate?: () => void;
}

interface Entry {
  value: unknown;
  expiresAt: number;
  weight: number;
}

export interface PublicCacheStats {
  hits: number;
  misses: number;
  entries: number;
  weight: number;
  generation: number;
}

const cachedValues = new WeakSet<object>();

/** True for objects the public cache handed out: frozen, shared, safe to memoise by identity. */
export function isCachedValue(value: unknown): value is object {
  return typeof value === "object" && value !== null && cachedValues.has(value);
}

/** Freezes the value and everything in it, and marks each object as a cached value. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  // Routes may answer with a part (e.g. the items of a page): parts are cached values too.
  cachedValues.add(value);
  return Object.freeze(value);
}

/** About one unit per row: arrays (top level or one level down) count their length. */
function weigh(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.length;
  if (typeof value !== "object" || value === null) return 1;
  let weight = 1;
  for (const child of Object.values(value)) if (Array.isArray(child)) weight += child.length;
  return weight;
}

export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;
  private weight = 0;
  private hits = 0;
  private misses = 0;
  /** While false every read goes to the database (e.g. no invalidation channel yet). */
  enabled = true;

  constructor(private readonly options: PublicCacheOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * The cached value of `key`, or `load()`'s (concurrent misses share one load). A load
   * that overlapped an invalidation is answered but not kept: it may have read old rows.
   *
   * An entry only expired by age (writes clear the cache instead) is answered once more
   * while one load refreshes it in the background, for at most another `ttlMs`: expiry
   * then never makes a burst of requests wait for the database.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.entries.get(key);
    if (entry) {
      const now = this.now();
      if (entry.expiresAt > now || entry.expiresAt + this.options.ttlMs > now) {
        this.hits++;
        // Re-inserting moves the key to the young end of the Map's order.
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (entry.expiresAt <= now && !this.loading.has(key)) {
          this.load(key, load).catch(() => {
            // The old value stays until it is too old; the next miss reports the error.
          });
        }
        return Promise.resolve(entry.value as T);
      }
      this.remove(key, entry);
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    return this.load(key, load);
  }

  private load<T>(key: string, load: () => Promise<T>): Promise<T> {
    this.misses++;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (generation !== this.generation || !this.enabled) return value;
        const frozen = deepFreeze(value);
        this.store(key, frozen);
        return frozen;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Forgets every entry, and makes loads still running discard what they read. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.weight = 0;
    this.options.onInvalidate?.();
  }

  stats(): PublicCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.entries.size,
      weight: this.weight,
      generation: this.generation,
    };
  }

  private store(key: string, value: unknown) {
    const weight = weigh(value);
    // One huge answer (e.g. a sitemap of every product) would push out everything else.
    if (weight > this.options.maxWeight / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { value, weight, expiresAt: this.now() + this.options.ttlMs });
    this.weight += weight;
    for (const [oldKey, old] of this.entries) {
      if (this.weight <= this.options.maxWeight && this.entries.size <= this.options.maxEntries) {
        break;
      }
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
