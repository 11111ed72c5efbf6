/**
 * Issue 36: the product lists' sort and filters at catalogue scale, uncached, one request at a
 * time. Times the products service's `listPublic` (what GET /api/products and the four product
 * listings call: the page and its X-Total-Count) and the search with a shelf, for every scope
 * (the whole catalogue, the largest category, the largest merchant, a department), every
 * order ('Más recientes', 'Menor precio', 'Mayor precio', 'Mejor calificados', 'Nombre') and
 * filter (none, 'Solo disponibles', a price range, both, a range over most of the catalogue),
 * on the first page and the fifth; prints p50 / p95 per case, ✓ under TARGET_MS at p95.
 *
 *   npx tsx bench/product-shelf.ts --url postgres://…/shelf [--products 1000000] [--runs 30]
 *     [--explain] [--json bench/results/<name>.json] [--only <text of the cases' names>]
 *
 * Without --url the catalogue lives in PGlite (in memory, or under --data-dir). The catalogue
 * (bench/generate.ts) is generated only when the database has no product yet, then one product
 * in 12 is marked 'Agotado' (sold out, so not in stock) and one in 7 counted, so 'Solo
 * disponibles' has something to leave out, and one in 50 moved to the first merchant (a big
 * shop: 20,000 products at 1M); then VACUUM ANALYZE, as autovacuum would. With
 * --explain each case's statements are printed with EXPLAIN (ANALYZE, BUFFERS): every list
 * should read its order's index (db/schema/products.ts) with no Sort above it.
 * docs/performance.md, "Product lists' sort and filters (issue 36)", says how to read it.
 */
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "../db/client";
import * as schema from "../db/schema/index";
import { products } from "../db/schema/index";
import { PRODUCTS_PAGE_SIZE } from "../shared/limits";
import { PRODUCT_SORTS, type ProductShelf } from "../shared/schemas/product-sort";
import { CatalogueCache } from "../server/cache/index";
import {
  createProductReads,
  type PublicProductFilter,
} from "../server/modules/products/products.reads";
import { createSearchService } from "../server/modules/search/search.service";
import type { ServiceDeps } from "../server/service-deps";
import { generateCatalogue } from "./generate";

process.env.NODE_ENV = "test"; // the public cache is off under test: every call is uncached

const TARGET_MS = 30;

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    "data-dir": { type: "string" },
    products: { type: "string", default: "1000000" },
    runs: { type: "string", default: "30" },
    explain: { type: "boolean", default: false },
    json: { type: "string" },
    // Only the cases whose name contains this text, e.g. --only "«caf» · rating".
    only: { type: "string" },
  },
});
const chosen = (c: { name: string }) => values.only === undefined || c.name.includes(values.only);
const runs = Number(values.runs);

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  connect?(): Promise<Client & { release(): void }>;
}

const handle = await openDatabase({ url: values.url, dataDir: values["data-dir"] });
const db = handle.db;
const pool = (db as unknown as { $client: Client }).$client;

if ((await db.$count(products)) === 0) {
  const started = performance.now();
  const made = await generateCatalogue(db, { products: Number(values.products) });
  // 'Agotado' and counted stock (issue 36): in_stock is what 'Solo disponibles' reads.
  await db.execute(sql`update products set sold_out = true, in_stock = false where id % 12 = 0`);
  await db.execute(sql`update products set stock = id % 9 where id % 7 = 0 and id % 12 <> 0`);
  await db.execute(sql`update products set in_stock = false where stock = 0`);
  // One big shop (a supermarket): 2 % of the catalogue, so a merchant's list is long too.
  await db.execute(
    sql`update products set merchant_id = (select min(id) from merchants) where id % 50 = 7`,
  );
  await db.execute(sql`vacuum analyze products`);
  console.log(`catálogo: ${JSON.stringify(made)} en ${Math.round(performance.now() - started)} ms`);
}
await db.execute(sql`analyze`);

// CATALOGUE_CACHE=off's cache: every call reaches the database.
const depsOf = (target: Database) =>
  ({
    db: target,
    cache: new CatalogueCache({ db: target, switchedOff: true }),
  }) as unknown as ServiceDeps;
const reads = createProductReads(depsOf(db));
const search = createSearchService(depsOf(db));

const one = async <T>(text: string) => {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows[0]!;
};
const category = await one<{ id: number; n: number }>(
  "select category_id as id, count(*)::int as n from products where is_public group by 1 order by 2 desc limit 1",
);
const merchant = await one<{ id: number; n: number }>(
  "select merchant_id as id, count(*)::int as n from products where is_public group by 1 order by 2 desc limit 1",
);
const counts = await one<{ public: number; unavailable: number }>(
  "select count(*) filter (where is_public)::int as public, count(*) filter (where is_public and not in_stock)::int as unavailable from products",
);
console.log(
  `\n${handle.kind}: ${counts.public} productos públicos (${counts.unavailable} agotados); categoría ${category.id} con ${category.n}, comercio ${merchant.id} con ${merchant.n}`,
);

