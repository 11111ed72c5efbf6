/**
 * The service worker (public/sw.js, issue 27) run as written in a Node `vm` with a fake
 * Cache Storage and network: its routing rules, network-first pages with the offline notice,
 * cache-first built files, what it never keeps, and the build's stamp that lets a new
 * deploy's worker drop older files. The real thing in Chromium: tests/e2e/repeat-visit.e2e.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { isPersonalPath, PERSONAL_PATHS } from "../server/cache/page-cache";
// @ts-expect-error plain JavaScript (scripts/build.mjs runs without tsx), no types
import { stampServiceWorker } from "./build.mjs";

const ORIGIN = "https://tiangue.test";
const SOURCE = readFileSync(join(import.meta.dirname, "..", "public", "sw.js"), "utf8");
const NOTICE = "Sin conexión: mostrando lo último que viste";

type Key = Request | string | { url: string };
const urlOf = (key: Key) => (typeof key === "string" ? new URL(key, ORIGIN).href : key.url);

/** What a fetch from our origin answers: `type` "basic", as a browser reports it. */
function basic(response: Response): Response {
  const clone = response.clone.bind(response);
  Object.defineProperty(response, "type", { value: "basic" });
  Object.defineProperty(response, "clone", { value: () => basic(clone()) });
  return response;
}

function html(title: string, body: string, headers: Record<string, string> = {}) {
  return basic(
    new Response(
      `<!DOCTYPE html><html lang="es"><head><title>${title}</title>` +
        `<link rel="stylesheet" href="/assets/app-OLD1.css"></head>` +
        `<body class="min-h-screen"><div id="raiz">${body}</div></body></html>`,
      {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "script-src 'self' 'sha256-abc'",
          ...headers,
        },
      },
    ),
  );
}

/** Cache Storage in memory, in insertion order as the Cache API keeps it. */
class FakeCache {
  entries: { url: string; response: Response }[] = [];
  async match(key: Key) {
    return this.entries.find((e) => e.url === urlOf(key))?.response.clone();
  }
  async put(key: Key, response: Response) {
    await this.delete(key);
    this.entries.push({ url: urlOf(key), response });
  }
  async delete(key: Key) {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.url !== urlOf(key));
    return this.entries.length < before;
  }
  async keys() {
    return this.entries.map((e) => new Request(e.url));
  }
  urls() {
    return this.entries.map((e) => e.url.slice(ORIGIN.length));
  }
}

class FakeCaches {
  named = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache());
    return this.named.get(name)!;
  }
  async keys() {
    return [...this.named.keys()];
  }
  async delete(name: string) {
    return this.named.delete(name);
  }
  urls(name: string) {
    return this.named.get(name)?.urls() ?? [];
  }
}

interface FakeRequest {
  url: string;
  method: string;
  mode: string;
}

