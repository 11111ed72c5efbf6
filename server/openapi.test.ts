import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../db/schema/index";
import { DEFAULT_REGISTRATION_HOURS, scheduleToJson, scheduleToText } from "../shared/schedule";
import { accessOf, type RouteAccess } from "./http/route-access";
import { mountPages } from "./http/web-app";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "./test/factories";
import { createTestApp, type TestApp } from "./test/test-app";

/**
 * The published contract (issue 28): GET /api/openapi.json is a valid OpenAPI 3.1 document,
 * lists exactly the routes Fastify registered, says who may call each, and every answer the
 * app really gives (recorded below over a whole shop's life) matches its documented schema.
 */

type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
  tags?: string[];
  "x-access"?: RouteAccess;
  description?: string;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Registered routes the document leaves out on purpose, each with its reason. */
const UNDOCUMENTED: Record<string, string> = {
  "GET /*": "the web pages (HTML for people, server/http/web-app.ts)",
  "POST /cart":
    "the product page's form without JavaScript, into the cart page's action (issue 36)",
  "GET /uploads/*": "image files, addressed by the URLs the API's answers carry",
  "GET /images/*": "the images the product ships, likewise",
};
/** The documentation page's own files (@fastify/swagger-ui), under /api/docs. */
const isDocsPage = (url: string) => url === "/api/docs" || url.startsWith("/api/docs/");

/** `/api/cart/:sessionId` → `/api/cart/{sessionId}` (the document's spelling). */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

interface Answer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