const SCOPES: Record<string, PublicProductFilter> = {
  catálogo: {},
  categoría: { categoryId: Number(category.id) },
  comercio: { merchantId: Number(merchant.id) },
  departamento: { department: "San Salvador" },
};
const FILTERS: Record<string, ProductShelf> = {
  "sin filtro": {},
  disponibles: { available: true },
  "$5–$20": { minPrice: "5.00", maxPrice: "20.00" },
  "$5–$20 disp.": { minPrice: "5.00", maxPrice: "20.00", available: true },
  "$1–$400": { minPrice: "1.00", maxPrice: "400.00" },
};
const PAGES = [1, 5];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Row {
  list: string;
  p50: number;
  p95: number;
  shown: number;
  total: string;
}
const rows: Row[] = [];

async function time(list: string, call: () => Promise<{ shown: number; total: string }>) {
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  let last = await call();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const row = { list, p50: percentile(times, 50), p95: percentile(times, 95), ...last };
  rows.push(row);
  const mark = row.p95 < TARGET_MS ? "✓" : "✗";
  console.log(
    `${list.padEnd(58)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms ${mark}  ${row.shown} de ${row.total}`,
  );
}

const listCases: { name: string; filter: PublicProductFilter }[] = [];
for (const [scopeName, scope] of Object.entries(SCOPES)) {
  for (const sort of PRODUCT_SORTS) {
    for (const [filterName, shelf] of Object.entries(FILTERS)) {
      for (const page of PAGES) {
        listCases.push({
          name: `${scopeName} · ${sort} · ${filterName} · pág. ${page}`,
          filter: {
            ...scope,
            ...shelf,
            sort,
            limit: PRODUCTS_PAGE_SIZE,
            offset: (page - 1) * PRODUCTS_PAGE_SIZE,
          },
        });
      }
    }
  }
}

console.log(`\nlistas (${runs} lecturas sin caché por caso, una a la vez)`);
for (const { name, filter } of listCases.filter(chosen)) {
  await time(name, async () => {
    const page = await reads.listPublic(filter);
    return { shown: page.items.length, total: `${page.totalAtLeast ? "≥" : ""}${page.total}` };
  });
}

const searchCases: { name: string; q: string; shelf: ProductShelf }[] = [];
for (const q of ["caf", "hamaca", "salvador"]) {
  searchCases.push({ name: `búsqueda «${q}» · relevancia`, q, shelf: {} });
  for (const sort of PRODUCT_SORTS)
    searchCases.push({ name: `búsqueda «${q}» · ${sort}`, q, shelf: { sort } });
  searchCases.push({
    name: `búsqueda «${q}» · price_asc · $5–$20 disp.`,
    q,
    shelf: { sort: "price_asc", minPrice: "5.00", maxPrice: "20.00", available: true },
  });
  searchCases.push({
    name: `búsqueda «${q}» · relevancia · $5–$20`,
    q,
    shelf: { minPrice: "5.00", maxPrice: "20.00" },
  });
}
console.log("\nbúsquedas");
for (const { name, q, shelf } of searchCases.filter(chosen)) {
  await time(name, async () => {
    const result = await search.search(q, shelf);
    const mark = result.productTotalAtLeast ? "≥" : result.productTotalEstimated ? "~" : "";
    return { shown: result.products.length, total: `${mark}${result.productTotal}` };
  });
}

const slow = rows.filter((r) => r.p95 >= TARGET_MS);
console.log(
  `\n${rows.length} casos; ${slow.length === 0 ? `todos bajo ${TARGET_MS} ms en p95 ✓` : `${slow.length} sobre ${TARGET_MS} ms en p95 ✗: ${slow.map((r) => r.list).join("; ")}`}`,
);

if (values.json) {
  writeFileSync(
    values.json,
    JSON.stringify(
      { kind: handle.kind, at: new Date().toISOString(), runs, counts, rows },
      null,
      2,
    ),
  );
  console.log(`→ ${values.json}`);
}

if (values.explain) {
  const own = pool.connect ? await pool.connect() : undefined;
  const client: Client = own ?? pool;
  // A second drizzle over the same connection that records what the services send.
  const sent: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => sent.push({ text, params }) };
  const options = { schema, casing: "snake_case" as const, logger };
  const recording = (handle.kind === "postgres"
    ? drizzlePg(client as never, options)
    : drizzlePglite(client as never, options)) as unknown as Database;
  const recordingReads = createProductReads(depsOf(recording));
  const recordingSearch = createSearchService(depsOf(recording));
  const explain = async (name: string, call: () => Promise<unknown>) => {
    sent.length = 0;
    await call();
    console.log(`\n===== ${name}: ${sent.length} sentencias`);
    for (const { text, params } of sent) {
      if (!/^\s*select/i.test(text)) continue;
      console.log(`\n-- ${text}\n-- ${JSON.stringify(params)}`);
      const plan = await client.query(`explain (analyze, buffers) ${text}`, params);
      for (const row of plan.rows) console.log(String(Object.values(row)[0]));
    }
  };
  for (const { name, filter } of listCases.filter((c) => chosen(c) && c.name.endsWith("pág. 1"))) {
    await explain(name, () => recordingReads.listPublic(filter));
  }
  for (const { name, q, shelf } of searchCases.filter(chosen)) {
    await explain(name, () => recordingSearch.search(q, shelf));
  }
  own?.release();
}

await handle.close();
