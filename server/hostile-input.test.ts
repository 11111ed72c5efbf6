import sharp from "sharp";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REGISTRATION_HOURS, scheduleToJson, scheduleToText } from "../shared/schedule";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "./test/factories";
import { createTestApp, TEST_ADMIN, type TestApp } from "./test/test-app";

/**
 * No 500 for text a person can type (issue 15): every registered route, as an
 * administrator, gets hostile strings in every field of a valid body, in every path
 * parameter and in the common query parameters. A route must refuse them (4xx) or store
 * a cleaned value (decisions: NUL and lone surrogates are refused, bidi controls removed,
 * shared/schemas/fields.ts). Routes are collected like security.test.ts does, so a route
 * added later is walked too, and a writing route without a valid body here fails.
 */
const HOSTILE: Record<string, string> = {
  nul: "\u0000",
  "lone surrogate": "\ud800",
  "1 MB": "x".repeat(1024 * 1024),
  "rtl override": "\u202e",
};

/** In a path or query: percent-encoded as a browser would (a lone surrogate as its raw bytes). */
const ENCODED: Record<string, string> = {
  nul: "a%00b",
  "lone surrogate": "a%ED%A0%80b",
  "1 MB": "x".repeat(1024 * 1024),
  "rtl override": "a%E2%80%AEb",
};

// 1,500 requests, some of 1 MB: longer than the default 30 s on a busy machine.
const WALK_TIMEOUT = 300_000;

const QUERY_PARAMS = [
  "q",
  "categoryId",
  "merchantId",
  "productId",
  "approved",
  "page",
  "limit",
  "offset",
  "department",
  "kind",
];

/** Every leaf of a JSON value, as a path of keys. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [path];
}

/** A copy of `body` with the leaf at `path` replaced: the hostile text inside the valid value. */
function withLeaf(body: object, path: (string | number)[], hostile: string): object {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  const valid = String(node[key]);
  node[key] =
    hostile.length > 1000 ? hostile : valid.slice(0, 1) + hostile + valid.slice(1) || hostile;
  return copy;
}

/** What no successful answer may carry: the refused characters, a bidi control, 1 MB. */
function uncleaned(value: unknown): string | null {
  if (typeof value === "string") {
    if (value.includes("\u0000")) return "NUL";
    if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) {
      return "lone surrogate";
    }
    if (/[\u202a-\u202e\u2066-\u2069]/.test(value)) return "bidi control";
    if (value.length >= 1024 * 1024) return "1 MB string";
    return null;
  }
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) {
      const found = uncleaned(v);
      if (found) return found;
    }
  }
  return null;
}

