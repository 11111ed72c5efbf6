/**
 * Every public page, for Lighthouse (issue 27), and a command to measure them:
 *
 *   npx tsx bench/lighthouse-pages.ts <baseUrl> [path…] [--runs=3] [--profile=mobile|slow-3g]
 *
 * Without paths it measures every public page of a running Tiangue with its demo catalogue
 * (`publicPages`: the catalogue's first category, merchant and product, and an order placed
 * for the purpose, paid at pickup, to have an order page with its token). Each figure is the
 * median of --runs cold loads (bench/lighthouse.ts). The exit code is 1 when a page misses
 * issue 27's targets: 100 in performance, accessibility, best practices and (where the page
 * may be indexed) SEO on the mobile profile; LCP ≤ 2.5 s on slow 3G.
 */
import { pathToFileURL } from "node:url";
import type { LighthouseProfile, PageFigures } from "./lighthouse";

export const SLOW_3G_LCP_TARGET_MS = 2500;

/** Whether a page meets issue 27's targets in the profile it was measured with. */
export function meetsTargets(f: PageFigures, profile: LighthouseProfile): boolean {
  if (profile === "slow-3g") return f.lcpMs <= SLOW_3G_LCP_TARGET_MS;
  return (
    f.score === 100 &&
    f.accessibility === 100 &&
    f.bestPractices === 100 &&
    (f.seo === null || f.seo === 100)
  );
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Places a pickup order of one product, paid at the shop, and returns its page's path. */
async function orderPagePath(baseUrl: string, productId: number, merchantId: number) {
  const sessionId = crypto.randomUUID();
  const post = (path: string, body: unknown) =>
    json<Record<string, unknown>>(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify(body),
    });
  await post(`/api/cart/${sessionId}`, { productId, quantity: 1 });
  const placed = await post("/api/checkout", {
    sessionId,
    customerName: "Rosa Martínez",
    customerEmail: "rosa@correo.sv",
    customerPhone: "+503 7777-2222",
    paymentMethod: "cash",
    fulfillment: { [String(merchantId)]: "pickup" },
  });
  const { pathname, search } = new URL(String(placed.orderUrl));
  return pathname + search;
}

/** Every public page of a running Tiangue, named as the bench reports them. */
export async function publicPages(baseUrl: string): Promise<{ page: string; url: string }[]> {
  const [category] = await json<{ slug: string }[]>(`${baseUrl}/api/categories`);
  const [merchant] = await json<{ slug: string }[]>(`${baseUrl}/api/merchants?limit=1`);
  const [product] = await json<{ id: number; slug: string; merchantId: number }[]>(
    `${baseUrl}/api/products?limit=1`,
  );
  const order = await orderPagePath(baseUrl, product.id, product.merchantId);
  const paths: [string, string][] = [
    ["Inicio", "/"],
    ["Categorías", "/categories"],
    ["Categoría", `/categories/${category.slug}`],
    ["Comercios", "/merchants"],
    ["Comercio", `/merchants/${merchant.slug}`],
    ["Productos", "/products"],
    ["Producto", `/products/${product.slug}`],
    ["Búsqueda", "/search?q=cafe"],
    ["Registrar comercio", "/register-merchant"],
    ["Carrito", "/cart"],
    ["Favoritos", "/favorites"],
    ["Finalizar pedido", "/checkout"],
    ["Mis pedidos", "/orders"],
    ["Pedido", order],
    ["Buscar mi pedido", "/orders/buscar"],
    ["Términos", "/terms"],
    ["Privacidad", "/privacy"],
    ["Ayuda", "/help"],
    ["Acceso de comercios", "/merchant/login"],
    // Not the 404 page: Lighthouse refuses to audit an answer that is not a 2xx.
  ];
  return paths.map(([page, path]) => ({ page, url: baseUrl + path }));
}

export function lighthouseTable(results: PageFigures[]): string[] {
  const lines = [
    "| página | rendimiento | accesibilidad | prácticas | SEO | LCP ms | CLS | TBT ms | JS KB | imagen mayor KB |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const f of results) {
    lines.push(
      `| ${f.page} | ${f.score} | ${f.accessibility} | ${f.bestPractices} | ${f.seo ?? "noindex"} | ` +
        `${f.lcpMs} | ${f.cls} | ${f.tbtMs} | ${(f.scriptBytes / 1024).toFixed(1)} | ` +
        `${(f.largestImageBytes / 1024).toFixed(1)} |`,
    );
  }
  return lines;
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(option("runs") ?? 3);
  const profile = (option("profile") ?? "mobile") as LighthouseProfile;
  const positional = args.filter((a) => !a.startsWith("--"));
  const baseUrl = (positional[0] ?? "").replace(/\/$/, "");
  if (!/^https?:\/\//.test(baseUrl) || !["mobile", "slow-3g"].includes(profile)) {
    console.error(
      "Uso: npx tsx bench/lighthouse-pages.ts <baseUrl> [ruta…] [--runs=3] [--profile=mobile|slow-3g]",
    );
    process.exit(2);
  }
  const pages =
    positional.length > 1
      ? positional.slice(1).map((path) => ({ page: path, url: baseUrl + path }))
      : await publicPages(baseUrl);
  // Lighthouse loads only here: the report reads this file's targets without it.
  const { measurePages } = await import("./lighthouse");
  const results = await measurePages(pages, runs, profile);
  for (const line of lighthouseTable(results)) console.log(line);
  console.log(
    `\nbenchmarkIndex de esta máquina (Lighthouse): ${results.map((f) => f.benchmarkIndex).join(", ")}` +
      " (Lighthouse espera 1000 o más para su ralentización de CPU 4×).",
  );
  const missed = results.filter((f) => !meetsTargets(f, profile));
  console.log(
    `\nMediana de ${runs} cargas en frío por página, perfil ${profile}. Objetivo: ` +
      (profile === "slow-3g"
        ? `LCP ≤ ${SLOW_3G_LCP_TARGET_MS} ms.`
        : "100 en las cuatro categorías (SEO solo donde la página se indexa).") +
      (missed.length > 0 ? ` No lo cumplen: ${missed.map((f) => f.page).join(", ")}.` : ""),
  );
  process.exitCode = missed.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
