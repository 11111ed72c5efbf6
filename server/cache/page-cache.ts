import { collectReadTags, EVERYTHING, TagIndex } from "./tags";

/**
 * Path prefixes of personal pages: never kept, never publicly cacheable (they show a
 * session's cart, an order whose address holds its token, the administration, a merchant's
 * portal, the favourites of the shopper's cookie, issue 27). A new page with personal data
 * adds its prefix here.
 */
export const PERSONAL_PATHS = [
  "/admin",
  "/cart",
  "/checkout",
  "/orders",
  "/merchant",
  "/favorites",
] as const;

/**
 * Whether `url` (path and query) is one of PERSONAL_PATHS or below it. Compared as routing
 * matches (issue 37, L6): letter case ignored and percent-escapes decoded, so `/ORDERS/…` or
 * `/%6Frders/…`, which reach the same page, are never kept nor publicly cacheable either.
 */
export function isPersonalPath(url: string): boolean {
  const raw = url.replace(/[?#].*$/, "");
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape: compared as it came.
  }
  path = path.toLowerCase();
  return PERSONAL_PATHS.some(
    (prefix) => path === prefix || path.startsWith(prefix + "/") || path.startsWith(prefix + "."),
  );
}

/**
 * Rendered public pages, by key: a page's URL, or its URL and the shopper's municipality
 * (pageKey). A page holds the tags of the cached reads its render made (./tags.ts) and is
 * served again only until a write forgets one of them (`forget`, see CatalogueCache in
 * ./index.ts), for at most `ttlMs` (pages also show the time, e.g. 'Abierto ahora'), and
 * never past the clock minute in which its render began (see minuteEnd). Least recently
 * used pages go first once `maxBytes` is reached, whichever municipality they were
 * rendered for.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
}

interface Entry {
  page: CachedPage;
  expiresAt: number;
  /** What the entry counts against maxBytes (entrySize). */
  size: number;
  /** Kept for a shopper's municipality (pageKey with one). */
  municipality: boolean;
}

export interface PageCacheOptions {
  ttlMs: number;
  /** The bound of every kept page's entrySize together, municipality variants included. */
  maxBytes: number;
  /** Larger pages are rendered every time. */
  maxPageBytes: number;
  now?: () => number;
}

export interface PageCacheStats {
  /** Requests answered with a kept page. */
  hits: number;
  /** Requests that found no kept page (they rendered it, or waited for its render). */
  misses: number;
  /** Pages pushed out to stay under maxBytes, least recently used first. */
  evictions: number;
  entries: number;
  /** Of those, pages kept for a shopper's municipality. */
  municipalityEntries: number;
  /** What the kept pages count against the bound (entrySize). */
  bytes: number;
  maxBytes: number;
}

/**
 * Separates a URL from the municipality in a key. A request's URL never holds a NUL (Node's
 * HTTP parser refuses control characters in the request line), so no URL can pose as a
 * municipality's key.
 */
const MUNICIPALITY_SEPARATOR = "\u0000";

/**
 * The key of a kept page: the URL, or the URL under the shopper's remembered municipality
 * (issue 27; one of the 44 by its proper name, never the cookie's raw text: an unknown
 * value is no municipality, so nobody can add keys by inventing names).
 */
export function pageKey(url: string, municipality?: string): string {
  return municipality === undefined ? url : url + MUNICIPALITY_SEPARATOR + municipality;
}

/**
 * What a kept page counts against maxBytes: its key, headers and HTML, and half its HTML
 * again for the brotli and gzip copies made when it is sent (server/http/compression.ts
 * keeps them with the page; together 10 % of a 234 KB products tab, 50 % of a 30 KB
 * filtered listing).
 */
export function entrySize(key: string, page: CachedPage): number {
  let size = key.length + page.body.length + Math.ceil(page.body.length / 2);
  for (const [name, value] of page.headers) size += name.length + value.length;
  return size;
}

/**
 * The end of the clock minute holding `ms`. 'Abierto ahora' is decided per minute of El
 * Salvador's clock (UTC−6, whole hours: its minutes are UTC's), and the merchant lists'
 * `?open=now` reads are cached under that minute; a page kept into the next minute would
 * show the previous minute's merchants while the API already answers the new minute's
 * (issue 12: /merchants?open=now listed 40 merchants where the API said 38, at a closing
 * time). So a page is served only within the minute its render began.
 */
export function minuteEnd(ms: number): number {
  return (Math.floor(ms / 60_000) + 1) * 60_000;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private municipalityEntries = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;
  private readonly tags = new TagIndex();

  constructor(private readonly options: PageCacheOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The kept page of `key` (see pageKey), if it may still be served. */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) {
      if (entry) this.remove(key, entry);
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserting moves the key to the young end of the Map's order (least recently used first).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  /**
   * Renders `key`'s page once for concurrent requests: `render` answers the page if it may
   * be shared (and kept), or null, in which case each waiting request renders its own. The
   * page is kept with the tags of the cached reads the render made.
   */
  async renderShared(
    key: string,
    render: () => Promise<CachedPage | null>,
  ): Promise<CachedPage | null> {
    const pending = this.rendering.get(key);
    // A failed render (e.g. its client went away) leaves the waiters to render their own.
    if (pending) return pending.catch(() => null);
    const since = this.tags.now();
    const startedAt = this.now();
    let tags: Set<string> | undefined;
    const promise = collectReadTags(render)
      .then((rendered) => {
        tags = rendered.tags;
        return rendered.value;
      })
      .finally(() => {
        if (this.rendering.get(key) === promise) this.rendering.delete(key);
      });
    this.rendering.set(key, promise);
    const page = await promise;
    // A page rendered across a forget of what it read may show old data: answer, don't keep.
    if (page && tags && !this.tags.forgottenSince(since, tags)) {
      this.store(key, page, [...tags], startedAt);
    }
    return page;
  }

  /** Forgets the pages built from one of `tags` (or from reads that could not say). */
  forget(tags: readonly string[]): void {
    if (tags.includes(EVERYTHING)) return this.clear();
    for (const key of this.tags.forget(tags)) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
    // A render under way may have read what changed: the next request renders its own.
    this.rendering.clear();
  }

  /** Forgets every page, bytes and all. */
  clear(): void {
    this.entries.clear();
    this.tags.clear();
    this.rendering.clear();
    this.bytes = 0;
    this.municipalityEntries = 0;
  }

  stats(): PageCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
      entries: this.entries.size,
      municipalityEntries: this.municipalityEntries,
      bytes: this.bytes,
      maxBytes: this.options.maxBytes,
    };
  }

  private store(key: string, page: CachedPage, tags: readonly string[], startedAt: number) {
    const size = entrySize(key, page);
    if (size > this.options.maxPageBytes || size > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const expiresAt = Math.min(startedAt + this.options.ttlMs, minuteEnd(startedAt));
    const municipality = key.includes(MUNICIPALITY_SEPARATOR);
    this.entries.set(key, { page, expiresAt, size, municipality });
    this.tags.add(key, tags);
    this.bytes += size;
    if (municipality) this.municipalityEntries++;
    // The Map's order is the order of use: the least recently used go first.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, old);
      this.evictions++;
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.tags.delete(key);
    this.bytes -= entry.size;
    if (entry.municipality) this.municipalityEntries--;
  }
}