/** Runs the worker's code with fakes; the network answers from `network` while `online`. */
function startWorker(code = SOURCE) {
  const listeners = new Map<string, (event: unknown) => void>();
  const caches = new FakeCaches();
  const state = {
    online: true,
    network: new Map<string, () => Response>(),
    /** The browser's HTTP cache, read by `cache: "only-if-cached"` fetches. */
    httpCache: new Map<string, Response>(),
    /** URLs that reached the network. */
    fetched: [] as string[],
  };
  const fetch = async (input: Key, init?: RequestInit) => {
    const url = urlOf(input);
    if (init?.cache === "only-if-cached") {
      const kept = state.httpCache.get(url);
      if (!kept) throw new TypeError("Failed to fetch");
      return kept.clone();
    }
    state.fetched.push(url.slice(ORIGIN.length));
    if (!state.online) throw new TypeError("Failed to fetch");
    const answer = state.network.get(url.slice(ORIGIN.length));
    return answer ? answer() : basic(new Response("no", { status: 404 }));
  };
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
    registration: { navigationPreload: { enable: async () => {} } },
  };
  const context = vm.createContext({ self, caches, fetch, Response, Request, Headers, URL });
  vm.runInContext(code, context);
  const rules = context as unknown as {
    routeOf(request: FakeRequest, origin: string): string | null;
    isKeptPage(path: string): boolean;
  };

  /** Dispatches an extendable event; resolves when its waitUntil work is done. */
  async function extendable(type: string, fields: object = {}) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    for (let done = 0; done < pending.length; done++) await pending[done];
  }

  /** A fetch event; resolves with the worker's answer (null: left to the browser). */
  async function request(
    path: string,
    mode = "navigate",
    method = "GET",
  ): Promise<Response | null> {
    let answer = null as Promise<Response> | null;
    const pending: Promise<unknown>[] = [];
    listeners.get("fetch")!({
      request: { url: `${ORIGIN}${path}`, method, mode },
      preloadResponse: Promise.resolve(undefined),
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    const response = answer ? await answer : null;
    for (let done = 0; done < pending.length; done++) await pending[done];
    return response;
  }

  return { rules, caches, state, extendable, request };
}

describe("the service worker's routing rules", () => {
  const { rules } = startWorker();
  const route = (path: string, mode = "navigate", method = "GET", origin = ORIGIN) =>
    rules.routeOf({ url: `${origin}${path}`, method, mode }, ORIGIN);

  it("keeps the catalogue's pages", () => {
    for (const path of [
      "/",
      "/products/pupusas-revueltas",
      "/merchants",
      "/merchants/pupuseria-la-ceiba",
      "/categories/comida?tab=productos",
      "/search?q=caf%C3%A9",
      "/help",
    ]) {
      expect(route(path), path).toBe("page");
    }
  });

  it("answers personal pages and the API from the network only, never keeping them", () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/checkout?pago=1",
      "/favorites",
      "/orders",
      "/orders/1042",
      "/orders/buscar",
      "/admin",
      "/admin/login",
      "/merchant",
      "/merchant/login",
      "/api/auth/login",
      "/ORDERS/ES-2026-000001",
      "/%6Frders/ES-2026-000001",
      "/Admin",
    ]) {
      expect(route(path), path).toBe("network");
    }
  });

  it("keeps exactly what the server's page cache calls public (PERSONAL_PATHS)", () => {
    const samples = [
      ...PERSONAL_PATHS.flatMap((p) => [p, `${p}/`, `${p}/x`, `${p}.data`, `${p}s`, `${p}-x`]),
      "/",
      "/merchants/x",
      "/ordersx",
      // Issue 37, L6: routing ignores case and decodes escapes; so do both checks.
      "/ORDERS/ES-2026-000001",
      "/Orders",
      "/%6Frders/x",
      "/ADMIN",
      "/Merchant/login",
      "/CART",
      "/%E0%A4%A",
    ];
    for (const path of samples) {
      expect(rules.isKeptPage(path), path).toBe(!isPersonalPath(path));
    }
  });

  it("takes built files from the cache, and leaves everything else to the browser", () => {
    expect(route("/assets/shell-AbC_12-x.js", "cors")).toBe("asset");
    expect(route("/assets/app-B0xBXQYt.css", "no-cors")).toBe("asset");
    expect(route("/assets/font-Xy.woff2", "cors")).toBe("asset");
    for (const path of [
      "/api/products?limit=20",
      "/api/cart",
      "/products/x.data",
      "/images/hero-640.webp",
      "/uploads/a.webp",
      "/sw.js",
      "/manifest.webmanifest",
    ]) {
      expect(route(path, "cors"), path).toBeNull();
    }
    expect(route("/assets/shell.js", "cors", "POST")).toBeNull();
    expect(route("/", "navigate", "POST")).toBeNull();
    expect(route("/assets/shell.js", "cors", "GET", "https://cdn.example")).toBeNull();
    expect(route("/", "navigate", "GET", "https://elsewhere.example")).toBeNull();
    expect(rules.routeOf({ url: "not a url", method: "GET", mode: "navigate" }, ORIGIN)).toBeNull();
  });
});

