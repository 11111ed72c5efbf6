/**
 * `npx tsx bench/page-weight.ts <baseUrl> [path…]`: the first-load weight of public pages
 * (issue 5). For each page, Chromium loads it cold (waitUntil networkidle); every JavaScript
 * file it requested is gzipped from the build (build/client, or BUILD_DIR) and summed, admin
 * chunks are flagged, and the largest image is reported for a phone and a desktop viewport.
 * Run it against the production build: `npm run build`, then
 * `DATA_DIR=/tmp/tiangue-weight PORT=5311 NODE_ENV=production node dist/server.js`.
 * Pass --json for machine-readable output; the exit code is 1 when a page is over budget.
 * Built with source maps (`BUILD_SOURCEMAP=1 npm run build`), it also splits each page's
 * JavaScript by package, which gives the framework's share (react-dom, react, React Router).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";

/** Issue 5's budgets. */
const JS_BUDGET_KB = 110;
const IMAGE_BUDGET_BYTES = 150 * 1024;

const VIEWPORTS = {
  // Lighthouse's mobile device (Moto G Power) and a common laptop screen.
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false },
} as const;

interface RouteEntry {
  module: string;
  imports?: string[];
}
interface ClientManifest {
  entry: RouteEntry;
  routes: Record<string, RouteEntry & { id: string }>;
}

export interface PageWeight {
  path: string;
  status: number;
  scripts: { file: string; gzipBytes: number }[];
  scriptGzipBytes: number;
  /** Gzipped bytes per package or app folder, when the build has source maps. */
  byPackage: Record<string, number> | null;
  /** Requested files that only admin routes import (must be none). */
  adminFiles: string[];
  largestImage: Record<keyof typeof VIEWPORTS, { url: string; bytes: number } | null>;
}

const buildDir = process.env.BUILD_DIR ?? join(process.cwd(), "build", "client");

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(buildDir, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes one line of a source map's VLQ mappings into [column, sourceIndex] pairs. */
function decodeLine(line: string, state: { source: number }): [number, number][] {
  const segments: [number, number][] = [];
  let column = 0;
  for (const segment of line.split(",")) {
    if (!segment) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0];
    if (values.length > 1) state.source += values[1];
    segments.push([column, values.length > 1 ? state.source : -1]);
  }
  return segments;
}

/** 'react-dom', '@tanstack/query-core', 'app/components/ui', 'shared' … for a source map entry. */
function packageOf(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1];
  const inRepo = /(?:^|\/)((?:app|shared)(?:\/[^/]+)*)\/[^/]+$/.exec(source);
  return inRepo ? inRepo[1] : source;
}

/** A file's gzipped bytes shared out by package, in proportion to the characters each wrote. */
function bytesByPackage(file: string): Map<string, number> | null {
  const mapFile = join(buildDir, `${file}.map`);
  if (!existsSync(mapFile)) return null;
  const code = readFileSync(join(buildDir, file), "utf8");
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
  const chars = new Map<string, number>();
  const lines = code.split("\n");
  const state = { source: 0 };
  map.mappings.split(";").forEach((mappings, i) => {
    const segments = decodeLine(mappings, state);
    segments.forEach(([column, source], j) => {
      const end = j + 1 < segments.length ? segments[j + 1][0] : (lines[i]?.length ?? column);
      const name = source >= 0 ? packageOf(map.sources[source]) : "(sin fuente)";
      chars.set(name, (chars.get(name) ?? 0) + end - column);
    });
  });
  const gzip = gzipBytes(file);
  return new Map([...chars].map(([name, n]) => [name, (n / code.length) * gzip]));
}

/** The packages that make up the framework: they ship with every page whatever the app does. */
const FRAMEWORK = new Set(["react", "react-dom", "scheduler", "react-router"]);

