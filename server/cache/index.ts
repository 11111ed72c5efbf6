import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../../db/client";
import { PublicCache } from "./public-cache";

export { isCachedValue, PublicCache, type PublicCacheStats } from "./public-cache";

/**
 * One public-read cache per database handle (docs/decisions/0003-public-read-cache.md).
 * Writers call invalidatePublicCatalogue after their transaction commits. On PostgreSQL,
 * where other processes may write, a LISTEN connection hears their invalidations, and
 * the cache serves nothing while that channel is down.
 */

/** The channel every process listens on; the payload names the sender. */
export const CATALOGUE_CHANNEL = "tiangue_public_catalogue";

/** Embedded PGlite: one process per data directory (it is locked), so only our writes count. */
const EMBEDDED_TTL_MS = 10 * 60 * 1000;
/** PostgreSQL: a notification lost while reconnecting is forgotten after this long at most. */
const SERVER_TTL_MS = 30 * 1000;
const MAX_WEIGHT = 20_000;
const MAX_ENTRIES = 2_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

interface CatalogueCache {
  cache: PublicCache;
  /** Set on PostgreSQL: the listening connection. */
  channel?: NotificationChannel;
  /** Tests insert rows behind the services' back, so there the cache is off until asked for. */
  offForTests: boolean;
  /** Switched off by the operator (CATALOGUE_CACHE=off). */
  switchedOff: boolean;
  /** Names this cache's notifications, which its own channel then ignores. */
  senderId: string;
}

const caches = new WeakMap<Database, CatalogueCache>();
/** Bumped by every invalidation of any cache of this process (see catalogueVersion). */
let version = 0;

type Pool = pg.Pool & { options: pg.PoolConfig; ending?: boolean };

/** What drizzle's node-postgres driver keeps as `$client`: the pg pool (PGlite is no pool). */
function poolOf(db: Database): Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as Pool | undefined;
  return client && typeof client.connect === "function" && "totalCount" in client
    ? client
    : undefined;
}

function catalogueCache(db: Database): CatalogueCache {
  let found = caches.get(db);
  if (found) return found;
  const pool = poolOf(db);
  const cache = new PublicCache({
    ttlMs: pool ? SERVER_TTL_MS : EMBEDDED_TTL_MS,
    maxWeight: MAX_WEIGHT,
    maxEntries: MAX_ENTRIES,
    onInvalidate: () => {
      version++;
    },
  });
  const entry: CatalogueCache = {
    cache,
    offForTests: process.env.NODE_ENV === "test",
    switchedOff: false,
    senderId: `${process.pid}-${randomBytes(6).toString("hex")}`,
  };
  if (pool) {
    entry.channel = new NotificationChannel(pool, cache, entry.senderId, () => update(entry));
  }
  update(entry);
  caches.set(db, entry);
  found = entry;
  return found;
}

function update(entry: CatalogueCache) {
  entry.cache.enabled =
    !entry.offForTests && !entry.switchedOff && (entry.channel?.listening ?? true);
}

/**
 * Changes whenever any public-read cache of this process forgets its entries: what was
 * built from cached reads (e.g. a rendered page) is current while this stays the same.
 */
export function catalogueVersion(): number {
  return version;
}

/** The public-read cache of this database. */
export function publicCache(db: Database): PublicCache {
  return catalogueCache(db).cache;
}

/** Every public read of this database then goes to the database (CATALOGUE_CACHE=off). */
export function switchOffPublicCache(db: Database): void {
  const entry = catalogueCache(db);
  entry.switchedOff = true;
  update(entry);
}

/**
 * Turns the cache on under NODE_ENV=test (tests of the cache itself) and resolves once
 * it serves (on PostgreSQL: once the channel listens).
 */
export async function enablePublicCacheForTests(db: Database): Promise<void> {
  const entry = catalogueCache(db);
  entry.offForTests = false;
  update(entry);
  await entry.channel?.ready();
}

/**
 * Call after a write to merchants, products, categories or approved reviews has
 * committed: this process forgets its cached reads at once, other processes when the
 * notification reaches them.
 */
export async function invalidatePublicCatalogue(db: Database): Promise<void> {
  const { cache, channel, senderId } = catalogueCache(db);
  cache.invalidate();
  if (!channel) return;
  try {
    await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${senderId})`);
  } catch {
    // Others then forget by expiry (SERVER_TTL_MS); the write itself has succeeded.
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

  constructor(
    private readonly pool: Pool,
    private readonly cache: PublicCache,
    private readonly senderId: string,
    private readonly changed: () => void,
  ) {
    void this.connect();
  }

  ready(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private setListening(listening: boolean) {
    this.listening = listening;
    // Either way, what is cached may have missed a notification.
    this.cache.invalidate();
    this.changed();
    if (listening) for (const resolve of this.waiters.splice(0)) resolve();
  }

  private async connect() {
    if (this.pool.ending) return;
    const { default: pgModule } = await import("pg");
    // The pool's own options object: its password property is not enumerable.
    const client = new pgModule.Client(this.pool.options);
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      this.setListening(false);
      client.end().catch(() => {});
      this.retry();
    };
    client.on("error", fail);
    client.on("end", fail);
    client.on("notification", (message) => {
      if (message.channel === CATALOGUE_CHANNEL && message.payload !== this.senderId) {
        this.cache.invalidate();
      }
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
    if (failed) return;
    this.delay = RECONNECT_MIN_MS;
    this.setListening(true);
  }

  private retry() {
    if (this.pool.ending) return;
    const delay = this.delay;
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
    setTimeout(() => void this.connect(), delay).unref();
  }
}
