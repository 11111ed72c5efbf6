import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-support/test-app";

/**
 * The access rules of decisions §3, checked over every route the app registers, so a
 * route added later without its guard fails here. Public writes must be listed below.
 */
const PUBLIC_WRITES = new Set([
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/reviews",
  "POST /api/merchants",
  "POST /api/cart/:sessionId",
  "PUT /api/cart/:sessionId/:productId",
  "DELETE /api/cart/:sessionId/:productId",
  "DELETE /api/cart/:sessionId",
]);

const needsAdmin = (method: string, url: string) =>
  url.startsWith("/api/admin") ||
  url === "/api/upload/image" ||
  (url.startsWith("/api/products") && method !== "GET" && method !== "HEAD");

const concrete = (url: string) =>
  url
    .replace(/:sessionId/g, "carrito_prueba")
    .replace(/:[A-Za-z]+/g, "1")
    .replace("*", "x");

describe("security inventory", () => {
  const routes: { method: string; url: string }[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url }) => {
          for (const m of [method].flat()) routes.push({ method: m, url });
        },
      },
    );
  });
  afterAll(() => t.close());

  it("registers the admin routes it must protect", () => {
    const admin = routes.filter((r) => needsAdmin(r.method, r.url));
    // The spec's administration table alone has 19 calls; a wrong filter would find none.
    expect(admin.length).toBeGreaterThanOrEqual(19);
  });

  it("answers 401 without a session on every administrator route", async () => {
    const unguarded: string[] = [];
    for (const { method, url } of routes.filter((r) => needsAdmin(r.method, r.url))) {
      if (method === "HEAD") continue;
      const res = await t.app.inject({
        method: method as "GET",
        url: concrete(url),
        payload: method === "GET" || method === "DELETE" ? undefined : {},
      });
      if (res.statusCode !== 401) unguarded.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(unguarded).toEqual([]);
  });

  it("knows every state-changing route: guarded for administrators or a listed public write", () => {
    const unknown = routes
      .filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method))
      .filter((r) => !needsAdmin(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !PUBLIC_WRITES.has(r));
    expect(unknown).toEqual([]);
  });

  it("refuses every state-changing route with 403 when another site sends it", async () => {
    const writes = routes.filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method));
    const accepted: string[] = [];
    for (const { method, url } of writes) {
      const res = await t.app.inject({
        method: method as "POST",
        url: concrete(url),
        headers: { origin: "https://otro-sitio.example", cookie: await t.adminCookie() },
        payload: {},
      });
      if (res.statusCode !== 403) accepted.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(writes.length).toBeGreaterThan(20);
    expect(accepted).toEqual([]);
  });
});
