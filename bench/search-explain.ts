/**
 * Uncached search at catalogue scale: times the search service one request at a time and
 * prints EXPLAIN (ANALYZE, BUFFERS) of every statement it sends.
 *
 *   npx tsx bench/search-explain.ts [--url postgres://…/db] [--data-dir dir]
 *     [--products 100000] [--runs 30] [--explain] [q …]
 *
 * Without --url the catalogue lives in PGlite (in memory, or under --data-dir to keep it
 * between runs); with --url the database must exist (its tables are created by the
 * migrations). The catalogue is generated only when the database has no product yet.
 */
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "../db/client";
import { products } from "../db/schema/index";
import * as schema from "../db/schema/index";
import { CatalogueCache } from "../server/cache/index";
import { createSearchService } from "../server/modules/search/search.service";
import type { ServiceDeps } from "../server/service-deps";
import { generateCatalogue } from "./generate";

process.env.NODE_ENV = "test"; // the public cache is off under test: every call is uncached

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string" },
    "data-dir": { type: "string" },
    products: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    explain: { type: "boolean", default: false },
  },
});
const queries = positionals.length > 0 ? positionals : ["caf", "hamaca", "pupuza"];
const runs = Number(values.runs);

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** pg's pool: one connection of its own, so that a transaction stays on it. */
  connect?(): Promise<Client & { release(): void }>;
}

const handle = await openDatabase({ url: values.url, dataDir: values["data-dir"] });
const db = handle.db;
const pool = (db as unknown as { $client: Client }).$client;

if ((await db.$count(products)) === 0) {
  const started = performance.now();
  const made = await generateCatalogue(db, { products: Number(values.products) });
  console.log(`catálogo: ${JSON.stringify(made)} en ${Math.round(performance.now() - started)} ms`);
}
await db.execute(sql`analyze`);

// CATALOGUE_CACHE=off's cache: every call reaches the database.
const service = (target: Database) =>
  createSearchService({
    db: target,
    cache: new CatalogueCache({ db: target, switchedOff: true }),
  } as unknown as ServiceDeps);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

console.log(`\n${handle.kind}, ${runs} búsquedas sin caché por consulta, una a la vez`);
const search = service(db);
for (const q of queries) {
  for (let i = 0; i < 3; i++) await search.search(q);
  const times: number[] = [];
  let result = await search.search(q);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = await search.search(q);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `q=${q.padEnd(8)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms` +
      `  productos ${result.products.length}/${result.productTotal}, comercios ${result.merchants.length}/${result.merchantTotal}` +
      `  primeros: ${result.products
        .slice(0, 2)
        .map((p) => p.name)
        .join(" · ")}`,
  );
}

if (values.explain) {
  const own = pool.connect ? await pool.connect() : undefined;
  const client: Client = own ?? pool;
  // A second drizzle over the same connection that records what the service sends.
  const sent: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => sent.push({ text, params }) };
  const options = { schema, casing: "snake_case" as const, logger };
  const recording = (handle.kind === "postgres"
    ? drizzlePg(client as never, options)
    : drizzlePglite(client as never, options)) as unknown as Database;
  for (const q of queries) {
    sent.length = 0;
    await service(recording).search(q);
    console.log(`\n===== q=${q}: ${sent.length} sentencias`);
    // Replayed in one transaction, so set_config(…, true) applies to what follows it.
    await client.query("begin");
    try {
      for (const { text, params } of sent) {
        if (/^(begin|commit|rollback)/i.test(text.trim())) continue;
        if (!/^\s*select/i.test(text) || /set_config/.test(text)) {
          await client.query(text, params);
          continue;
        }
        console.log(`\n-- ${text}\n-- ${JSON.stringify(params)}`);
        const plan = await client.query(`explain (analyze, buffers) ${text}`, params);
        for (const row of plan.rows) console.log(String(Object.values(row)[0]));
      }
    } finally {
      await client.query("rollback");
    }
  }
  own?.release();
}

await handle.close();
