import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Pool, PoolClient } from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { PGliteThread } from "./pglite-thread";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Anything that can run a query: the database itself or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for the start-up log. */
  location: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… — when set, a real PostgreSQL server is used. */
  url?: string;
  /** Directory of the embedded database; omitted means in memory (tests only). */
  dataDir?: string;
  /** Size of the pg connection pool. */
  poolSize?: number;
  /** Called when the pg pool reports a broken idle connection. */
  onPoolError?: (error: Error) => void;
}

/** Longest wait for a new PostgreSQL connection before the request answers 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/** SQLSTATEs of a connection that is gone or a server that cannot take one now. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping, or pg_terminate_backend
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** What node-postgres and its pool say when a connection died or could not be made. */
const UNAVAILABLE_MESSAGES =
  /^(?:Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/**
 * Whether an error (or any error in its `cause` chain: Drizzle wraps the driver's) means the
 * database could not be reached or dropped the connection, rather than refused the query.
 * Such errors answer 503 with Retry-After (server/app.ts), never 500.
 */
export function isConnectionError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (code.startsWith("08") && code.length === 5) return true; // connection_exception class
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}

/**
 * A statement that only reads, so running it twice changes nothing: a SELECT that calls
 * none of the functions with side effects our code uses.
 */
function isIdempotentRead(text: string): boolean {
  return (
    /^\s*select\b/i.test(text) &&
    !/\b(?:nextval|setval|pg_notify|pg_advisory\w*|set_config|pg_terminate_backend)\s*\(/i.test(
      text,
    )
  );
}

/**
 * After PostgreSQL restarts (or ends backends), the pool's idle connections are dead and the
 * next query on each fails. A read that fails that way is run once more, on a connection the
 * pool opens anew; writes are never repeated behind the caller's back (they answer 503).
 * Transactions use their own client (pool.connect()), so only single statements pass here.
 */
function retryReadsOnce(pool: Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const retrying = (...args: unknown[]) => {
    const first = query(...args);
    const config = args[0] as string | { text?: unknown } | undefined;
    const text = typeof config === "string" ? config : config?.text;
    // Callback and stream forms are passed through untouched (Drizzle uses promises).
    if (!(first instanceof Promise) || typeof text !== "string" || !isIdempotentRead(text)) {
      return first;
    }
    return first.catch((error: unknown) => {
      if (!isConnectionError(error) || pool.ending) throw error;
      return query(...args);
    });
  };
  pool.query = retrying as Pool["query"];
}

/**
 * What a PostgreSQL restart must not do to a client the pool hands out (issue 26: checkouts
 * while the server restarts):
 * - End the process. The pool listens for errors only on idle clients; a checked-out one (a
 *   transaction's) whose connection dies emits 'error' too, and an 'error' nobody listens to
 *   is thrown. Its query, or the next one, fails with the same error and answers 503.
 * - Leak from the pool. Drizzle's transaction() runs BEGIN before the try/finally that
 *   releases the client (drizzle-orm 0.45, drizzle-team/drizzle-orm#6241): a BEGIN on a dead
 *   connection would keep its client checked out for good, and after `max` of them every
 *   request would wait for a connection and answer 503 until the process restarts. Such a
 *   client is released here, with its error so that the pool drops it.
 */
function survivesLostConnections(client: PoolClient) {
  client.on("error", () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const config = args[0] as string | { text?: unknown } | undefined;
    const text = typeof config === "string" ? config : config?.text;
    if (!(result instanceof Promise) || typeof text !== "string" || !/^\s*begin\b/i.test(text)) {
      return result;
    }
    return result.catch((error: unknown) => {
      try {
        client.release(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // Already released: nothing is leaked.
      }
      throw error;
    });
  }) as PoolClient["query"];
}

/**
 * The committed migrations, found from this file whether it runs from source (db/) or bundled
 * into dist/server.js: the nearest folder above that holds db/migrations.
 */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "db", "migrations"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("db/migrations not found above " + import.meta.url);
    dir = parent;
  }
  return join(dir, "db", "migrations");
}

/** The `when` of the newest committed migration (drizzle stores it as `created_at`). */
export function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Runs drizzle's migrate only when the database is behind the journal. Drizzle applies every
 * migration whose `when` is newer than the newest `created_at` it recorded, so a database
 * whose newest record reaches the journal's newest migration has nothing to apply: a restart
 * then costs one query instead of reading and hashing every migration file and running
 * drizzle's CREATE … IF NOT EXISTS statements (issue 15 point 4, docs/performance.md).
 */
export async function migrateIfBehind(db: Database, migrate: () => Promise<void>) {
  const applied = await db
    .execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)
    .then((result) =>
      Number((result as unknown as { rows: { newest: unknown }[] }).rows[0]?.newest ?? 0),
    )
    // No migrations table yet (a new database): drizzle creates it.
    .catch(() => 0);
  if (applied >= newestMigration()) return false;
  await migrate();
  return true;
}

