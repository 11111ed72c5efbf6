import { EVERYTHING, noteReadTags, TagIndex } from "./tags";

/**
 * An in-process cache of public catalogue reads: least recently used entries go first,
 * every entry expires after `ttlMs`. Each entry holds the tags of what it was built from
 * (./tags.ts): `forget(tags)` forgets the entries holding one of them (every write to the
 * public catalogue names what it changed, see ./index.ts), `invalidate()` everything.
 * Values are deep-frozen: the same object is handed to every caller.
 */
export interface PublicCacheOptions {
  /** How long an entry may be served without a write having invalidated it. */
  ttlMs: number;
  /** Upper bound of the summed entry weights (about one per row, see `weigh`). */
  maxWeight: number;
  /** Upper bound of the number of entries, whatever their weight. */
  maxEntries: number;
  now?: () => number;
}

/** A read's tags, from what it answered (absent: EVERYTHING, forgotten by any write). */
export type TagsOf<T> = (value: T) => readonly string[];

const ANY_WRITE: readonly string[] = Object.freeze([EVERYTHING]);

interface Entry {
  value: unknown;
  expiresAt: number;
  weight: number;
  tags: readonly string[];
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
  private readonly tags = new TagIndex();
  /** Counts forgets, targeted or not (stats, and tests waiting for one). */
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
   * that overlapped a forget of one of its tags is answered but not kept: it may have read
   * old rows. `tagsOf` names what the answer was built from (./tags.ts); the render under
   * way, if any, is told of them (a kept page is forgotten with its reads).
   *
   * An entry only expired by age (writes forget entries instead) is answered once more
   * while one load refreshes it in the background, for at most another `ttlMs`: expiry
   * then never makes a burst of requests wait for the database.
   */
  get<T>(key: string, load: () => Promise<T>, tagsOf?: TagsOf<T>): Promise<T> {
    if (!this.enabled) {
      // Nothing here can say what the page read: any write forgets it.
      noteReadTags(ANY_WRITE);
      return load();
    }
    const entry = this.entries.get(key);
    if (entry) {
      const now = this.now();
      if (entry.expiresAt > now || entry.expiresAt + this.options.ttlMs > now) {
        this.hits++;
        // Re-inserting moves the key to the young end of the Map's order.
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (entry.expiresAt <= now && !this.loading.has(key)) {
          this.load(key, load, tagsOf).catch(() => {
            // The old value stays until it is too old; the next miss reports the error.
          });
        }
        noteReadTags(entry.tags);
        return Promise.resolve(entry.value as T);
      }
      this.remove(key, entry);
    }
    const pending =
      (this.loading.get(key) as Promise<T> | undefined) ?? this.load(key, load, tagsOf);
    return this.noted(pending, tagsOf);
  }

  /** The answer, once its tags are added to the caller's render (in the caller's context). */
  private async noted<T>(answer: Promise<T>, tagsOf: TagsOf<T> | undefined): Promise<T> {
    const value = await answer;
    noteReadTags(tagsOf ? tagsOf(value) : ANY_WRITE);
    return value;
  }

  private load<T>(key: string, load: () => Promise<T>, tagsOf: TagsOf<T> | undefined): Promise<T> {
    this.misses++;
    const startedAt = this.tags.now();
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        if (!this.enabled) return value;
        const tags = tagsOf ? Object.freeze([...new Set(tagsOf(value))]) : ANY_WRITE;
        if (this.tags.forgottenSince(startedAt, tags)) return value;
        const frozen = deepFreeze(value);
        this.store(key, frozen, tags);
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
    this.tags.clear();
    this.weight = 0;
  }

  /**
   * Forgets the entries holding one of `tags` (or EVERYTHING), and makes loads still
   * running that end up holding one discard what they read.
   */
  forget(tags: readonly string[]): void {
    if (tags.includes(EVERYTHING)) return this.invalidate();
    this.generation++;
    for (const key of this.tags.forget(tags)) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
    // Whether a load under way read what changed is known only when it ends (load): the
    // next read must not join it, so it starts its own.
    this.loading.clear();
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

  private store(key: string, value: unknown, tags: readonly string[]) {
    const weight = weigh(value);
    // One huge answer (e.g. a sitemap of every product) would push out everything else.
    if (weight > this.options.maxWeight / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { value, weight, tags, expiresAt: this.now() + this.options.ttlMs });
    this.tags.add(key, tags);
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
    this.tags.delete(key);
    this.weight -= entry.weight;
  }
}