describe("pages", () => {
  it("are always taken from the network while it answers, and kept", async () => {
    const worker = startWorker();
    let price = "$2.50";
    worker.state.network.set("/products/x", () => html("Pupusas", price));
    expect(await (await worker.request("/products/x"))!.text()).toContain("$2.50");
    price = "$3.00";
    const fresh = await (await worker.request("/products/x"))!.text();
    expect(fresh).toContain("$3.00");
    expect(fresh).not.toContain(NOTICE);
    expect(worker.state.fetched).toEqual(["/products/x", "/products/x"]);
    expect(worker.caches.urls("tiangue-pages")).toEqual(["/products/x"]);
    expect(await (await worker.caches.open("tiangue-pages")).match("/products/x")).toBeDefined();
  });

  it("show the last seen copy when the network is down, with the notice first in <body>", async () => {
    const worker = startWorker();
    worker.state.network.set("/products/x", () => html("Pupusas", "$3.00"));
    await worker.request("/products/x");
    worker.state.online = false;
    const response = (await worker.request("/products/x"))!;
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /<body class="min-h-screen"><tiangue-offline role="status"[^>]*>Sin conexión: mostrando lo último que viste<\/tiangue-offline><div id="raiz">\$3\.00<\/div>/,
    );
    // Its own policy still allows its scripts, by hash: the page hydrates offline too.
    expect(response.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-abc'");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-tiangue-title")).toBeNull();
  });

  it("never seen: an offline page listing what can be seen", async () => {
    const worker = startWorker();
    worker.state.network.set("/merchants", () => html("Comercios &amp; más | Tiangue", "…"));
    await worker.request("/merchants");
    worker.state.online = false;
    const response = (await worker.request("/categories/comida"))!;
    expect(response.status).toBe(503);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const text = await response.text();
    expect(text).toContain("<h1>Sin conexión</h1>");
    expect(text).toContain('<a href="/merchants">Comercios &amp; más | Tiangue</a>');
    expect(text).not.toContain("<script");
  });

  it("never keeps the cart, checkout, orders, admin, portal or API; offline they get the offline page", async () => {
    const worker = startWorker();
    const personal = ["/cart", "/checkout", "/orders/1042", "/admin", "/merchant", "/api/x"];
    for (const path of personal) {
      worker.state.network.set(path, () => html(path, "datos personales"));
      expect(await (await worker.request(path))!.text()).toContain("datos personales");
    }
    expect(worker.caches.urls("tiangue-pages")).toEqual([]);
    worker.state.online = false;
    for (const path of personal) {
      const text = await (await worker.request(path))!.text();
      expect(text).toContain("<h1>Sin conexión</h1>");
      expect(text).not.toContain("datos personales");
    }
  });

  it("keeps only whole HTML answers", async () => {
    const worker = startWorker();
    worker.state.network.set("/gone", () => basic(new Response("x", { status: 404 })));
    worker.state.network.set("/sitemap.xml", () =>
      basic(new Response("<urlset/>", { headers: { "content-type": "application/xml" } })),
    );
    worker.state.network.set("/fails", () => basic(new Response("x", { status: 503 })));
    for (const path of ["/gone", "/sitemap.xml", "/fails"]) await worker.request(path);
    expect(worker.caches.urls("tiangue-pages")).toEqual([]);
  });

  it("keep the 40 last seen", async () => {
    const worker = startWorker();
    for (let i = 0; i < 45; i++) {
      worker.state.network.set(`/products/p${i}`, () => html(`p${i}`, "…"));
      await worker.request(`/products/p${i}`);
    }
    await worker.request("/products/p5");
    const kept = worker.caches.urls("tiangue-pages");
    expect(kept).toHaveLength(40);
    expect(kept.at(-1)).toBe("/products/p5");
    expect(kept).not.toContain("/products/p4");
    expect(kept).toContain("/products/p6");
  });
});

describe("built files", () => {
  it("come from the cache once kept, never from the network again", async () => {
    const worker = startWorker();
    worker.state.network.set("/assets/shell-A1.js", () => basic(new Response("code")));
    expect(await (await worker.request("/assets/shell-A1.js", "cors"))!.text()).toBe("code");
    expect(await (await worker.request("/assets/shell-A1.js", "cors"))!.text()).toBe("code");
    expect(worker.state.fetched).toEqual(["/assets/shell-A1.js"]);
    worker.state.online = false;
    expect(await (await worker.request("/assets/shell-A1.js", "cors"))!.text()).toBe("code");
  });

  it("are not kept when the answer is not the file", async () => {
    const worker = startWorker();
    await worker.request("/assets/gone-A1.js", "cors");
    expect(worker.caches.urls("tiangue-assets")).toEqual([]);
  });

  it("leave the API and pictures alone", async () => {
    const worker = startWorker();
    expect(await worker.request("/api/products", "cors")).toBeNull();
    expect(await worker.request("/images/hero-640.webp", "no-cors")).toBeNull();
    expect(worker.state.fetched).toEqual([]);
  });
});

