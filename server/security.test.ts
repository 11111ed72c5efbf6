import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema/index";
import { BULK_BODY_LIMIT, JSON_BODY_LIMIT } from "./http/body-limits";
import { accessOf, ROUTE_ACCESS, type RouteAccess } from "./http/route-access";
import { buildApp } from "./app";
import { loadConfig } from "./env";
import { mountPages } from "./http/web-app";
import { WOMPI_WEBHOOK_PATH } from "./modules/payments/wompi.signature";
import { insertCategory, insertMerchant, insertProduct } from "./test/factories";
import { createTestApp, TEST_ADMIN, type TestApp } from "./test/test-app";
import { openTestDatabase } from "./test/test-database";

const WOMPI_WEBHOOK = `POST ${WOMPI_WEBHOOK_PATH}`;

/**
 * The access rules of decisions §3, checked over Fastify's own route table: each route
 * declares who may call it (`config.access`, server/http/route-access.ts), and the tests
 * below send every route the requests its access must refuse. A route added later without
 * a declaration fails by name; one whose guard does not match its declaration fails too.
 */
interface RegisteredRoute {
  method: string;
  url: string;
  access?: RouteAccess;
  rateLimit?: { max?: unknown };
}

const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/** Who may call it, from the route table (the two predicates the older tests used). */
const needsAdmin = (route: RegisteredRoute) => route.access === "admin";
const needsMerchant = (route: RegisteredRoute) => route.access === "merchant";
/** A write anyone may send: no session asked (a cart id, an order's token or a signature at most). */
const isPublicWrite = (route: RegisteredRoute) =>
  isWrite(route.method) && !needsAdmin(route) && !needsMerchant(route);

/** Collects the route table with each route's declared access and rate limit. */
const routeTable =
  (routes: RegisteredRoute[]) =>
  ({ method, url, config }: { method: string | string[]; url: string; config?: unknown }) => {
    const { rateLimit } = (config ?? {}) as { rateLimit?: { max?: unknown } };
    for (const m of [method].flat())
      routes.push({ method: m, url, access: accessOf(config), rateLimit });
  };

/** A JSON body of about `bytes` bytes. */
const jsonOfSize = (bytes: number) => JSON.stringify({ padding: "x".repeat(bytes) });

const TOO_LARGE = { message: "La solicitud es demasiado grande", code: "too_large" };

/**
 * Sends only the headers of a request that announces a body of `contentLength` bytes and
 * resolves with the status line the server answers before any byte of that body arrives.
 */
