/**
 * The first-load JavaScript of each public page, read from the production build (issue 27):
 * what a page's HTML makes the browser fetch before it is interactive — React Router's route
 * manifest (`manifest-*.js`), its client entry and the entry's imports, and for each route the
 * page matches (root, the public layout, the page) its module and the module's static imports —
 * as the compressed bytes sent (the build's `.br` twin, scripts/precompress.ts; files too small
 * to be precompressed are sent as they are). Files loaded later (`import()`) are not counted.
 *
 * `npx tsx scripts/first-load-js.ts [--json] [buildDir]` (default build/client) prints one line
 * per page; tests/e2e/first-load-js.e2e.ts holds the budget.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Issue 27's budget for every public page, in compressed bytes: 140 KiB, raised to 143 KiB for
 * issue 36 and brought back to 141 KiB by the lazy reviews, option pickers and 'Califica tu
 * compra' (docs/decisions/0035; the last 0.4 KiB still to win back).
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 141 * 1024;

/** The public pages, by URL, with the route ids they match under root. */
export const PUBLIC_PAGES: Record<string, string[]> = {
  "/": ["routes/public/layout", "routes/public/home"],
  "/categories": ["routes/public/layout", "routes/public/categories"],
  "/categories/{slug}": ["routes/public/layout", "routes/public/category-detail"],
  "/merchants": ["routes/public/layout", "routes/public/merchants"],
  "/merchants/{slug}": ["routes/public/layout", "routes/public/merchant-detail"],
  "/products": ["routes/public/layout", "routes/public/products"],
  "/products/{slug}": ["routes/public/layout", "routes/public/product-detail"],
  "/search": ["routes/public/layout", "routes/public/search"],
  "/register-merchant": ["routes/public/layout", "routes/public/register-merchant"],
  "/cart": ["routes/public/layout", "routes/public/cart"],
  "/favorites": ["routes/public/layout", "routes/public/favorites"],
  "/checkout": ["routes/public/layout", "routes/public/checkout"],
  "/orders": ["routes/public/layout", "routes/public/orders"],
  "/orders/buscar": ["routes/public/layout", "routes/public/order-lookup"],
  "/orders/{n}": ["routes/public/layout", "routes/public/order-detail"],
  "/terms": ["routes/public/layout", "routes/public/terms"],
  "/privacy": ["routes/public/layout", "routes/public/privacy"],
  "/help": ["routes/public/layout", "routes/public/help"],
  "/merchant/login": ["routes/merchant/login"],
  "/{not-found}": ["routes/public/not-found"],
};

interface ManifestEntry {
  module: string;
  imports?: string[];
}
export interface RouterManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id: string }>;
}

export interface PageJs {
  page: string;
  files: { file: string; bytes: number }[];
  bytes: number;
}

/** React Router's client manifest (`window.__reactRouterManifest=…` in assets/manifest-*.js). */
export function readRouterManifest(buildDir: string): { file: string; manifest: RouterManifest } {
  const assets = join(buildDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`No hay manifest-*.js en ${assets}: ¿npm run build?`);
  const text = readFileSync(join(assets, name), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as RouterManifest };
}

/** The bytes a file is sent as: its brotli twin when the build made one, else the file. */
export function transferBytes(buildDir: string, file: string): number {
  const path = join(buildDir, file.replace(/^\//, ""));
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}

/** The JavaScript files a page with these route ids loads at first, in order, without repeats. */
export function firstLoadFiles(
  manifestFile: string,
  manifest: RouterManifest,
  routeIds: string[],
): string[] {
  const files = new Set<string>([manifestFile, manifest.entry.module]);
  for (const file of manifest.entry.imports ?? []) files.add(file);
  for (const id of ["root", ...routeIds]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`La ruta ${id} no está en el manifiesto de React Router`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files].filter((file) => file.endsWith(".js"));
}

/** Every public page's first-load JavaScript, largest first. */
export function measureFirstLoadJs(
  buildDir = join(process.cwd(), "build", "client"),
  pages: Record<string, string[]> = PUBLIC_PAGES,
): PageJs[] {
  const { file: manifestFile, manifest } = readRouterManifest(buildDir);
  return Object.entries(pages)
    .map(([page, routeIds]) => {
      const files = firstLoadFiles(manifestFile, manifest, routeIds).map((file) => ({
        file,
        bytes: transferBytes(buildDir, file),
      }));
      return { page, files, bytes: files.reduce((sum, { bytes }) => sum + bytes, 0) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const buildDir = args.find((arg) => !arg.startsWith("--")) ?? join("build", "client");
  const results = measureFirstLoadJs(buildDir);
  if (json) console.log(JSON.stringify(results, null, 2));
  else {
    for (const { page, bytes, files } of results) {
      const over = bytes > FIRST_LOAD_JS_BUDGET_BYTES ? "  ← sobre el presupuesto" : "";
      console.log(`${page.padEnd(20)} ${String(bytes).padStart(7)} B  ${kib(bytes)}${over}`);
      if (args.includes("--files"))
        for (const f of files) console.log(`    ${String(f.bytes).padStart(7)}  ${f.file}`);
    }
  }
  if (results.some(({ bytes }) => bytes > FIRST_LOAD_JS_BUDGET_BYTES)) process.exitCode = 1;
}
