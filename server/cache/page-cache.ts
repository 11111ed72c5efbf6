/**
 * Path prefixes of personal pages: never kept, never publicly cacheable (they show a
 * session's cart, an order whose address holds its token, the administration, a merchant's
 * portal). A new page with personal data adds its prefix here.
 */
export const PERSONAL_PATHS = ["/admin", "/cart", "/checkout", "/orders", "/merchant"] as const;

/** Whether `url` (path and query) is one of PERSONAL_PATHS or below it. */
export function isPersonalPath(url: string): boolean {
  const path = url.replace(/[?#].*$/, "");
  return PERSONAL_PATHS.some(
    (prefix) => path === prefix || path.startsWith(prefix + "/") || path.startsWith(prefix + "."),
  );
}

/**
 * Rendered public pages, by URL. A page is served again only while its app's public-read
 * cache has not been invalidated since it was rendered (`version`, see CatalogueCache in
 * ./index.ts) and for at most `ttlMs` (pages also show the time, e.g. 'Abierto ahora'),
 * and never past the clock minute in which its render began (see minuteEnd). Least
 * recently used pages go first once `maxBytes` is reached.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
}

interface Entry {
  page: CachedPage;
  version: number;
  expiresAt: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** Larger pages are rendered every time. */
  maxPageBytes: number;
  /** Changes whenever the reads a page was built from may have changed. */
  version: () => number;
  now?: () => number;
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

  constructor(private readonly options: PageCacheOptions) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  get(url: string): CachedPage | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (entry.version !== this.options.version() || entry.expiresAt <= this.now()) {
      this.remove(url, entry);
      return undefined;
    }
    this.entries.delete(url);
    this.entries.set(url, entry);
    return entry.page;
  }

  /**
   * Renders `url` once for concurrent requests: `render` answers the page if it may be
   * shared (and kept), or null, in which case each waiting request renders its own.
   */
  async renderShared(
    url: string,
    render: () => Promise<CachedPage | null>,
  ): Promise<CachedPage | null> {
    const pending = this.rendering.get(url);
    // A failed render (e.g. its client went away) leaves the waiters to render their own.
    if (pending) return pending.catch(() => null);
    const version = this.options.version();
    const startedAt = this.now();
    const promise = render().finally(() => {
      if (this.rendering.get(url) === promise) this.rendering.delete(url);
    });
    this.rendering.set(url, promise);
    const page = await promise;
    // A page rendered across an invalidation may show old data: answer it, don't keep it.
    if (page && version === this.options.version()) this.store(url, page, version, startedAt);
    return page;
  }

  private store(url: string, page: CachedPage, version: number, startedAt: number) {
    const size = page.body.length + url.length;
    if (size > this.options.maxPageBytes) return;
    const previous = this.entries.get(url);
    if (previous) this.remove(url, previous);
    const expiresAt = Math.min(startedAt + this.options.ttlMs, minuteEnd(startedAt));
    this.entries.set(url, { page, version, expiresAt });
    this.bytes += size;
    for (const [oldUrl, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldUrl, old);
    }
  }

  private remove(url: string, entry: Entry) {
    this.entries.delete(url);
    this.bytes -= entry.page.body.length + url.length;
  }
}