function statusBeforeBody(
  port: number,
  request: { method: string; url: string; contentType: string; contentLength: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    // Not a speed goal: without it a guard that waits for the body would hang the test.
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${request.method} ${request.url}: no answer before the body was sent`));
    }, 10_000);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\r\n");
      if (end < 0) return;
      clearTimeout(timer);
      socket.destroy();
      resolve(received.slice(0, end));
    });
    socket.on("error", reject);
    socket.write(
      `${request.method} ${request.url} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: ${request.contentType}\r\nContent-Length: ${request.contentLength}\r\n\r\n`,
    );
  });
}

const concrete = (url: string) =>
  url
    .replace(/:sessionId/g, "carrito_prueba")
    .replace(/:[A-Za-z]+/g, "1")
    .replace("*", "x");

describe("security inventory", () => {
  const routes: RegisteredRoute[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: routeTable(routes) });
  });
  afterAll(() => t.close());

  it("knows who may call every route: each declares its access, or fails here by name", () => {
    const undeclared = routes
      .filter((r) => r.access === undefined || !ROUTE_ACCESS.includes(r.access))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(undeclared).toEqual([]);
  });

  it("registers the admin routes it must protect", () => {
    const admin = routes.filter(needsAdmin);
    // The spec's administration table alone has 19 calls; a wrong filter would find none.
    expect(admin.length).toBeGreaterThanOrEqual(19);
  });

  it("holds issue 37's 'Datos personales' among them: a person's data is an administrator's", () => {
    const personal = routes
      .filter((r) => r.url.startsWith("/api/admin/personal-data"))
      .map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(personal).toEqual(
      expect.arrayContaining([
        "GET /api/admin/personal-data admin",
        "POST /api/admin/personal-data/erase admin",
        "GET /api/admin/personal-data/requests admin",
      ]),
    );
  });

  it("answers 401 without a session on every administrator route", async () => {
    const unguarded: string[] = [];
    for (const { method, url } of routes.filter(needsAdmin)) {
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

  it("guards by its prefix every route under /api/admin and /api/merchant/{id}", () => {
    // A declaration that contradicts the guarded scope it sits in is a mistake either way.
    const wrong = routes
      .filter(
        (r) =>
          (r.url.startsWith("/api/admin") && r.access !== "admin") ||
          (/^\/api\/merchant\/(?:me|:merchantId)/.test(r.url) && r.access !== "merchant"),
      )
      .map((r) => `${r.method} ${r.url}: ${r.access}`);
    expect(wrong).toEqual([]);
  });

  it("refuses every state-changing route with 403 when another site sends it", async () => {
    const writes = routes
      .filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method))
      .filter((r) => `${r.method} ${r.url}` !== WOMPI_WEBHOOK);
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

  it("lets Wompi's server-to-server notification through the same-origin check, and only it", async () => {
    expect(routes.some((r) => `${r.method} ${r.url}` === WOMPI_WEBHOOK)).toBe(true);
    for (const headers of [
      { origin: "https://api.wompi.sv" },
      { "sec-fetch-site": "cross-site" },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: WOMPI_WEBHOOK_PATH,
        headers: { ...headers, "content-type": "application/json" },
        payload: "{}",
      });
      // Not 403: it reaches the signature check (no signature: 401, nothing changes).
      expect(res.statusCode).toBe(401);
    }
    // The same path with another method, or a path that only starts like it, is not exempt.
    const other = await t.app.inject({
      method: "POST",
      url: `${WOMPI_WEBHOOK_PATH}/x`,
      headers: { origin: "https://api.wompi.sv" },
      payload: {},
    });
    expect(other.statusCode).toBe(403);
  });

  it("answers 404 to an order page without its token: never another person's order", async () => {
    for (const url of ["/api/orders/ES-2026-000001", "/api/orders/ES-2026-000001?token=x"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
    }
    const retry = await t.app.inject({
      method: "POST",
      url: "/api/orders/ES-2026-000001/payment?token=" + "a".repeat(43),
    });
    expect(retry.statusCode).toBe(404);
  });

  it("with images in a bucket (S3_*), /uploads/* only reads, for everyone, unlimited", async () => {
    // Issue 13: the bucket's route replaces @fastify/static's. Registering it reaches no
    // server (the storage connects on first use), so an unreachable endpoint is enough.
    const bucketRoutes: { method: string; url: string; rateLimit?: unknown }[] = [];
    const bucket = await createTestApp(
      {
        S3_ENDPOINT: "http://127.0.0.1:9",
        S3_BUCKET: "fotos",
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "clave",
        S3_SECRET_ACCESS_KEY: "secreto",
      },
      {
        onRoute: ({ method, url, config }) => {
          if (!url.startsWith("/uploads")) return;
          const { rateLimit } = (config ?? {}) as { rateLimit?: unknown };
          for (const m of [method].flat()) bucketRoutes.push({ method: m, url, rateLimit });
        },
      },
    );
    try {
      // Images are public, cached for a year and many per page: no session, no limit.
      expect(bucketRoutes).toEqual([
        { method: "GET", url: "/uploads/*", rateLimit: undefined },
        { method: "HEAD", url: "/uploads/*", rateLimit: undefined },
      ]);
      const write = await bucket.app.inject({ method: "PUT", url: "/uploads/2026/01/x-400.webp" });
      expect(write.statusCode).toBe(404);
    } finally {
      await bucket.close();
    }
  });

  it("limits per address every public write and every read that costs a render or a search", () => {
    const mustLimit = [
      ...routes
        .filter(isPublicWrite)
        .map((r) => `${r.method} ${r.url}`)
        .filter((route) => route !== "POST /api/auth/logout"),
      "GET /api/search",
      "GET /api/placeholder/:w/:h",
      "GET /api/login",
      // The order page's API: a token cannot be guessed at 60 tries a minute.
      "GET /api/orders/:orderNumber",
      // Issue 37: its receipt, a PDF rendered each time.
      "GET /api/orders/:orderNumber/comprobante.pdf",
      // Issue 26: image uploads, the administrators' and the merchants' (each a re-encode).
      "POST /api/upload/image",
      "POST /api/merchant/:merchantId/images",
    ];
    const unlimited = mustLimit.filter((route) => {
      const found = routes.find((r) => `${r.method} ${r.url}` === route);
      return typeof found?.rateLimit?.max !== "number";
    });
    expect(unlimited).toEqual([]);
  });

  it("answers the health checks to anyone: public reads, never limited, cached or given a session", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const route = routes.find((r) => r.method === "GET" && r.url === url);
      expect(route, url).toBeDefined();
      // Probes every few seconds from one balancer must never be throttled.
      expect(route?.rateLimit, url).toBeUndefined();
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["set-cookie"], url).toBeUndefined();
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("answers /metrics only to loopback or METRICS_TOKEN (server/http/metrics.test.ts)", async () => {
    expect(routes.some((r) => r.method === "GET" && r.url === "/metrics")).toBe(true);
    const outside = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
    });
    expect(outside.statusCode).toBe(401);
    expect(outside.body).not.toContain("http_requests_total");
    const local = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "127.0.0.1",
    });
    expect(local.statusCode).toBe(200);
    expect(local.headers["set-cookie"]).toBeUndefined();
  });

  it("answers 413 to a 65 KB JSON body on every public write", async () => {
    const publicWrites = routes.filter(isPublicWrite);
    const wrong: string[] = [];
    for (const { method, url } of publicWrites) {
      const res = await t.app.inject({
        method: method as "POST",
        url: concrete(url),
        headers: { "content-type": "application/json" },
        payload: jsonOfSize(65 * 1024),
      });
      if (res.statusCode !== 413 || res.json().message !== TOO_LARGE.message) {
        wrong.push(`${method} ${url} → ${res.statusCode}`);
      }
    }
    // The 16 of issues 10, 11 and 25 at least: a wrong filter would find none.
    expect(publicWrites.length).toBeGreaterThanOrEqual(16);
    expect(wrong).toEqual([]);
  });

  it("answers 401, not 413, to an oversized body without a session: guards run before parsing", async () => {
    const adminWrites = routes.filter((r) => isWrite(r.method) && needsAdmin(r));
    const body = jsonOfSize(BULK_BODY_LIMIT + 1);
    const wrong: string[] = [];
    for (const { method, url } of adminWrites) {
      const res = await t.app.inject({
        method: method as "POST",
        url: concrete(url),
        headers: { "content-type": "application/json" },
        payload: body,
      });
      if (res.statusCode !== 401) wrong.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers an administrator route without a session before the announced body arrives", async () => {
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const port = Number(new URL(address).port);
    const catalogue = await statusBeforeBody(port, {
      method: "POST",
      url: "/api/admin/bulk-upload-products",
      contentType: "application/json",
      contentLength: BULK_BODY_LIMIT,
    });
    expect(catalogue).toBe("HTTP/1.1 401 Unauthorized");
    const image = await statusBeforeBody(port, {
      method: "POST",
      url: "/api/upload/image",
      contentType: "multipart/form-data; boundary=----limite",
      contentLength: 5 * 1024 * 1024,
    });
    expect(image).toBe("HTTP/1.1 401 Unauthorized");
    // A public write over the limit is refused from its Content-Length alone.
    const review = await statusBeforeBody(port, {
      method: "POST",
      url: "/api/reviews",
      contentType: "application/json",
      contentLength: JSON_BODY_LIMIT + 1,
    });
    expect(review).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("takes a catalogue upload over 64 KB, up to 4 MB, and only on that route", async () => {
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, { categoryId: category.id });
    const products = Array.from({ length: 400 }, (_, i) => ({
      name: `Pan ${i}`,
      description: "d".repeat(900),
      price: "1.50",
      imageUrl: "",
    }));
    const big = await t.asAdmin({
      method: "POST",
      url: "/api/admin/bulk-upload-products",
      payload: { merchantId: merchant.id, products },
    });
    expect(big.statusCode).toBe(201);
    const tooBig = await t.asAdmin({
      method: "POST",
      url: "/api/admin/bulk-upload-products",
      headers: { "content-type": "application/json" },
      payload: jsonOfSize(BULK_BODY_LIMIT + 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual(TOO_LARGE);
    const product = await t.asAdmin({
      method: "POST",
      url: "/api/products",
      headers: { "content-type": "application/json" },
      payload: jsonOfSize(65 * 1024),
    });
    expect(product.statusCode).toBe(413);
  });
});

describe("security headers", () => {
  const inline = "window.__reactRouterContext = {};";
  /**
   * A stand-in for React Router: one page with an inline script of its own (marked as
   * app/entry.server.tsx marks them) and a JSON-LD block.
   */
  const page = async (_request: Request, context?: AppLoadContext) =>
    new Response(
      '<!doctype html><html lang="es"><body><h1>Inicio</h1>' +
        `<script nonce="${context!.scriptMarker}">${inline}</script>` +
        '<script type="application/ld+json">{"@type":"Store"}</script></body></html>',
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tiangue-headers-"));
    const database = await openTestDatabase();
    // Production behind a trusted proxy: HSTS depends on the protocol the proxy reports.
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "production", TRUST_PROXY: "true", DATA_DIR: dataDir }),
      database,
      sessionSecret: "s".repeat(48),
      web: async (fastify) => mountPages(fastify, page, { keepPages: true }),
    });
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  const expectCommonHeaders = (res: LightMyRequestResponse) => {
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  };

  it("sends them on API answers, errors and images, with a policy that allows nothing", async () => {
    for (const url of [
      "/api/categories",
      "/api/nada",
      "/images/favicon.svg",
      "/api/admin/orders",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expectCommonHeaders(res);
      expect(res.headers["content-security-policy"], url).toContain("default-src 'none'");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("sends a page the policy of its own origin with its inline scripts' hashes, also when kept", async () => {
    const hash = createHash("sha256").update(inline).digest("base64");
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: "GET", url: "/" });
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res);
      const policy = String(res.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(res.body).toContain(`<script>${inline}</script>`);
    }
  });

  it("never lets a cache keep a page filtered by a shopper's municipality cookie (issue 12)", async () => {
    // The listings are public pages; the cookie makes them personal for every cache
    // downstream (the app keeps them itself by municipality, issue 27).
    for (const url of ["/merchants", "/search?q=pupusas", "/categories/comida"]) {
      const anonymous = await app.inject({ method: "GET", url });
      expect(anonymous.headers["cache-control"], url).toBe("public, max-age=0, must-revalidate");
      // A shared cache keeps the anonymous page apart from any request with a cookie.
      expect(String(anonymous.headers.vary), url).toMatch(/\bCookie\b/);
      for (let i = 0; i < 2; i++) {
        const filtered = await app.inject({
          method: "GET",
          url,
          headers: { cookie: "tiangue_municipio=San%20Salvador%20Centro" },
        });
        expect(filtered.statusCode, url).toBe(200);
        expect(filtered.headers["cache-control"], url).toBe("no-store");
        expect(String(filtered.headers.vary), url).toMatch(/\bCookie\b/);
      }
    }
  });

  it("sends HSTS in production only over HTTPS", async () => {
    const https = await app.inject({
      method: "GET",
      url: "/api/categories",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
    const http = await app.inject({ method: "GET", url: "/api/categories" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("merchant portal access (issue 11)", () => {
  const routes: RegisteredRoute[] = [];
  let t: TestApp;
  let merchantCookie: string;
  let mineId: number;
  let otherId: number;
  let otherProductId: number;

  const portalRoutes = () => routes.filter((r) => r.method !== "HEAD" && needsMerchant(r));
  const bodyFor = (method: string) => (method === "GET" || method === "DELETE" ? undefined : {});

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: routeTable(routes) });
    const categoryId = (await insertCategory(t.db)).id;
    const mine = await insertMerchant(t.db, { categoryId, email: "mia@ejemplo.sv" });
    const other = await insertMerchant(t.db, { categoryId });
    mineId = mine.id;
    otherId = other.id;
    otherProductId = (
      await t.app.services.products.create({
        name: "Ajeno",
        description: "De otro comercio.",
        price: "1.00",
        categoryId,
        merchantId: other.id,
      })
    ).id;
    // Without SMTP the link is only logged: read it from the outbox row.
    await t.app.services.merchantPortal.requestLoginLink({ email: mine.email });
    const [row] = (
      (await t.db.execute(
        sql`select text_body from outbox_emails where kind = 'merchant.login-link'`,
      )) as unknown as { rows: { text_body: string }[] }
    ).rows;
    const token = /token=([A-Za-z0-9_-]+)/.exec(row.text_body)![1];
    const login = await t.app.inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: { token },
    });
    expect(login.statusCode).toBe(200);
    merchantCookie = String(login.headers["set-cookie"]).split(";")[0];
  });
  afterAll(() => t.close());

  it("registers the portal's routes", () => {
    expect(portalRoutes().length).toBeGreaterThanOrEqual(10);
  });

  it("answers 401 without a merchant session on every portal route (an administrator's is none)", async () => {
    const wrong: string[] = [];
    for (const { method, url } of portalRoutes()) {
      for (const cookie of [undefined, await t.adminCookie()]) {
        const res = await t.app.inject({
          method: method as "GET",
          url: concrete(url),
          headers: cookie ? { cookie } : {},
          payload: bodyFor(method),
        });
        if (res.statusCode !== 401)
          wrong.push(`${method} ${url} (${cookie ? "admin" : "none"}) → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 on every portal route for another merchant and its records", async () => {
    const wrong: string[] = [];
    for (const { method, url } of portalRoutes().filter((r) => r.url.includes(":merchantId"))) {
      const target = url
        .replace(":merchantId", String(otherId))
        .replace(":productId", String(otherProductId))
        .replace(":orderId", "1");
      const res = await t.app.inject({
        method: method as "GET",
        url: target,
        headers: { cookie: merchantCookie },
        payload: bodyFor(method),
      });
      if (res.statusCode !== 404) wrong.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    const [still] = (
      (await t.db.execute(
        sql`select name from products where id = ${otherProductId}`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    expect(still.name).toBe("Ajeno");
  });

  it("answers a portal catalogue upload without a session before its body, and takes 4 MB with one", async () => {
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const status = await statusBeforeBody(Number(new URL(address).port), {
      method: "POST",
      url: `/api/merchant/${otherId}/bulk-upload-products`,
      contentType: "application/json",
      contentLength: BULK_BODY_LIMIT,
    });
    expect(status).toBe("HTTP/1.1 401 Unauthorized");
    const big = {
      products: Array.from({ length: 400 }, (_, i) => ({
        name: `Pan ${i}`,
        description: "d".repeat(900),
        price: "1.50",
        imageUrl: "",
      })),
    };
    // Over 64 KB, into another merchant: 404 and nothing written, like every portal route.
    const theirs = await t.app.inject({
      method: "POST",
      url: `/api/merchant/${otherId}/bulk-upload-products`,
      headers: { cookie: merchantCookie },
      payload: big,
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: "POST",
      url: `/api/merchant/${mineId}/bulk-upload-products`,
      headers: { cookie: merchantCookie },
      payload: big,
    });
    expect(mine.statusCode).toBe(201);
    const counts = (
      (await t.db.execute(
        sql`select merchant_id, count(*)::int as n from products group by merchant_id order by merchant_id`,
      )) as unknown as { rows: { merchant_id: number; n: number }[] }
    ).rows;
    expect(counts).toEqual([
      { merchant_id: mineId, n: 400 },
      { merchant_id: otherId, n: 1 },
    ]);
  });

  it("answers 403 to a merchant session on every administrator route", async () => {
    const wrong: string[] = [];
    // GET /api/auth/user answers who is signed in as administrator: 401 for anyone else.
    for (const { method, url } of routes.filter(
      (r) => r.method !== "HEAD" && needsAdmin(r) && r.url !== "/api/auth/user",
    )) {
      const res = await t.app.inject({
        method: method as "GET",
        url: concrete(url),
        headers: { cookie: merchantCookie },
        payload: bodyFor(method),
      });
      if (res.statusCode !== 403) wrong.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("every non-public route refuses whoever it does not declare (issue 28)", () => {
  const routes: RegisteredRoute[] = [];
  let t: TestApp;
  /** Cookie headers: a shopper's (no session), an expired session, each role's session. */
  const shopper = "tiangue_municipio=San%20Salvador%20Centro";
  let expired = "";
  let admin = "";
  let otherMerchant = "";
  let ownMerchant = "";
  let mineId = 0;
  let productId = 0;
  let orderNumber = "";
  let orderToken = "";
  const sessionId = `session_${Date.now()}_k3j9x2aaaabbbbcccc`;

  /** A route's URL with real ids: the merchant, product and order someone else owns. */
  const concreteFor = (url: string) =>
    url
      .replace(":sessionId", sessionId)
      .replace(":merchantId", String(mineId))
      .replace(":productId", String(productId))
      .replace(":orderNumber", orderNumber)
      .replace(/:[A-Za-z]+/g, "1");

  const signInMerchant = async (email: string) => {
    await t.app.services.merchantPortal.requestLoginLink({ email });
    const [row] = (
      (await t.db.execute(
        sql`select text_body from outbox_emails where kind = 'merchant.login-link' order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] }
    ).rows;
    const token = /token=([A-Za-z0-9_-]+)/.exec(row.text_body)![1];
    const res = await t.app.inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    return String(res.headers["set-cookie"]).split(";")[0];
  };

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: routeTable(routes) });
    // A session that has expired: signed in, then its row's expiry put in the past.
    expired = await t.adminCookie();
    await t.db.update(sessions).set({ expire: new Date(Date.now() - 60_000) });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: TEST_ADMIN,
    });
    admin = String(login.headers["set-cookie"]).split(";")[0];
    const categoryId = (await insertCategory(t.db)).id;
    const mine = await insertMerchant(t.db, {
      categoryId,
      email: "propio@ejemplo.sv",
      paymentMethods: ["cash"],
      fulfillment: "pickup",
    });
    const other = await insertMerchant(t.db, { categoryId, email: "ajeno@ejemplo.sv" });
    mineId = mine.id;
    productId = (await insertProduct(t.db, { merchantId: mine.id, categoryId })).id;
    ownMerchant = await signInMerchant(mine.email);
    otherMerchant = await signInMerchant(other.email);
    // A real order, so that refusing it means more than 'no such order'.
    await t.app.services.cart.add(sessionId, { productId, quantity: 1 });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      payload: {
        sessionId,
        customerName: "Rosa Martínez",
        customerEmail: "rosa@correo.sv",
        customerPhone: "+503 7777-2222",
        paymentMethod: "cash",
        fulfillment: { [String(mineId)]: "pickup" },
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderUrl = new URL(placed.json().orderUrl as string, "http://tiangue.test");
    orderNumber = orderUrl.pathname.split("/").at(-1)!;
    orderToken = orderUrl.searchParams.get("token")!;
    await t.app.services.cart.add(sessionId, { productId, quantity: 2 });
  });
  afterAll(() => t.close());

  /** What each access must answer to each credential it does not accept. */
  const REFUSED: Record<
    Exclude<RouteAccess, "public" | "cart">,
    Record<"none" | "shopper" | "otherMerchant" | "expired", number[]>
  > = {
    admin: { none: [401], shopper: [401], otherMerchant: [401, 403], expired: [401] },
    // Another merchant's session reaches the route, never this merchant's records.
    merchant: { none: [401], shopper: [401], otherMerchant: [404], expired: [401] },
    // Without the order's token, any session or none: 404, as if there were no such order.
    "order-token": { none: [404], shopper: [404], otherMerchant: [404], expired: [404] },
    webhook: { none: [401], shopper: [401], otherMerchant: [401], expired: [401] },
    // Asked from outside the server's own network, without METRICS_TOKEN.
    operator: { none: [401], shopper: [401], otherMerchant: [401], expired: [401] },
  };

  it("declares some route of every access but the public's, and checks each", () => {
    const declared = new Set(routes.map((r) => r.access));
    for (const access of ROUTE_ACCESS) expect(declared.has(access), access).toBe(true);
  });

  it("refuses a request without credentials, a shopper's, another merchant's and an expired session", async () => {
    const wrong: string[] = [];
    const credentials = {
      none: undefined,
      shopper,
      otherMerchant,
      expired,
    } as const;
    for (const route of routes.filter((r) => r.method !== "HEAD")) {
      if (route.access === undefined || route.access === "public" || route.access === "cart") {
        continue;
      }
      const refused = REFUSED[route.access];
      for (const [who, cookie] of Object.entries(credentials) as [
        keyof typeof credentials,
        string | undefined,
      ][]) {
        // The portal's own-account routes have no merchant id: another merchant is itself there.
        if (
          who === "otherMerchant" &&
          route.access === "merchant" &&
          !route.url.includes(":merchantId")
        ) {
          continue;
        }
        const res = await t.app.inject({
          method: route.method as "GET",
          url: concreteFor(route.url),
          headers: cookie ? { cookie } : {},
          payload: isWrite(route.method) ? {} : undefined,
          remoteAddress: "203.0.113.9",
        });
        // Meta's subscription check answers 403 to a wrong verify token, as Meta documents.
        const expected =
          `${route.method} ${route.url}` === "GET /api/whatsapp/webhook" ? [403] : refused[who];
        if (!expected.includes(res.statusCode)) {
          wrong.push(`${route.method} ${route.url} (${who}) → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The credentials themselves work: the refusals above are about who, not a broken cookie.
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/merchant/${mineId}`,
      headers: { cookie: ownMerchant },
    });
    expect(mine.statusCode).toBe(200);
    const panel = await t.app.inject({
      method: "GET",
      url: "/api/admin/orders",
      headers: { cookie: admin },
    });
    expect(panel.statusCode).toBe(200);
    const order = await t.app.inject({
      method: "GET",
      url: `/api/orders/${orderNumber}?token=${orderToken}`,
    });
    expect(order.statusCode).toBe(200);
  });

  it("opens a cart only to its id: a malformed one is refused, another shopper's sees nothing of it", async () => {
    const cartRoutes = routes.filter((r) => r.method !== "HEAD" && r.access === "cart");
    expect(cartRoutes.length).toBeGreaterThanOrEqual(5);
    const wrong: string[] = [];
    const stranger = `session_${Date.now()}_zzzzyyyyxxxxwwww`;
    for (const route of cartRoutes) {
      for (const cookie of [undefined, shopper, otherMerchant, expired]) {
        const bad = await t.app.inject({
          method: route.method as "GET",
          url: concreteFor(route.url).replace(sessionId, "carrito.malo"),
          headers: cookie ? { cookie } : {},
          payload:
            route.url === "/api/checkout"
              ? { sessionId: "carrito.malo", customerName: "A", paymentMethod: "cash" }
              : isWrite(route.method)
                ? { productId, quantity: 1 }
                : undefined,
        });
        if (bad.statusCode !== 400)
          wrong.push(`${route.method} ${route.url} (malformed id) → ${bad.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // The first shopper's line, asked for with another id: nothing there, nothing to change.
    const theirs = await t.app.inject({ method: "GET", url: `/api/cart/${stranger}` });
    expect(theirs.json()).toEqual([]);
    const change = await t.app.inject({
      method: "DELETE",
      url: `/api/cart/${stranger}/${productId}`,
    });
    expect(change.statusCode).toBe(404);
    const still = await t.app.inject({ method: "GET", url: `/api/cart/${sessionId}` });
    expect(still.json()).toHaveLength(1);
  });

  it("guards every cookie-authenticated write with the same-site check, with a valid session", async () => {
    const wrong: string[] = [];
    const writes = routes.filter(
      (r) => isWrite(r.method) && (r.access === "admin" || r.access === "merchant"),
    );
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      for (const headers of [
        { origin: "https://otro-sitio.example" },
        { "sec-fetch-site": "cross-site" },
      ]) {
        const res = await t.app.inject({
          method: route.method as "POST",
          url: concreteFor(route.url),
          headers: { ...headers, cookie: route.access === "admin" ? admin : ownMerchant },
          payload: {},
        });
        if (res.statusCode !== 403 || res.json().code !== "cross_site") {
          wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
