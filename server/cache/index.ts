import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../../db/client";
import { PageCache } from "./page-cache";
import { PublicCache } from "./public-cache";
import { EVERYTHING, NOTIFY_TAGS_MAX } from "./tags";

export {
  isPersonalPath,
  pageKey,
  PERSONAL_PATHS,
  type CachedPage,
  type PageCache,
  type PageCacheStats,
} from "./page-cache";
export { isCachedValue, PublicCache, type PublicCacheStats } from "./public-cache";
export { catalogueChanges, catalogueTags, EVERYTHING, productShownTags } from "./tags";

/**
 * The catalogue cache of one app (docs/decisions/0003-public-read-cache.md): its public
 * reads and its rendered anonymous pages. `createServices` builds one and hands it to the
 * services in `ServiceDeps` (`deps.cache`, server/service-deps.ts), so two apps in one
 * process never share one.
 * Writers call `forget(tags)` after their transaction commits, naming what they changed
 * (./tags.ts, docs/decisions/0042): only the reads and pages built from it are forgotten. On
 * PostgreSQL, where other processes may write, a LISTEN connection hears their forgets, and
 * the cache serves nothing while that channel is down.
 */

/** The channel every process listens on; the payload is the sender, a space, the tags. */
export const CATALOGUE_CHANNEL = "tiangue_public_catalogue";

/** Embedded PGlite: one process per data directory (it is locked), so only our writes count. */
const EMBEDDED_TTL_MS = 10 * 60 * 1000;
/** PostgreSQL: a notification lost while reconnecting is forgotten after this long at most. */
const SERVER_TTL_MS = 30 * 1000;
const MAX_WEIGHT = 20_000;
const MAX_ENTRIES = 2_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
/** Pages show the time too ('Abierto ahora', the footer's year): re-rendered at least this often. */
const PAGE_TTL_MS = 30 * 1000;
/** The default bound of the kept pages (PAGE_CACHE_MB), municipality variants included. */
const PAGE_CACHE_MB = 32;
const PAGE_MAX_BYTES = 1024 * 1024;

type Pool = pg.Pool & { options: pg.PoolConfig; ending?: boolean };

/** What drizzle's node-postgres driver keeps as `$client`: the pg pool (PGlite is no pool). */
function poolOf(db: Database): Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as Pool | undefined;
  return client && typeof client.connect === "function" && "totalCount" in client
    ? client
    : undefined;
}

export interface CatalogueCacheOptions {
  db: Database;
  /** CATALOGUE_CACHE=off: every public read goes to the database, and no page is kept. */
  switchedOff?: boolean;
  /** PAGE_CACHE_MB: what the kept pages may hold together (page-cache.ts, entrySize). */
  pageCacheBytes?: number;
}

export class CatalogueCache {
  private readonly db: Database;
  private readonly pool: Pool | undefined;
  private readonly publicReads: PublicCache;
  /**
   * Rendered public pages, anonymous or for a remembered municipality (server/http/web-app.ts);
   * null when switched off.
   */
  readonly pages: PageCache | null;
  /** Set on PostgreSQL once the reads are first used: the listening connection. */
  private channel?: NotificationChannel;
  /** Tests insert rows behind the services' back, so there the cache is off until asked for. */
  private offForTests = process.env.NODE_ENV === "test";
  private readonly switchedOff: boolean;
  private closed = false;
  /** Bumped by every invalidation (see version). */
  private generation = 0;
  /** Names this cache's notifications, which its own channel then ignores. */
  private readonly senderId = `${process.pid}-${randomBytes(6).toString("hex")}`;

  constructor(options: CatalogueCacheOptions) {
    this.db = options.db;
    this.pool = poolOf(options.db);
    this.switchedOff = options.switchedOff ?? false;
    this.publicReads = new PublicCache({
      ttlMs: this.pool ? SERVER_TTL_MS : EMBEDDED_TTL_MS,
      maxWeight: MAX_WEIGHT,
      maxEntries: MAX_ENTRIES,
    });
    this.pages = this.switchedOff
      ? null
      : new PageCache({
          ttlMs: PAGE_TTL_MS,
          maxBytes: options.pageCacheBytes ?? PAGE_CACHE_MB * 1024 * 1024,
          maxPageBytes: PAGE_MAX_BYTES,
        });
    this.update();
  }

  /**
   * The public-read cache the services' cacheable reads go through. On PostgreSQL the
   * first use opens the LISTEN connection (a script that builds a service needing no
   * cached read never opens one); until it listens, every read goes to the database.
   */
  get reads(): PublicCache {
    this.listen();
    return this.publicReads;
  }