/** The full route manifest React Router writes to the client build. */
function readManifest(): ClientManifest {
  const assets = join(buildDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No hay manifest-*.js en ${assets}: ¿se ejecutó npm run build?`);
  const text = readFileSync(join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as ClientManifest;
}

function filesOf(entry: RouteEntry): string[] {
  return [entry.module, ...(entry.imports ?? [])];
}

/** Files that only admin routes use; a public page requesting one of them loads admin code. */
function adminOnlyFiles(manifest: ClientManifest): Set<string> {
  const shared = new Set(filesOf(manifest.entry));
  const admin = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    const target = route.id.startsWith("routes/admin/") ? admin : shared;
    for (const file of filesOf(route)) target.add(file);
  }
  return new Set([...admin].filter((file) => !shared.has(file)));
}

/** Home, the listings, and the first category, merchant and product the home page links to. */
async function defaultPaths(browser: Browser, baseUrl: string): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto(baseUrl + "/", { waitUntil: "domcontentloaded" });
  const firstLink = (prefix: string) =>
    page.$$eval(
      `a[href^="${prefix}"]`,
      (links, p) =>
        links.map((a) => a.getAttribute("href") ?? "").find((href) => href.length > p.length) ??
        null,
      prefix,
    );
  const [category, merchant, product] = await Promise.all([
    firstLink("/categories/"),
    firstLink("/merchants/"),
    firstLink("/products/"),
  ]);
  await page.close();
  return [
    "/",
    "/categories",
    category,
    "/merchants",
    merchant,
    "/products",
    product,
    "/search?q=pupusas",
    "/cart",
    "/register-merchant",
  ].filter((p): p is string => p !== null);
}

async function measure(
  browser: Browser,
  baseUrl: string,
  path: string,
  kind: keyof typeof VIEWPORTS,
): Promise<{
  status: number;
  scripts: Set<string>;
  largestImage: { url: string; bytes: number } | null;
}> {
  const context = await browser.newContext(VIEWPORTS[kind]);
  const page = await context.newPage();
  const scripts = new Set<string>();
  const imageSizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(baseUrl).origin) return;
    if (url.pathname.endsWith(".js")) scripts.add(url.pathname);
    else if (response.request().resourceType() === "image" && response.status() < 300) {
      imageSizes.push(
        response.body().then(
          (body) => ({ url: url.pathname, bytes: body.length }),
          () => ({ url: url.pathname, bytes: 0 }),
        ),
      );
    }
  });
  const response = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
  const images = await Promise.all(imageSizes);
  await context.close();
  const largestImage = images.reduce<{ url: string; bytes: number } | null>(
    (max, image) => (max && max.bytes >= image.bytes ? max : image),
    null,
  );
  return { status: response?.status() ?? 0, scripts, largestImage };
}

function packagesOf(files: string[]): Record<string, number> | null {
  const total = new Map<string, number>();
  for (const file of files) {
    const shares = bytesByPackage(file);
    if (!shares) return null;
    for (const [name, bytes] of shares) total.set(name, (total.get(name) ?? 0) + bytes);
  }
  return Object.fromEntries([...total].sort((a, b) => b[1] - a[1]));
}

function frameworkBytes(r: PageWeight): number | null {
  if (!r.byPackage) return null;
  return Object.entries(r.byPackage)
    .filter(([name]) => FRAMEWORK.has(name))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const positional = args.filter((a) => !a.startsWith("--"));
  const baseUrl = (positional[0] ?? "").replace(/\/$/, "");
  if (!/^https?:\/\//.test(baseUrl)) {
    console.error("Uso: npx tsx bench/page-weight.ts <baseUrl> [ruta…] [--json]");
    process.exit(2);
  }
  if (!existsSync(buildDir)) throw new Error(`No existe ${buildDir}`);
  const manifest = readManifest();
  const adminOnly = adminOnlyFiles(manifest);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const results: PageWeight[] = [];
  try {
    const paths =
      positional.length > 1 ? positional.slice(1) : await defaultPaths(browser, baseUrl);
    for (const path of paths) {
      const mobile = await measure(browser, baseUrl, path, "mobile");
      const desktop = await measure(browser, baseUrl, path, "desktop");
      const files = new Set([...mobile.scripts, ...desktop.scripts]);
      const scripts = [...files]
        .map((file) => ({ file, gzipBytes: gzipBytes(file) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      results.push({
        path,
        status: mobile.status,
        scripts,
        scriptGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
        byPackage: packagesOf(scripts.map((s) => s.file)),
        adminFiles: scripts.map((s) => s.file).filter((file) => adminOnly.has(file)),
        largestImage: { mobile: mobile.largestImage, desktop: desktop.largestImage },
      });
    }
  } finally {
    await browser.close();
  }

  const overBudget = results.filter(
    (r) =>
      r.scriptGzipBytes > JS_BUDGET_KB * 1024 ||
      r.adminFiles.length > 0 ||
      Object.values(r.largestImage).some((image) => (image?.bytes ?? 0) > IMAGE_BUDGET_BYTES),
  );
  if (json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const r of results) {
      console.log(`\n${r.path}  (HTTP ${r.status})`);
      for (const s of r.scripts) console.log(`  ${kb(s.gzipBytes).padStart(6)} KB  ${s.file}`);
      console.log(`  JS: ${r.scripts.length} archivos, ${kb(r.scriptGzipBytes)} KB gzip`);
      const framework = frameworkBytes(r);
      if (r.byPackage && framework !== null) {
        const top = Object.entries(r.byPackage).slice(0, 12);
        console.log(
          `  Por paquete: ${top.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(", ")}`,
        );
        console.log(
          `  Marco (react-dom, react, scheduler, React Router): ${kb(framework)} KB; ` +
            `el resto: ${kb(r.scriptGzipBytes - framework)} KB`,
        );
      }
      console.log(
        `  Código de admin: ${r.adminFiles.length ? r.adminFiles.join(", ") : "ninguno"}`,
      );
      for (const [kind, image] of Object.entries(r.largestImage)) {
        console.log(
          `  Imagen más grande (${kind}): ` +
            (image ? `${kb(image.bytes)} KB ${image.url}` : "ninguna"),
        );
      }
    }
    console.log(
      `\n| página | archivos JS | JS gzip KB | del marco KB | imagen mayor móvil KB | imagen mayor escritorio KB |`,
    );
    console.log(`|---|---|---|---|---|---|`);
    for (const r of results) {
      const framework = frameworkBytes(r);
      console.log(
        `| ${r.path} | ${r.scripts.length} | ${kb(r.scriptGzipBytes)} | ` +
          `${framework === null ? "—" : kb(framework)} | ` +
          `${kb(r.largestImage.mobile?.bytes ?? 0)} | ${kb(r.largestImage.desktop?.bytes ?? 0)} |`,
      );
    }
    console.log(
      overBudget.length
        ? `\nSobre el presupuesto (JS ≤ ${JS_BUDGET_KB} KB, sin admin, imágenes ≤ 150 KB): ${overBudget.map((r) => r.path).join(", ")}`
        : `\nTodas las páginas dentro del presupuesto.`,
    );
  }
  process.exitCode = overBudget.length ? 1 : 0;
}

await main();
