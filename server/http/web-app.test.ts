import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { openTestDatabase } from "../test/test-database";
import { TEST_ADMIN } from "../test/test-app";
import { mountPages } from "./web-app";

/**
 * Page responses, with a stand-in for React Router's request handler: validators and
 * 304s, Cache-Control by kind of page, and rendered pages kept until the catalogue changes.
 */
describe("page responses", () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  const renders = new Map<string, number>();

  /** A page as React Router would answer it; `/` lists the categories through the services. */
  async function handle(request: Request, context?: AppLoadContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    renders.set(pathname, (renders.get(pathname) ?? 0) + 1);
    const html = (body: string, init: ResponseInit = {}) =>
      new Response(
        request.method === "HEAD"
          ? null
          : `<!doctype html><html lang="es"><body>${body}</body></html>`,
        { ...init, headers: { "content-type": "text/html; charset=utf-8", ...init.headers } },
      );
    const services = context!.services;
    switch (pathname) {
      case "/": {
        const names = (await services.categories.list()).map((c) => c.name);
        // Long enough to be compressed.
        return html(`<h1>Categorías: ${names.join(", ")}</h1>${"<p>Tiangue</p>".repeat(100)}`);
      }
      case "/cart":
        return html("<h1>Carrito</h1>");
      case "/with-cookie":
        return html("<h1>Hola</h1>", { headers: { "set-cookie": "a=1; Path=/" } });
      case "/admin-list":
        // Not a cached public read: such a page is rendered every time.
        await services.products.listAdmin();
        return html("<h1>Lista</h1>");
      case "/feed":
        return html("<h1>Feed</h1>", { headers: { "cache-control": "public, max-age=3600" } });
      default:
        return html("<h1>Página no encontrada</h1>", { status: 404 });
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-web-test-"));
    database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      sessionSecret: "s".repeat(48),
      web: async (fastify) => mountPages(fastify, handle, { keepPages: true }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  async function asAdmin(options: InjectOptions) {
    await app.services.auth.ensureAdministrator(TEST_ADMIN);
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: TEST_ADMIN });
    const cookie = String([login.headers["set-cookie"]].flat()[0]).split(";")[0];
    return app.inject({ ...options, headers: { ...options.headers, cookie } });
  }

  it("tags a public page, lets caches keep it only if they ask again, and answers 304", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get("/", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it("keeps a rendered public page until a write changes the catalogue", async () => {
    const before = (await get("/")).body;
    const rendered = renders.get("/");
    expect((await get("/")).body).toBe(before);
    expect(renders.get("/")).toBe(rendered);

    const created = await asAdmin({
      method: "POST",
      url: "/api/admin/categories",
      payload: { name: "Artesanías", slug: "artesanias", icon: "🧺" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await get("/");
    expect(after.body).toContain("Artesanías");
    expect(renders.get("/")).toBe(rendered! + 1);
  });

  it("renders concurrent requests for the same page once", async () => {
    await asAdmin({
      method: "POST",
      url: "/api/admin/categories",
      payload: { name: "Café", slug: "cafe", icon: "☕" },
    });
    const rendered = renders.get("/") ?? 0;
    const pages = await Promise.all(Array.from({ length: 4 }, () => get("/")));
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
    expect(pages[0].body).toContain("Café");
    expect(renders.get("/")).toBe(rendered + 1);
  });

  it("answers HEAD from a kept page, and never keeps the empty answer of a HEAD", async () => {
    await asAdmin({
      method: "POST",
      url: "/api/admin/categories",
      payload: { name: "Mascotas", slug: "mascotas", icon: "🐾" },
    });
    // React Router answers HEAD without a body, like the real handler.
    const head = await app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    const page = await get("/");
    expect(page.body).toContain("Mascotas");
    const headAgain = await app.inject({ method: "HEAD", url: "/" });
    expect(headAgain.headers.etag).toBe(page.headers.etag);
    expect(Number(headAgain.headers["content-length"])).toBe(page.rawPayload.length);
  });

  it("compresses pages and keeps the compressed bytes equal to the page", async () => {
    const plain = await get("/");
    const res = await get("/", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it("renders for every request that carries a cookie", async () => {
    await get("/");
    const rendered = renders.get("/")!;
    await get("/", { cookie: "tema=oscuro" });
    expect(renders.get("/")).toBe(rendered + 1);
  });

  it("never lets anyone keep the cart, and renders it every time", async () => {
    const first = await get("/cart");
    await get("/cart");
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(renders.get("/cart")).toBe(2);
  });

  it("never lets anyone keep a page that sets a cookie, and never tags it", async () => {
    const res = await get("/with-cookie");
    await get("/with-cookie");
    expect([res.headers["set-cookie"]].flat()).toEqual(["a=1; Path=/"]);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
    expect(renders.get("/with-cookie")).toBe(2);
  });

  it("renders every time a page that reads more than the cached public catalogue", async () => {
    await get("/admin-list");
    await get("/admin-list");
    expect(renders.get("/admin-list")).toBe(2);
  });

  it("keeps a Cache-Control the route chose, and never keeps error pages", async () => {
    expect((await get("/feed")).headers["cache-control"]).toBe("public, max-age=3600");
    const missing = await get("/no-existe");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    await get("/no-existe");
    expect(renders.get("/no-existe")).toBe(2);
  });

  it("still answers API paths under /api with the JSON 404", async () => {
    const res = await get("/api/nada");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Ruta no encontrada", code: "not_found" });
  });
});
