import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_BODY_LIMIT, JSON_BODY_LIMIT } from "./http/body-limits";
import { buildApp } from "./app";
import { loadConfig } from "./env";
import { mountPages } from "./http/web-app";
import { WOMPI_WEBHOOK_PATH } from "./modules/payments/wompi.signature";
import { insertCategory, insertMerchant } from "./test/factories";
import { createTestApp, type TestApp } from "./test/test-app";
import { openTestDatabase } from "./test/test-database";

const WOMPI_WEBHOOK = `POST ${WOMPI_WEBHOOK_PATH}`;

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
  // Issue 10: placing a checkout, retrying its payment (the order page's token), and
  // Wompi's notification (its signature; the one route exempt from the same-origin check).
  "POST /api/checkout",
  "POST /api/orders/:orderNumber/payment",
  WOMPI_WEBHOOK,
  // Issue 11: asking for a merchant's sign-in link, signing in with it, the contact beacon.
  "POST /api/merchant/login-link",
  "POST /api/merchant/login",
  "POST /api/events",
  // Issue 25: the shopper cancels an order of its checkout (the order page's token), and
  // 'Buscar mi pedido' (the same answer whether or not the order and e-mail match).
  "POST /api/orders/:orderNumber/cancel",
  "POST /api/orders/lookup",
]);

/** The merchant portal's routes (issue 11): a merchant session, and only its own merchants. */
const needsMerchant = (method: string, url: string) =>
  url.startsWith("/api/merchant/") && !PUBLIC_WRITES.has(`${method} ${url}`);

const needsAdmin = (method: string, url: string) =>
  url.startsWith("/api/admin") ||
  url === "/api/upload/image" ||
  (url.startsWith("/api/products") && method !== "GET" && method !== "HEAD");

const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

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
  const routes: { method: string; url: string; rateLimit?: { max?: unknown } }[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url, config }) => {
          const { rateLimit } = (config ?? {}) as { rateLimit?: { max?: unknown } };
          for (const m of [method].flat()) routes.push({ method: m, url, rateLimit });
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
      .filter((r) => !needsAdmin(r.method, r.url) && !needsMerchant(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !PUBLIC_WRITES.has(r));
    expect(unknown).toEqual([]);
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
      ...[...PUBLIC_WRITES].filter((route) => route !== "POST /api/auth/logout"),
      "GET /api/search",
      "GET /api/placeholder/:w/:h",
      "GET /api/login",
      // The order page's API: a token cannot be guessed at 60 tries a minute.
      "GET /api/orders/:orderNumber",
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
    const publicWrites = routes.filter(
      (r) => isWrite(r.method) && !needsAdmin(r.method, r.url) && !needsMerchant(r.method, r.url),
    );
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
    expect(publicWrites.length).toBe(PUBLIC_WRITES.size);
    expect(wrong).toEqual([]);
  });

  it("answers 401, not 413, to an oversized body without a session: guards run before parsing", async () => {
    const adminWrites = routes.filter((r) => isWrite(r.method) && needsAdmin(r.method, r.url));
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
    // /favorites and the listings are public pages; the cookie makes the listings personal
    // for every cache downstream (the app keeps them itself by municipality, issue 27).
    for (const url of ["/favorites", "/merchants", "/search?q=pupusas", "/categories/comida"]) {
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
  const routes: { method: string; url: string }[] = [];
  let t: TestApp;
  let merchantCookie: string;
  let mineId: number;
  let otherId: number;
  let otherProductId: number;

  const portalRoutes = () =>
    routes.filter((r) => r.method !== "HEAD" && needsMerchant(r.method, r.url));
  const bodyFor = (method: string) => (method === "GET" || method === "DELETE" ? undefined : {});

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url }) =>
          routes.push(...[method].flat().map((m) => ({ method: m, url }))),
      },
    );
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
    for (const { method, url } of routes.filter(
      (r) => r.method !== "HEAD" && needsAdmin(r.method, r.url),
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
