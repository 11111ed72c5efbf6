/**
 * Issue 27, "Repeat visits on mobile data", in a real Chromium against the production build:
 * the service worker (public/sw.js) and the web app manifest. The browser reaches the server
 * through a small proxy in this file that counts every byte it passes, so "over the network"
 * means what a phone would download: the page's own requests and the worker's alike.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "../../shared/api-types";
import { formatPrice } from "../../shared/money";
import { baseUrl, CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser, PHONE } from "./fixtures";
import { E2E_ADMIN } from "./global-setup";
import { api, waitForHydration } from "./storefront-support";

const NOTICE = "Sin conexión: mostrando lo último que viste";

interface Passed {
  path: string;
  status: number;
  type: string;
  /** Body bytes as sent (compressed when the server compressed them). */
  bytes: number;
}

/** A proxy to the test server that records what crosses it. */
function countingProxy(target: string) {
  const passed: Passed[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = forward(
      new URL(incoming.url!, target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.rawHeaders);
        let bytes = 0;
        answer.on("data", (chunk: Buffer) => (bytes += chunk.length));
        answer.on("end", () =>
          passed.push({
            path: incoming.url!,
            status: answer.statusCode!,
            type: String(answer.headers["content-type"] ?? ""),
            bytes,
          }),
        );
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return {
    passed,
    start: () =>
      new Promise<string>((done) =>
        server.listen(0, "127.0.0.1", () =>
          done(`http://localhost:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const isCode = (p: Passed) => /javascript|text\/css/.test(p.type);
const sum = (list: Passed[]) => list.reduce((total, p) => total + p.bytes, 0);

/** An administrator's PUT of a product with a new price (the JSON API, as the panel does). */
async function setPrice(product: ProductDto, price: string) {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl() },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${baseUrl()}/api/products/${product.id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: baseUrl(), cookie },
    body: JSON.stringify({
      name: product.name,
      slug: product.slug,
      description: product.description,
      price,
      imageUrl: product.imageUrl,
      images: product.images,
      categoryId: product.categoryId,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(((await response.json()) as ProductDto).price).toBe(price);
}

/** A new price no other product of the page shows: the old one plus $1.37. */
function newPrice(price: string): string {
  const cents = Math.round(Number(price) * 100) + 137;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let proxy: ReturnType<typeof countingProxy>;
let site: string;
let first: ProductDto;
let second: ProductDto;
const elsewhere: string[] = [];

/** Everything that crossed the proxy while `step` ran. */
async function measure(step: () => Promise<unknown>): Promise<Passed[]> {
  const from = proxy.passed.length;
  await step();
  await page.waitForLoadState("networkidle");
  return proxy.passed.slice(from);
}

async function visit(path: string) {
  const response = await page.goto(`${site}${path}`);
  await waitForHydration(page);
  return response;
}

/** The URLs (path and query) in all of the worker's caches, read by the page. */
function cachedPaths(): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(url.pathname + url.search);
      }
    }
    return paths;
  });
}

beforeAll(async () => {
  const merchant = await api.merchant("pupuseria-la-ceiba");
  [first, second] = await api.products(merchant.id);
  proxy = countingProxy(baseUrl());
  site = await proxy.start();
  browser = await launchBrowser();
  // No request interception here: Playwright's routing turns off the HTTP cache and
  // bypasses service workers, the two things measured.
  context = await browser.newContext({
    viewport: PHONE,
    locale: "es-SV",
    timezoneId: "America/El_Salvador",
  });
  context.on("request", (request) => {
    if (!request.url().startsWith(site) && !/^(data|blob):/.test(request.url())) {
      elsewhere.push(request.url());
    }
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await proxy?.close();
  if (second) await setPrice(second, second.price);
  expect(elsewhere).toEqual([]);
});

describe("repeat visits (issue 27)", () => {
  it("a first visit registers the worker after the page has loaded, which keeps the page and its files", async () => {
    const from = proxy.passed.length;
    await visit(`/products/${first.slug}`);
    const started = performance.now();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The first page was not served by the worker: it copies it from the HTTP cache.
    await page.waitForFunction(
      async (url) => (await (await caches.open("tiangue-pages")).match(url)) !== undefined,
      `${site}/products/${first.slug}`,
    );
    const ready = Math.round(performance.now() - started);
    await page.waitForLoadState("networkidle");
    const passed = proxy.passed.slice(from);
    const code = passed.filter(isCode);
    const extra = passed.filter((p) => /^\/(sw\.js|manifest\.webmanifest|icons\/)/.test(p.path));
    console.log(
      `first visit: ${code.length} JS/CSS files, ${sum(code)} bytes; ` +
        `worker and manifest: ${extra.map((p) => `${p.path} ${p.bytes} B`).join(", ")}; ` +
        `worker ready and page kept ${ready} ms after hydration`,
    );
    expect(code.length).toBeGreaterThan(0);
    // Nothing was downloaded twice to fill the worker's caches (nor the page again).
    const paths = passed
      .filter((p) => isCode(p) || p.type.startsWith("text/html"))
      .map((p) => p.path);
    expect(paths).toEqual([...new Set(paths)]);
  });

  it("the second visit, to another product, downloads no JavaScript or CSS, and its HTML is fresh", async () => {
    const price = newPrice(second.price);
    await setPrice(second, price);
    const path = `/products/${second.slug}`;
    let served = { fromWorker: 0, code: 0 };
    page.on("response", (response) => {
      if (!/\.(js|css)$/.test(new URL(response.url()).pathname)) return;
      served = {
        code: served.code + 1,
        fromWorker: served.fromWorker + (response.fromServiceWorker() ? 1 : 0),
      };
    });
    const started = performance.now();
    const passed = await measure(() => visit(path));
    const ms = Math.round(performance.now() - started);
    page.removeAllListeners("response");
    const code = passed.filter(isCode);
    const html = passed.filter((p) => p.type.startsWith("text/html"));
    console.log(
      `second visit: ${sum(code)} bytes of JS/CSS over the network (${served.code} files, ` +
        `${served.fromWorker} from the worker); HTML ${html.map((p) => `${p.status} ${p.bytes} B`)}; ` +
        `hydrated in ${ms} ms`,
    );
    expect(code.map((p) => `${p.path} ${p.bytes}`)).toEqual([]);
    expect(served.code).toBeGreaterThan(0);
    expect(served.fromWorker).toBe(served.code);
    // The page itself always comes from the server while it answers: the new price shows.
    expect(html.map((p) => [p.path, p.status])).toEqual([[path, 200]]);
    await expect
      .poll(() => page.locator('meta[property="product:price:amount"]').getAttribute("content"))
      .toBe(price);
    await page.getByText(formatPrice(price), { exact: true }).first().waitFor();
  });

  it("a page seen before shows again with the worker's copy updated, never the stale one", async () => {
    const price = newPrice(newPrice(second.price));
    await setPrice(second, price);
    const passed = await measure(() => visit(`/products/${second.slug}`));
    expect(sum(passed.filter(isCode))).toBe(0);
    await page.getByText(formatPrice(price), { exact: true }).first().waitFor();
    expect(await page.getByText(NOTICE).count()).toBe(0);
  });

  it("offline, a page seen before shows with the notice, and still hydrates", async () => {
    await page.waitForFunction(async (url) => {
      const kept = await (await caches.open("tiangue-pages")).match(url);
      return kept !== undefined && (await kept.text()).includes("product:price:amount");
    }, `${site}/products/${second.slug}`);
    await context.setOffline(true);
    try {
      for (const product of [second, first]) {
        const response = await visit(`/products/${product.slug}`);
        expect(response!.fromServiceWorker()).toBe(true);
        await expect
          .poll(() => page.getByRole("status").filter({ hasText: NOTICE }).count())
          .toBe(1);
        await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      }
      // Hydrated with code from the worker's cache: the notice is still there.
      expect(await page.getByText(NOTICE).isVisible()).toBe(true);

      const never = await page.goto(`${site}/terms`);
      expect(never!.status()).toBe(503);
      await page.getByRole("heading", { level: 1, name: "Sin conexión" }).waitFor();
      await page.getByRole("link", { name: second.name }).first().waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it("never keeps the cart, checkout, orders, admin, merchant portal or API answers", async () => {
    for (const path of ["/cart", "/checkout", "/orders", "/orders/buscar", "/admin", "/merchant"]) {
      await page.goto(`${site}${path}`);
    }
    await visit("/merchants");
    await page.waitForFunction(
      async (url) => (await (await caches.open("tiangue-pages")).match(url)) !== undefined,
      `${site}/merchants`,
    );
    const paths = await cachedPaths();
    expect(paths).toContain("/merchants");
    expect(paths).toContain(`/products/${first.slug}`);
    expect(paths.some((p) => p.startsWith("/assets/"))).toBe(true);
    const personal = paths.filter((p) =>
      /^\/(cart|checkout|orders|admin|merchant)(\/|$|\?|\.)|^\/api\//.test(p),
    );
    expect(personal).toEqual([]);
  });
});

describe("the worker's script and the manifest", () => {
  it("/sw.js: at the root, asked again at every check, allowed to fetch from its origin only", async () => {
    const response = await fetch(`${baseUrl()}/sw.js`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; connect-src 'self'",
    );
    // The build wrote its files in: a new deploy's worker drops older ones.
    expect(await response.text()).toMatch(/const BUILD_ASSETS = \["\/assets\/[^"]+\.js"/);
    // The browser checks for a new worker at visits: an unchanged one costs a 304, so in this
    // whole session the worker was downloaded once.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const [download, ...checks] = proxy.passed.filter((p) => p.path === "/sw.js");
    console.log(`/sw.js: downloaded once (${download.bytes} B), then ${checks.length} checks`);
    expect(download.status).toBe(200);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((p) => p.status !== 304 || p.bytes > 0)).toEqual([]);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration();
      return { scope: found?.scope, script: found?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${site}/`, script: `${site}/sw.js` });
  });

  it("the manifest is linked, valid and its icons are PNGs of the sizes it says", async () => {
    await visit("/");
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe(
      "/manifest.webmanifest",
    );
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#1d3aab");
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Tiangue — comercios de El Salvador",
      short_name: "Tiangue",
      lang: "es-SV",
      start_url: "/",
      display: "standalone",
      theme_color: "#1d3aab",
      background_color: "#fafaf9",
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl()}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await image.arrayBuffer());
      // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it("Chromium finds nothing that stops it offering 'Instalar Tiangue'", async () => {
    // A profile on disk: Chromium never offers to install from an incognito-like context.
    const profile = mkdtempSync(join(tmpdir(), "tiangue-install-"));
    const installing = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: PHONE,
      locale: "es-SV",
    });
    try {
      const tab = installing.pages()[0] ?? (await installing.newPage());
      await tab.goto(`${site}/`);
      await waitForHydration(tab);
      const cdp = await installing.newCDPSession(tab);
      const parsed = await cdp.send("Page.getAppManifest");
      expect(parsed.url).toBe(`${site}/manifest.webmanifest`);
      expect(parsed.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await installing.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