  /** Changes whenever this cache forgets anything, here or because another process wrote. */
  version(): number {
    return this.generation;
  }

  /**
   * Call after a write to merchants, products, categories or reviews has committed, with
   * the tags of what it changed (./tags.ts): this app forgets the reads and pages built
   * from it at once, other processes when the notification reaches them.
   */
  async forget(tags: readonly string[]): Promise<void> {
    const named = [...new Set(tags)];
    if (named.length === 0) return;
    this.forgetHere(named);
    if (!this.pool) return;
    let payload = `${this.senderId} ${named.join(" ")}`;
    if (payload.length > NOTIFY_TAGS_MAX) payload = `${this.senderId} ${EVERYTHING}`;
    try {
      await this.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${payload})`);
    } catch {
      // Others then forget by expiry (SERVER_TTL_MS); the write itself has succeeded.
    }
  }

  /** Forgets everything (rows written behind the services' back, as tests do). */
  invalidate(): Promise<void> {
    return this.forget([EVERYTHING]);
  }

  /** This process's share of a forget: its reads and its kept pages. */
  private forgetHere(tags: readonly string[]) {
    this.generation++;
    this.publicReads.forget(tags);
    this.pages?.forget(tags);
  }

  /**
   * Turns the cache on under NODE_ENV=test (tests of the cache itself) and resolves once
   * it serves (on PostgreSQL: once the channel listens).
   */
  async enableForTests(): Promise<void> {
    this.offForTests = false;
    this.listen();
    this.update();
    await this.channel?.ready();
  }

  /** Stops listening (the app's onClose); the cache then serves nothing more. */
  async close(): Promise<void> {
    this.closed = true;
    this.update();
    await this.channel?.close();
  }

  private listen() {
    if (this.channel || !this.pool || this.closed) return;
    this.channel = new NotificationChannel(
      this.pool,
      this.senderId,
      (tags) => this.forgetHere(tags),
      () => this.update(),
    );
  }

  private update() {
    const listening = this.pool ? (this.channel?.listening ?? false) : true;
    this.publicReads.enabled = !this.closed && !this.offForTests && !this.switchedOff && listening;
  }
}

/**
 * A dedicated connection that LISTENs for other processes' invalidations. It never
 * keeps the process alive, reconnects with back-off, and stops once the pool is ended.
 */
class NotificationChannel {
  listening = false;
  private delay = RECONNECT_MIN_MS;
  private waiters: (() => void)[] = [];
  private stopped = false;
  private client?: pg.Client;

  constructor(
    private readonly pool: Pool,
    private readonly senderId: string,
    private readonly forget: (tags: readonly string[]) => void,
    private readonly changed: () => void,
  ) {
    void this.connect();
  }

  ready(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Ends the connection for good: no reconnection follows. */
  async close(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private setListening(listening: boolean) {
    this.listening = listening;
    // Either way, what is cached may have missed a notification.
    this.forget([EVERYTHING]);
    this.changed();
    if (listening) for (const resolve of this.waiters.splice(0)) resolve();
  }

  private async connect() {
    if (this.stopped || this.pool.ending) return;
    const { default: pgModule } = await import("pg");
    if (this.stopped) return;
    // The pool's own options object: its password property is not enumerable.
    const client = new pgModule.Client(this.pool.options);
    this.client = client;
    let failed = false;
    const fail = () => {
      if (failed || this.stopped) return;
      failed = true;
      this.setListening(false);
      client.end().catch(() => {});
      this.retry();
    };
    client.on("error", fail);
    client.on("end", fail);
    client.on("notification", (message) => {
      if (message.channel !== CATALOGUE_CHANNEL || !message.payload) return;
      const [sender, ...tags] = message.payload.split(" ");
      if (sender !== this.senderId) this.forget(tags.length > 0 ? tags : [EVERYTHING]);
    });
    try {
      await client.connect();
      // The socket alone must not hold the process (or a test worker) open.
      const connection = (client as unknown as { connection?: { stream?: { unref?(): void } } })
        .connection;
      connection?.stream?.unref?.();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch {
      fail();
      return;
    }
    if (failed || this.stopped) return;
    this.delay = RECONNECT_MIN_MS;
    this.setListening(true);
  }

  private retry() {
    if (this.stopped || this.pool.ending) return;
    const delay = this.delay;
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
    setTimeout(() => void this.connect(), delay).unref();
  }
}
