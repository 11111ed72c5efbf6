import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
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

/** The project root, found from this file whether it runs from source or from dist/. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("package.json not found above " + import.meta.url);
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = () => join(projectRoot(), "db", "migrations");

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener, an idle client's error (e.g. PostgreSQL restarting) kills the process.
    pool.on("error", (error) => options.onPoolError?.(error));
    const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Database;
    await migrate(drizzle(pool, { casing: "snake_case" }), {
      migrationsFolder: migrationsFolder(),
    });
    const url = new URL(options.url);
    return {
      db,
      kind: "postgres",
      location: `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => pool.end(),
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = resolve(options.dataDir, "pgdata");
    mkdirSync(dataPath, { recursive: true });
  }
  const client = await PGlite.create(dataPath, {
    extensions: { pg_trgm, unaccent },
    // PGlite's default shared_buffers (128 MB) lives in the Node process's own memory; 32 MB
    // keeps a 100k-product server under the 350 MB resident target (docs/performance.md)
    // while the hot pages and indexes still fit.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  await migrate(drizzle(client, { casing: "snake_case" }), {
    migrationsFolder: migrationsFolder(),
  });
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