/** The advisory lock that migrations take on PostgreSQL (any constant no other code uses). */
export const MIGRATION_LOCK_KEY = "7235101127136001";

/**
 * Runs `fn` (drizzle's migrate) on one connection holding the migration lock: processes
 * that start at once on one database (WEB_CONCURRENCY workers, machines behind a load
 * balancer; issue 13) migrate one after another, the later ones then finding nothing to do.
 * Without it, two starts on a new database both ran the first migration and one failed
 * (duplicate key in pg_type from CREATE TABLE IF NOT EXISTS). Ending the connection (or the
 * process) releases the lock.
 */
async function migrateLocked(pool: Pool, fn: (client: PoolClient) => Promise<unknown>) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
    try {
      await fn(client);
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    try {
      client.release();
    } catch {
      // A BEGIN that failed on a dead connection released it already (survivesLostConnections).
    }
  }
}

/**
 * How much a WebAssembly function of PGlite must run before V8 recompiles it with its
 * optimizing compiler (V8's default: 1_800_000). PGlite's PostgreSQL (~9 MB of WebAssembly)
 * starts in V8's baseline code; with the default budget V8 recompiles, on background threads,
 * nearly every function that PostgreSQL's start and the first requests touch: about 1.3 s of
 * CPU in the first seconds, which on a two-core server competes with the start itself. With
 * a hundred times the budget only the functions that keep running (those of the frequent
 * queries) are optimized: the start uses about a quarter less CPU, and repeated queries
 * measured as fast as with the default (issue 15 point 4, docs/performance.md "Start time").
 */
const WASM_TIERING_BUDGET = 180_000_000;

/**
 * Sets the budget before PGlite compiles its module (again on each open, which is harmless),
 * unless node was started with a budget of its own.
 */
function tuneWasmTiering() {
  const own = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((arg) =>
    arg.includes("wasm-tiering-budget"),
  );
  if (!own) setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the server is unreachable, a request waits this long for a connection and
      // then answers 503 (server/app.ts), instead of hanging until TCP gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // Without a listener, an idle client's error (e.g. PostgreSQL restarting) kills the process.
    // The pool drops that client and opens new ones on demand: nothing else to do to recover.
    pool.on("error", (error) => options.onPoolError?.(error));
    pool.on("connect", survivesLostConnections);
    retryReadsOnce(pool);
    const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Database;
    await migrateIfBehind(db, () =>
      migrateLocked(pool, (client) =>
        migrate(drizzle(client, { casing: "snake_case" }), {
          migrationsFolder: migrationsFolder(),
        }),
      ),
    );
    const url = new URL(options.url);
    return {
      db,
      kind: "postgres",
      location: `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => pool.end(),
    };
  }

  tuneWasmTiering();
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = resolve(options.dataDir, "pgdata");
    // Owner only, like DATA_DIR itself (server/secrets.ts privateDir): it holds live sessions.
    mkdirSync(dataPath, { recursive: true, mode: 0o700 });
  }
  // In a thread of its own (db/pglite-thread.ts, docs/decisions/0019), with the extensions
  // the migrations create (pg_trgm, unaccent). PGlite's default shared_buffers (128 MB) lives
  // in the process's own memory; 32 MB keeps a 100k-product server under the 350 MB resident
  // target (docs/performance.md) while the hot pages and indexes still fit.
  const client = await PGliteThread.open(dataPath, ["-c", "shared_buffers=32MB"]);
  const db = drizzle(client as unknown as PGlite, {
    schema,
    casing: "snake_case",
  }) as unknown as Database;
  await migrateIfBehind(db, () =>
    migrate(drizzle(client as unknown as PGlite, { casing: "snake_case" }), {
      migrationsFolder: migrationsFolder(),
    }),
  );
  const maintenance = dataPath ? embeddedMaintenance(client) : undefined;
  return {
    db,
    kind: "pglite",
    location: dataPath ?? "memoria (solo pruebas)",
    close: async () => {
      await maintenance?.stop();
      await client.close();
    },
  };
}

/** The embedded database's first VACUUM ANALYZE after opening, then one every EVERY_MS. */
const EMBEDDED_VACUUM_FIRST_MS = 60_000;
const EMBEDDED_VACUUM_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * PGlite has no autovacuum: without this, dead rows (sessions, rate-limit counters, carts,
 * edits) would pile up for ever, statistics would go stale and counts could not read their
 * index alone. The few seconds of a vacuum hold the embedded database, so it runs rarely.
 */
export function embeddedMaintenance(client: { exec(query: string): Promise<unknown> }) {
  let running: Promise<unknown> | undefined;
  const vacuum = () => {
    running ??= client
      .exec("VACUUM ANALYZE")
      .catch((error: Error) => console.error("PGlite: VACUUM falló:", error.message))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(vacuum, EMBEDDED_VACUUM_FIRST_MS);
  const every = setInterval(vacuum, EMBEDDED_VACUUM_EVERY_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