describe("hostile input walk", () => {
  const routes: { method: string; url: string }[] = [];
  let t: TestApp;
  let cookie = "";
  // The merchant portal's routes are walked with the session of the merchant that owns `ids`.
  let merchantCookie = "";
  let address = 0;
  const ids = { category: 0, merchant: 0, pending: 0, product: 0, review: 0, order: 0 };
  const sessionId = "session-1700000000000-abc123";
  let bodies: Record<string, object> = {};

  /** Each request from its own address, so rate limits and login throttling never hide a 500. */
  async function send(options: InjectOptions, withCookie = true) {
    address++;
    const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    return t.app.inject({
      ...options,
      remoteAddress,
      headers: {
        ...options.headers,
        ...(withCookie && cookie
          ? {
              cookie: options.url?.toString().startsWith("/api/merchant/")
                ? merchantCookie
                : cookie,
            }
          : {}),
      },
    });
  }

  /** The route's path with valid ids, and `hostile` (already encoded) for one parameter. */
  function pathOf(url: string, hostileParam?: string, hostile?: string): string {
    return url.replace(/:([A-Za-z]+)|\*/g, (match, name: string | undefined) => {
      const param = name ?? "*";
      if (param === hostileParam) return hostile!;
      if (param === "sessionId") return sessionId;
      if (param === "*") return "x.webp";
      if (param === "w" || param === "h") return "64";
      if (param === "merchantId") return String(ids.merchant);
      if (param === "orderId") return String(ids.order);
      if (param === "idOrSlug" || param === "productId") {
        return String(url.includes("merchants") ? ids.merchant : ids.product);
      }
      if (url.includes("/merchants/")) return String(ids.pending);
      if (url.includes("/categories/")) return String(ids.category);
      if (url.includes("/reviews/")) return String(ids.review);
      if (url.includes("/orders/")) return String(ids.order);
      if (url.includes("/products/")) return String(ids.product);
      return match;
    });
  }

  const check = (failures: string[], label: string, res: LightMyRequestResponse) => {
    if (res.statusCode >= 500) {
      failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    } else if (res.statusCode < 300 && res.body) {
      let parsed: unknown = res.body;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        // Not JSON (an image): nothing a person typed comes back in it.
        return;
      }
      const found = uncleaned(parsed);
      if (found) failures.push(`${label} → ${res.statusCode} with a ${found} in the answer`);
    }
  };

  const isWrite = (method: string) => method === "POST" || method === "PUT";
  const walked = () => routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url }) => {
          for (const m of [method].flat()) routes.push({ method: m, url });
        },
      },
    );
    cookie = await t.adminCookie();
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, { categoryId: category.id });
    const pending = await insertMerchant(t.db, { categoryId: category.id, approved: false });
    const product = await insertProduct(t.db, {
      merchantId: merchant.id,
      categoryId: category.id,
    });
    const review = await insertReview(t.db, { rating: 4, productId: product.id });
    const order = await t.app.services.orders.create({
      customerName: "Ana López",
      customerEmail: "ana@ejemplo.sv",
      sessionId,
      items: [{ productId: product.id, quantity: 1 }],
    });
    Object.assign(ids, {
      category: category.id,
      merchant: merchant.id,
      pending: pending.id,
      product: product.id,
      review: review.id,
      order: order.id,
    });
    await t.app.services.cart.add(sessionId, { productId: product.id, quantity: 1 });
    await t.app.services.merchantPortal.requestLoginLink({ email: merchant.email });
    const [link] = (
      (await t.db.execute(
        sql`select text_body from outbox_emails where kind = 'merchant.login-link'`,
      )) as unknown as { rows: { text_body: string }[] }
    ).rows;
    const login = await t.app.inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: { token: /token=([A-Za-z0-9_-]+)/.exec(link.text_body)![1] },
    });
    expect(login.statusCode).toBe(200);
    merchantCookie = String(login.headers["set-cookie"]).split(";")[0];

    const merchantBody = {
      name: "Pupusería La Ceiba",
      description: "Pupusas de arroz y maíz hechas al momento.",
      address: "Calle El Mirador 12, San Salvador",
      department: "San Salvador",
      municipality: "San Salvador Centro",
      phone: "+503 2222-3333",
      whatsapp: "+503 7111-2222",
      email: "hola@laceiba.sv",
      categoryId: category.id,
      website: "laceiba.sv",
      facebook: "laceiba",
      instagram: "laceiba",
      tiktok: "laceiba",
    };
    const adminBody = {
      ...merchantBody,
      schedule: scheduleToJson(DEFAULT_REGISTRATION_HOURS),
      linkedin: "laceiba",
      imageUrl: "/uploads/ceiba.webp",
      logoUrl: "/uploads/ceiba-logo.webp",
      isActive: true,
    };
    const productBody = {
      name: "Café molido",
      slug: "cafe-molido",
      description: "Tostado medio.",
      price: "8.50",
      imageUrl: "/uploads/cafe.webp",
      images: ["/uploads/cafe.webp"],
      categoryId: category.id,
    };
    bodies = {
      "POST /api/auth/login": TEST_ADMIN,
      "POST /api/reviews": {
        userName: "Marta Hernández",
        userEmail: "marta@correo.sv",
        comment: "Muy buen café, llegó bien empacado.",
        rating: 5,
        productId: product.id,
        userId: "user-1700000000000",
      },
      "POST /api/merchants": {
        ...merchantBody,
        slug: "pupuseria-la-ceiba",
        schedule: scheduleToText(DEFAULT_REGISTRATION_HOURS),
      },
      "POST /api/admin/merchants": { ...adminBody, slug: "la-ceiba", approved: true },
      "PUT /api/admin/merchants/:id": adminBody,
      "POST /api/admin/merchants/:id/reject": { reason: "Faltan datos del comercio." },
      "POST /api/admin/categories": {
        name: "Cafeterías",
        slug: "cafeterias",
        icon: "☕",
        imageUrl: "/uploads/cafeterias.webp",
      },
      "PUT /api/admin/categories/:id": {
        name: "Cafés",
        slug: "cafes",
        icon: "☕",
        imageUrl: "/uploads/cafes.webp",
      },
      "POST /api/products": { ...productBody, merchantId: merchant.id, rating: 0, reviewCount: 0 },
      "PUT /api/products/:id": productBody,
      "POST /api/admin/bulk-upload-products": {
        merchantId: merchant.id,
        products: [{ ...productBody, merchantId: merchant.id, images: [] }],
      },
      "POST /api/cart/:sessionId": { productId: product.id, quantity: 1 },
      "PUT /api/cart/:sessionId/:productId": { quantity: 2 },
      "PUT /api/admin/orders/:id/status": { status: "paid" },
      "POST /api/checkout": {
        sessionId: "carrito_hostil_1",
        customerName: "Marta Hernández",
        customerEmail: "marta@correo.sv",
        customerPhone: "+503 7777-2222",
        note: "Sin picante",
        paymentMethod: "whatsapp",
        deliveryAddress: {
          department: "San Salvador",
          municipality: "San Salvador Este",
          address: "Colonia Las Margaritas, pasaje 3, casa 12",
          reference: "Portón verde",
        },
      },
      // Issue 25: the shopper's cancel and 'Buscar mi pedido', a refund and a payout.
      "POST /api/orders/:orderNumber/cancel": { orderId: 1 },
      "POST /api/orders/lookup": { orderNumber: "ES-2026-000001", email: "marta@correo.sv" },
      "POST /api/admin/orders/:id/refund": { reference: "REV-123" },
      "POST /api/admin/merchants/:id/payouts": {
        amount: "1.00",
        reference: "Transferencia 5566",
        paidAt: "2026-11-27",
      },
      // Issue 11: the merchant portal and its sign-in.
      "POST /api/events": { type: "whatsapp", merchantId: merchant.id, productId: product.id },
      "POST /api/merchant/login-link": { email: merchant.email },
      "POST /api/merchant/login": { token: "t".repeat(43) },
      "PUT /api/merchant/:merchantId": {
        description: "Pupusas de arroz y maíz hechas al momento.",
        address: "Calle El Mirador 12, San Salvador",
        department: "San Salvador",
        municipality: "San Salvador Centro",
        phone: "+503 2222-3333",
        whatsapp: "+503 7111-2222",
        email: merchant.email,
        website: "laceiba.sv",
        facebook: "laceiba",
        instagram: "laceiba",
        tiktok: "laceiba",
        linkedin: "laceiba",
        imageUrl: "/uploads/ceiba.webp",
        logoUrl: "/uploads/ceiba-logo.webp",
        schedule: scheduleToJson(DEFAULT_REGISTRATION_HOURS),
      },
      "POST /api/merchant/:merchantId/products": { ...productBody, isActive: true },
      "PUT /api/merchant/:merchantId/products/:productId": { ...productBody, isActive: true },
      // Issue 36: the portal's one tap on its product list.
      "PUT /api/merchant/:merchantId/products/:productId/stock": { soldOut: true, stock: 4 },
      "PUT /api/merchant/:merchantId/orders/:orderId/status": { status: "paid" },
      "POST /api/merchant/:merchantId/bulk-upload-products": {
        merchantId: merchant.id,
        products: [{ ...productBody, merchantId: merchant.id, images: [] }],
      },
      "PUT /api/admin/merchants/:id/sign-in-email": { email: "duenos@laceiba.sv" },
      // Issue 35: the portal's 'Avisos' and a device's push subscription.
      "PUT /api/merchant/:merchantId/notices": {
        whatsappNumber: "7111-2222",
        whatsapp: true,
        push: true,
        email: true,
      },
      "POST /api/merchant/:merchantId/push-subscriptions": {
        endpoint: "https://push.example/ceiba",
        keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
      },
      // Issue 37: a delivered order's reviews, a merchant's reply, a DTE, an erasure.
      "POST /api/orders/:orderNumber/reviews": {
        merchant: { rating: 5, comment: "Muy buena atención, llegó a tiempo." },
        products: [{ productId: product.id, rating: 4, comment: "Rico y bien empacado." }],
      },
      "PUT /api/merchant/:merchantId/reviews/:reviewId/reply": {
        reply: "Gracias por tu compra, te esperamos pronto.",
      },
      "PUT /api/merchant/:merchantId/orders/:orderId/dte": {
        code: "0E1B3C2A-7F4D-4B8E-9A6C-5D2F1E0B9C8A",
        issuedAt: "2026-12-01",
      },
      "POST /api/admin/personal-data/erase": { email: "marta@correo.sv" },
    };
  });
  afterAll(() => t.close());

  it("has a valid body for every route that reads one", () => {
    // Routes whose body is none (spec §7) or multipart (walked in its own test below).
    const noJsonBody = [
      "POST /api/auth/logout",
      "POST /api/admin/merchants/:id/approve",
      "POST /api/admin/reviews/:id/approve",
      "POST /api/upload/image",
      // Issue 10: no body (the token is in the query), and Wompi's raw, signed notification.
      "POST /api/orders/:orderNumber/payment",
      "POST /api/payments/wompi/webhook",
      // Issue 11: an image (multipart, like /api/upload/image) and a link with no body.
      "POST /api/merchant/:merchantId/images",
      "POST /api/admin/merchants/:id/login-link",
      // Issue 25: 'Reenviar' a failed e-mail takes no body.
      "POST /api/admin/emails/:id/resend",
      // Issue 35: Meta's raw, signed webhook; removing a device, resending, retrying: no body.
      "POST /api/whatsapp/webhook",
      "DELETE /api/merchant/:merchantId/push-subscriptions/:id",
      "POST /api/admin/notices/:channel/:id/resend",
      "POST /api/admin/notices/whatsapp/retry",
    ];
    const missing = walked()
      .filter((r) => isWrite(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !(r in bodies) && !noJsonBody.includes(r));
    expect(missing).toEqual([]);
    expect(Object.keys(bodies).length).toBeGreaterThanOrEqual(14);
  });

  it(
    "never answers 5xx to a hostile string in a body field, and stores none",
    async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const [route, body] of Object.entries(bodies)) {
        const [method, url] = route.split(" ");
        for (const path of leaves(body)) {
          for (const [name, hostile] of Object.entries(HOSTILE)) {
            const res = await send(
              {
                method: method as "POST",
                url: pathOf(url),
                payload: withLeaf(body, path, hostile),
              },
              route !== "POST /api/auth/login",
            );
            sent++;
            check(failures, `${route} ${path.join(".")}=${name}`, res);
          }
        }
      }
      expect(sent).toBeGreaterThan(300);
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    "never answers 5xx to a hostile path parameter",
    async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const { method, url } of walked()) {
        const params = [...url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? "*");
        for (const param of params) {
          for (const [name, hostile] of Object.entries(ENCODED)) {
            const route = `${method} ${url}`;
            const res = await send({
              method: method as "GET",
              url: pathOf(url, param, hostile),
              payload: isWrite(method) ? (bodies[route] ?? {}) : undefined,
            });
            sent++;
            check(failures, `${route} :${param}=${name}`, res);
          }
        }
      }
      expect(sent).toBeGreaterThan(50);
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    "never answers 5xx to a hostile query parameter",
    async () => {
      const failures: string[] = [];
      // The live 'Pedidos' stream never ends by itself; its own test (orders/order-events.test.ts)
      // opens it with bad and good ids, and it reads no query string.
      const reads = walked().filter(
        (r) => r.method === "GET" && r.url !== "/api/merchant/:merchantId/events",
      );
      for (const { method, url } of reads) {
        for (const param of QUERY_PARAMS) {
          for (const [name, hostile] of Object.entries(ENCODED)) {
            const res = await send({ method: "GET", url: `${pathOf(url)}?${param}=${hostile}` });
            check(failures, `${method} ${url}?${param}=${name}`, res);
          }
        }
      }
      expect(reads.length).toBeGreaterThan(15);
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it("never answers 5xx to hostile multipart fields and file names on the upload", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } })
      .png()
      .toBuffer();
    const failures: string[] = [];
    for (const [name, hostile] of Object.entries(HOSTILE)) {
      const form = new FormData();
      form.append("nota", `a${hostile}b`);
      form.append(
        "image",
        new Blob([new Uint8Array(png)], { type: "image/png" }),
        `a${hostile}.png`,
      );
      const request = new Request("http://localhost/api/upload/image", {
        method: "POST",
        body: form,
      });
      const res = await send({
        method: "POST",
        url: `/api/upload/image?kind=${ENCODED[name]}`,
        headers: { "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      check(failures, `POST /api/upload/image multipart=${name}`, res);
    }
    expect(failures).toEqual([]);
  });

  it("never answers 5xx to hostile values in the headers the server reads", async () => {
    // Node's own HTTP parser refuses NUL in a header before any route runs; app.inject
    // does not, so this reaches our code: session and OIDC cookies, same-origin check,
    // ETag and compression negotiation.
    const failures: string[] = [];
    const headerRoutes = [
      { method: "GET", url: "/api/categories" },
      { method: "GET", url: "/api/auth/user" },
      { method: "GET", url: "/api/callback?code=x&state=y" },
      { method: "POST", url: `/api/cart/${sessionId}` },
    ];
    for (const { method, url } of headerRoutes) {
      for (const [name, hostile] of Object.entries(HOSTILE)) {
        const value = `a${hostile}b`;
        for (const header of [
          "cookie",
          "origin",
          "sec-fetch-site",
          "if-none-match",
          "accept-encoding",
        ]) {
          const res = await send(
            {
              method: method as "GET",
              url,
              headers: {
                [header]:
                  header === "cookie" ? `tiangue_sid=${value}; tiangue_oidc=${value}` : value,
              },
              payload: method === "POST" ? bodies[`POST /api/cart/:sessionId`] : undefined,
            },
            false,
          );
          check(failures, `${method} ${url} ${header}=${name}`, res);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("stores a name sent with an RTL override without it", async () => {
    const res = await send({
      method: "POST",
      url: "/api/admin/categories",
      payload: { name: "Caf\u202eé\u2066s", slug: "cafes-rtl", icon: "☕", imageUrl: "" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe("Cafés");
  });

  it("refuses a NUL with the shared Spanish message", async () => {
    const res = await send({
      method: "POST",
      url: "/api/reviews",
      payload: { ...(bodies["POST /api/reviews"] as object), comment: "Muy rico\u0000 todo" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: "comment",
      message: "El texto contiene caracteres no válidos",
    });
  });
});