describe("a page the worker did not serve (the first visit)", () => {
  it("is kept with its files from the HTTP cache, never downloaded again", async () => {
    const worker = startWorker();
    worker.state.httpCache.set(`${ORIGIN}/products/x`, html("Pupusas", "$2.50"));
    worker.state.httpCache.set(`${ORIGIN}/assets/shell-A1.js`, basic(new Response("code")));
    await worker.extendable("message", {
      data: {
        type: "seen",
        page: `${ORIGIN}/products/x#top`,
        files: [
          `${ORIGIN}/assets/shell-A1.js`,
          `${ORIGIN}/assets/not-in-http-cache.js`,
          `${ORIGIN}/images/hero-640.webp`,
          "https://elsewhere.example/assets/x.js",
        ],
      },
    });
    expect(worker.state.fetched).toEqual([]);
    expect(worker.caches.urls("tiangue-assets")).toEqual(["/assets/shell-A1.js"]);
    expect(worker.caches.urls("tiangue-pages")).toEqual(["/products/x"]);
    worker.state.online = false;
    expect(await (await worker.request("/products/x"))!.text()).toContain(NOTICE);
  });

  it("is not kept when personal", async () => {
    const worker = startWorker();
    worker.state.httpCache.set(`${ORIGIN}/checkout`, html("Pago", "tarjeta"));
    await worker.extendable("message", {
      data: { type: "seen", page: `${ORIGIN}/checkout`, files: [] },
    });
    await worker.extendable("message", { data: { type: "seen", page: 42, files: "x" } });
    expect(worker.caches.urls("tiangue-pages")).toEqual([]);
  });
});

describe("a new deploy's worker", () => {
  let client: string;
  afterEach(() => rmSync(client, { recursive: true, force: true }));

  it("drops older builds' files, but those a kept page loads, and caches of other names", async () => {
    client = mkdtempSync(join(tmpdir(), "tiangue-sw-"));
    mkdirSync(join(client, "assets"));
    for (const name of ["shell-NEW1.js", "app-NEW1.css", "shell-NEW1.js.br", "app-NEW1.css.gz"]) {
      writeFileSync(join(client, "assets", name), "");
    }
    writeFileSync(join(client, "sw.js"), SOURCE);
    stampServiceWorker(client);
    const stamped = readFileSync(join(client, "sw.js"), "utf8");
    expect(stamped).toContain(
      'const BUILD_ASSETS = ["/assets/app-NEW1.css","/assets/shell-NEW1.js"];',
    );
    expect(() => stampServiceWorker(client)).toThrow(/BUILD_ASSETS/);

    const worker = startWorker(stamped);
    const assets = await worker.caches.open("tiangue-assets");
    for (const path of ["/assets/shell-NEW1.js", "/assets/shell-OLD1.js", "/assets/app-OLD1.css"]) {
      await assets.put(path, basic(new Response("")));
    }
    // A kept page of the previous build still loads its stylesheet (html() links app-OLD1.css).
    worker.state.network.set("/", () => html("Inicio", "…"));
    await worker.request("/");
    await worker.caches.open("tiangue-v0");
    await worker.extendable("activate");
    expect(worker.caches.urls("tiangue-assets")).toEqual([
      "/assets/shell-NEW1.js",
      "/assets/app-OLD1.css",
    ]);
    expect(await worker.caches.keys()).toEqual(["tiangue-assets", "tiangue-pages"]);
  });

  it("unbuilt (public/sw.js as written), drops no file", async () => {
    client = mkdtempSync(join(tmpdir(), "tiangue-sw-"));
    const worker = startWorker();
    const assets = await worker.caches.open("tiangue-assets");
    await assets.put("/assets/shell-OLD1.js", basic(new Response("")));
    await worker.extendable("activate");
    expect(worker.caches.urls("tiangue-assets")).toEqual(["/assets/shell-OLD1.js"]);
  });
});