describe("the OpenAPI document (GET /api/openapi.json)", () => {
  const routes: { method: string; url: string; access?: RouteAccess }[] = [];
  const answers: Answer[] = [];
  let t: TestApp;
  let doc: Document;

  /** app.inject, its answer recorded for the drift check. */
  const call = async (
    method: string,
    url: string,
    options: { payload?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    const res = await t.app.inject({
      method: method as "GET",
      url,
      headers,
      payload: options.payload as string | object | undefined,
    });
    answers.push({
      method,
      path: url.split("?")[0],
      status: res.statusCode,
      contentType: String(res.headers["content-type"] ?? ""),
      body: res.body,
    });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url, config }) => {
          for (const m of [method].flat())
            routes.push({ method: m, url, access: accessOf(config) });
        },
        // A stand-in for React Router: the pages' catch-all route is registered as in production.
        web: async (app) =>
          mountPages(
            app,
            async () => new Response("<!doctype html><title>Tiangue</title>", { status: 200 }),
            { keepPages: false },
          ),
      },
    );
    const res = await call("GET", "/api/openapi.json");
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("lists every route Fastify registered, and nothing else", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const registered = routes
      .filter((r) => r.method !== "HEAD" && !isDocsPage(r.url))
      .filter((r) => !UNDOCUMENTED[`${r.method} ${r.url}`])
      .map((r) => `${r.method} ${documentPath(r.url)}`);
    expect(registered.length).toBeGreaterThan(60);
    expect(documented.filter((r) => !registered.includes(r))).toEqual([]);
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
    // The exceptions are real routes, not stale names.
    for (const route of Object.keys(UNDOCUMENTED)) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(route);
    }
  });

  it("says for every route who may call it: x-access, its tag, security scheme and a Spanish sentence", () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.method !== "HEAD")) {
      const operation = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue;
      const key = `${route.method} ${route.url}`;
      if (!route.access || operation["x-access"] !== route.access) {
        wrong.push(`${key}: x-access ${operation["x-access"]}, declared ${route.access}`);
        continue;
      }
      if (!operation.tags?.length || !operation.description?.includes(":")) {
        wrong.push(`${key}: no tag or description of its access`);
      }
      const signedIn = ["admin", "merchant", "order-token", "webhook", "operator"];
      if (signedIn.includes(route.access) !== Boolean(operation.security?.length)) {
        wrong.push(`${key}: security ${JSON.stringify(operation.security)}`);
      }
      if (!operation.responses.default?.content?.["application/json"]?.schema) {
        wrong.push(`${key}: no error body`);
      }
    }
    expect(wrong).toEqual([]);
    const schemes = (doc as unknown as { components: { securitySchemes: object } }).components
      .securitySchemes;
    expect(schemes).toMatchObject({
      sesion: { type: "apiKey", in: "cookie", name: "tiangue_sid" },
      tokenMetricas: { type: "http", scheme: "bearer" },
    });
  });

  it("shows it at /api/docs, a page served by Tiangue itself with its own files", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      // Same origin: a path, never another host.
      expect(asset, asset).toMatch(/^\/api\/docs\//);
      const res = await t.app.inject({ method: "GET", url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    const init = await t.app.inject({
      method: "GET",
      url: "/api/docs/static/swagger-initializer.js",
    });
    // No call to the public validator service: the page reads our document and nothing else.
    expect(init.body).toContain("validatorUrl: null");
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).json()).toEqual(doc);
    // The rest of the API keeps its policy that allows nothing.
    const api = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(api.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("answers as it documents: every route's recorded answers match their schemas", async () => {
    await driveTheShop(call, t);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const templates = Object.keys(doc.paths).map((path) => ({
      path,
      // Fixed segments outrank parameters: /api/products/popular before /{idOrSlug}.
      params: (path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    }));
    templates.sort((a, b) => a.params - b.params);
    const answered = new Set<string>();
    const drift: string[] = [];
    for (const answer of answers) {
      const template = templates.find(
        (tp) => tp.pattern.test(answer.path) && doc.paths[tp.path][answer.method.toLowerCase()],
      );
      if (!template) continue;
      const key = `${answer.method} ${template.path}`;
      answered.add(key);
      if (!answer.contentType.startsWith("application/json")) continue;
      const responses = doc.paths[template.path][answer.method.toLowerCase()].responses;
      const status = String(answer.status);
      const documented =
        responses[status] ??
        responses[`${status[0]}XX`] ??
        (answer.status >= 400 ? responses.default : undefined);
      const schema = documented?.content?.["application/json"]?.schema;
      if (!schema) {
        drift.push(`${key} → ${status}: no such answer in the document`);
        continue;
      }
      const validate = ajv.compile(schema as object);
      if (!validate(JSON.parse(answer.body))) {
        drift.push(`${key} → ${status}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(drift).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.filter((key) => !answered.has(key))).toEqual([]);
  });
});

type Call = (
  method: string,
  url: string,
  options?: { payload?: unknown; cookie?: string; headers?: Record<string, string> },
) => Promise<LightMyRequestResponse>;

/** A shop's life over the API, one or more answers of every route. */
async function driveTheShop(call: Call, t: TestApp) {
  const category = await insertCategory(t.db);
  const merchant = await insertMerchant(t.db, {
    categoryId: category.id,
    email: "tienda@ejemplo.sv",
    fulfillment: "both",
    deliveryArea: "department",
    deliveryFee: "1.50",
    paymentMethods: ["cash", "card", "whatsapp"],
  });
  const product = await insertProduct(t.db, {
    merchantId: merchant.id,
    categoryId: category.id,
    name: "Pupusa revuelta",
  });
  await insertReview(t.db, { rating: 5, productId: product.id, isApproved: true });
  const admin = await t.adminCookie();
  const cookieOf = (res: LightMyRequestResponse) =>
    String([res.headers["set-cookie"]].flat()[0]).split(";")[0];

  // Operators and the public catalogue.
  for (const url of ["/healthz", "/readyz", "/metrics", "/api/categories", "/api/merchants"]) {
    await call("GET", url);
  }
  for (const url of [
    "/api/merchants/featured",
    `/api/merchants/${merchant.id}`,
    "/api/merchants/no-existe",
    "/api/products?limit=5",
    "/api/products/popular",
    `/api/products/${product.id}`,
    "/api/search?q=pupusa",
    `/api/reviews?productId=${product.id}`,
    "/api/checkout/options",
    "/api/placeholder/400/300",
    "/api/login",
    "/api/callback",
    "/api/auth/user",
  ]) {
    await call("GET", url);
  }
  await call("POST", "/api/merchants", {
    payload: {
      name: "Pupusería La Ceiba",
      slug: "pupuseria-la-ceiba",
      description: "Pupusas de arroz y maíz hechas al momento, desde 1998.",
      address: "Calle El Mirador 12, Colonia Escalón, San Salvador",
      phone: "+503 2222-3333",
      whatsapp: "+503 7111-2222",
      email: "hola@laceiba.sv",
      schedule: scheduleToText(DEFAULT_REGISTRATION_HOURS),
      categoryId: category.id,
    },
  });
  const review = await call("POST", "/api/reviews", {
    payload: {
      userName: "Ana",
      userEmail: "ana@correo.sv",
      comment: "Muy ricas, bien servidas y calientes.",
      rating: 5,
      productId: product.id,
    },
  });
  await call("POST", "/api/events", {
    payload: { type: "whatsapp_click", merchantId: merchant.id },
  });
  await call("POST", "/api/reviews", { payload: { rating: 9 } });

  // A shopper's cart and checkout, then the order page with its token.
  const sessionId = `session_${Date.now()}_abcdefghij0123456789`;
  await call("POST", `/api/cart/${sessionId}`, {
    payload: { productId: product.id, quantity: 2 },
  });
  await call("PUT", `/api/cart/${sessionId}/${product.id}`, { payload: { quantity: 3 } });
  await call("GET", `/api/cart/${sessionId}`);
  await call("GET", `/api/checkout/options?sessionId=${sessionId}`);
  const placed = await call("POST", "/api/checkout", {
    payload: {
      sessionId,
      customerName: "Rosa Martínez",
      customerEmail: "rosa@correo.sv",
      customerPhone: "+503 7777-2222",
      paymentMethod: "cash",
      fulfillment: { [String(merchant.id)]: "pickup" },
    },
  });
  const order = placed.json() as {
    orders: { id: number; orderNumber: string }[];
    orderUrl: string;
  };
  const { pathname, search } = new URL(order.orderUrl, "http://tiangue.test");
  await call("GET", `/api${pathname}${search}`);
  await call("POST", `/api${pathname}/payment${search}`);
  // Issue 37: the order's receipt as a PDF (not JSON: its schema is not compared).
  await call("GET", `/api${pathname}/comprobante.pdf${search}`);
  await call("POST", "/api/orders/lookup", {
    payload: { orderNumber: order.orders[0].orderNumber, email: "rosa@correo.sv" },
  });
  await call("POST", "/api/payments/wompi/webhook", {
    headers: { "content-type": "application/json" },
    payload: "{}",
  });
  await call("POST", `/api/cart/${sessionId}`, { payload: { productId: product.id, quantity: 1 } });
  await call("DELETE", `/api/cart/${sessionId}/${product.id}`);
  await call("DELETE", `/api/cart/${sessionId}`);

  // The merchant's portal.
  await call("POST", "/api/merchant/login-link", { payload: { email: "tienda@ejemplo.sv" } });
  await t.app.services.merchantPortal.settled();
  const [link] = await t.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.kind, "merchant.login-link"))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(link.textBody)![1];
  const signedIn = await call("POST", "/api/merchant/login", { payload: { token } });
  const mine = cookieOf(signedIn);
  const portal = `/api/merchant/${merchant.id}`;
  const own = { cookie: mine };
  await call("GET", "/api/merchant/me", own);
  await call("GET", portal, own);
  await call("PUT", portal, { ...own, payload: { description: "Pupusas y curtido de la casa." } });
  await call("GET", `${portal}/products`, own);
  // Issue 35: the portal's 'Avisos', its devices and the live stream (a 404 before it opens).
  await call("GET", `${portal}/notices`, own);
  await call("PUT", `${portal}/notices`, {
    ...own,
    payload: { whatsappNumber: "7000-1111", whatsapp: true, push: true, email: false },
  });
  const device = await call("POST", `${portal}/push-subscriptions`, {
    ...own,
    payload: {
      endpoint: "https://push.example/suscripcion-1",
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    },
  });
  await call("GET", `${portal}/push-subscriptions`, own);
  await call("DELETE", `${portal}/push-subscriptions/${device.json<{ id: number }>().id}`, own);
  await call("GET", "/api/merchant/999999/events", own);
  await call(
    "GET",
    "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=123",
  );
  await call("POST", "/api/whatsapp/webhook", {
    payload: { object: "whatsapp_business_account", entry: [] },
  });
  const productFields = {
    name: "Horchata",
    description: "De morro, bien fría.",
    price: "1.25",
    imageUrl: "",
    images: [],
    categoryId: category.id,
  };
  const created = await call("POST", `${portal}/products`, { ...own, payload: productFields });
  const createdId = (created.json() as { id: number }).id;
  await call("PUT", `${portal}/products/${createdId}`, {
    ...own,
    payload: { ...productFields, price: "1.50" },
  });
  await call("PUT", `${portal}/products/${createdId}/stock`, {
    ...own,
    payload: { soldOut: true, stock: 3 },
  });
  await call("POST", `${portal}/bulk-upload-products`, {
    ...own,
    payload: {
      products: [{ name: "Atol", description: "De elote.", price: "1.00", imageUrl: "" }],
    },
  });
  await call("GET", `${portal}/orders`, own);
  await call("PUT", `${portal}/orders/${order.orders[0].id}/status`, {
    ...own,
    payload: { fulfillmentStatus: "preparing" },
  });
  // Issue 37: the DTE the merchant issued for the order.
  await call("PUT", `${portal}/orders/${order.orders[0].id}/dte`, {
    ...own,
    payload: { code: "3F2504E0-4F89-11D3-9A0C-0305E82C3301", issuedAt: new Date().toISOString() },
  });
  await call("GET", `${portal}/stats`, own);
  await call("GET", `${portal}/payouts`, own);
  await call("GET", `${portal}/payouts?format=csv`, own);
  await call("POST", `${portal}/images?kind=productImage`, {
    ...own,
    ...(await multipartImage()),
  });
  await call("DELETE", `${portal}/products/${createdId}`, own);
  await call("POST", `/api${pathname}/cancel${search}`, {
    payload: { orderId: order.orders[0].id },
  });

  // The administrators' panel.
  const asAdmin = { cookie: admin };
  for (const url of [
    "/api/auth/user",
    "/api/admin/categories",
    "/api/admin/merchants",
    "/api/admin/merchants/pending",
    "/api/admin/merchants/names",
    "/api/admin/products",
    "/api/admin/reviews",
    "/api/admin/orders",
    "/api/admin/emails",
    "/api/admin/notices",
    "/api/admin/notices/health",
    "/api/admin/orders/waiting",
    "/api/admin/payouts",
    `/api/admin/merchants/${merchant.id}/sign-in-email`,
    `/api/admin/merchants/${merchant.id}/audit`,
  ]) {
    await call("GET", url, asAdmin);
  }
  const upload = await call("POST", "/api/upload/image?kind=categoryImage", {
    ...asAdmin,
    ...(await multipartImage()),
  });
  const imageUrl = (upload.json() as { url: string }).url;
  const newCategory = await call("POST", "/api/admin/categories", {
    ...asAdmin,
    payload: { name: "Cafeterías", slug: "cafeterias", icon: "☕", imageUrl },
  });
  const categoryId = (newCategory.json() as { id: number }).id;
  await call("PUT", `/api/admin/categories/${categoryId}`, {
    ...asAdmin,
    payload: { name: "Cafeterías y panaderías", slug: "cafeterias", icon: "☕", imageUrl },
  });
  const merchantFields = {
    name: "Café El Volcán",
    slug: "cafe-el-volcan",
    description: "Café de altura de Santa Ana, tostado cada semana.",
    imageUrl,
    logoUrl: imageUrl,
    address: "Avenida Independencia 8, Santa Ana",
    phone: "+503 2440-1000",
    whatsapp: "+503 7222-3333",
    email: "ventas@elvolcan.sv",
    categoryId,
    isActive: true,
    schedule: scheduleToJson(DEFAULT_REGISTRATION_HOURS),
    approved: false,
  };
  const newMerchant = await call("POST", "/api/admin/merchants", {
    ...asAdmin,
    payload: merchantFields,
  });
  const newMerchantId = (newMerchant.json() as { id: number }).id;
  const { slug: _slug, ...updatable } = merchantFields;
  await call("PUT", `/api/admin/merchants/${newMerchantId}`, {
    ...asAdmin,
    payload: { ...updatable, name: "Café El Volcán de Santa Ana" },
  });
  await call("POST", `/api/admin/merchants/${newMerchantId}/approve`, asAdmin);
  await call("POST", `/api/admin/merchants/${newMerchantId}/reject`, {
    ...asAdmin,
    payload: { reason: "Faltan datos del local." },
  });
  await call("PUT", `/api/admin/merchants/${newMerchantId}/sign-in-email`, {
    ...asAdmin,
    payload: { email: "dueno@elvolcan.sv" },
  });
  await call("POST", `/api/admin/merchants/${newMerchantId}/login-link`, asAdmin);
  const adminProduct = await call("POST", "/api/products", {
    ...asAdmin,
    payload: { ...productFields, name: "Café molido", merchantId: merchant.id },
  });
  const adminProductId = (adminProduct.json() as { id: number }).id;
  await call("PUT", `/api/products/${adminProductId}`, {
    ...asAdmin,
    payload: { ...productFields, name: "Café molido fino" },
  });
  await call("POST", "/api/admin/bulk-upload-products", {
    ...asAdmin,
    payload: {
      merchantId: merchant.id,
      products: [{ name: "Quesadilla", description: "Salvadoreña.", price: "2.00", imageUrl: "" }],
    },
  });
  const reviewId = (review.json() as { id: number }).id;
  await call("POST", `/api/admin/reviews/${reviewId}/approve`, asAdmin);
  // Issue 37: a delivered order's reviews, and the merchant's reply to a published review.
  const rated = `session_${Date.now()}_resenas0123456789abc`;
  await t.app.services.cart.add(rated, { productId: product.id, quantity: 1 });
  const ratedOrder = (
    await call("POST", "/api/checkout", {
      payload: {
        sessionId: rated,
        customerName: "Rosa Martínez",
        customerEmail: "rosa@correo.sv",
        customerPhone: "+503 7777-2222",
        paymentMethod: "cash",
        fulfillment: { [String(merchant.id)]: "pickup" },
      },
    })
  ).json() as typeof order;
  await t.app.services.orders.changeForMerchant(merchant.id, ratedOrder.orders[0].id, {
    fulfillmentStatus: "delivered",
  });
  const rate = new URL(ratedOrder.orderUrl, "http://tiangue.test");
  await call("GET", `/api${rate.pathname}/reviews${rate.search}`);
  await call("POST", `/api${rate.pathname}/reviews${rate.search}`, {
    payload: {
      merchant: { rating: 4, comment: "Atención rápida y amable." },
      products: [{ productId: product.id, rating: 5, comment: "Muy ricas y calientes." }],
    },
  });
  await call("GET", `/api/reviews?productId=${product.id}&verified=true`);
  const reply = { reply: "¡Gracias, Ana! Te esperamos." };
  await call("PUT", `${portal}/reviews/${reviewId}/reply`, { ...own, payload: reply });
  await call("DELETE", `${portal}/reviews/${reviewId}/reply`, own);
  await call("PUT", `${portal}/reviews/${reviewId}/reply`, { ...own, payload: reply });
  await call("DELETE", `/api/admin/reviews/${reviewId}/reply`, asAdmin);
  await call("PUT", `/api/admin/orders/${order.orders[0].id}/status`, {
    ...asAdmin,
    payload: { status: "paid" },
  });
  await call("POST", `/api/admin/orders/${order.orders[0].id}/refund`, {
    ...asAdmin,
    payload: { reference: "TRX-1" },
  });
  await call("POST", `/api/admin/merchants/${merchant.id}/payouts`, {
    ...asAdmin,
    payload: { amount: "1.00", reference: "Transferencia 1", paidAt: "2026-01-15" },
  });
  await call("POST", "/api/admin/emails/999999/resend", asAdmin);
  await call("POST", "/api/admin/notices/email/999999/resend", asAdmin);
  await call("POST", "/api/admin/notices/whatsapp/retry", asAdmin);
  // Issue 37: a person's data exported, erased and logged (the erase's 400 documented too).
  await call("GET", "/api/admin/personal-data?email=nadie%40ejemplo.sv", asAdmin);
  await call("GET", "/api/admin/personal-data?phone=1", asAdmin);
  await call("POST", "/api/admin/personal-data/erase", {
    ...asAdmin,
    payload: { email: "nadie@ejemplo.sv" },
  });
  await call("POST", "/api/admin/personal-data/erase", { ...asAdmin, payload: {} });
  await call("GET", "/api/admin/personal-data/requests", asAdmin);
  await call("DELETE", `/api/admin/reviews/${reviewId}`, asAdmin);
  await call("DELETE", `/api/products/${adminProductId}`, asAdmin);
  await call("DELETE", `/api/admin/merchants/${newMerchantId}`, asAdmin);
  await call("DELETE", `/api/admin/categories/${categoryId}`, asAdmin);
  await call("POST", "/api/auth/logout", asAdmin);
  // The session's sign-in, last: it would replace the cookie used above.
  await call("POST", "/api/auth/login", { payload: { username: "nadie", password: "x" } });
}

/** A small PNG as the multipart `image` field. */
async function multipartImage(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: "#c0392b" },
  })
    .png()
    .toBuffer();
  const boundary = "----tiangue-openapi";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
