import { createServer, type AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  categories,
  channelHealth,
  merchants,
  orders,
  outboxEmails,
  outboxNotices,
  products,
  reviews,
} from "../db/schema/index";
import { DEFAULT_REGISTRATION_HOURS, scheduleToJson, scheduleToText } from "../shared/schedule";
import { startFakeWhatsApp, type FakeWhatsApp } from "./modules/notices/whatsapp.fake";
import { signWhatsAppBody } from "./modules/notices/whatsapp.signature";
import { startFakeWompi, type FakeWompi } from "./modules/payments/wompi.fake";
import { insertCategory, insertMerchant, insertProduct } from "./test/factories";
import { createTestApp, TEST_ADMIN, type TestApp } from "./test/test-app";

/**
 * Spec §7 as a contract: every writing route, called over HTTP the way the spec's client
 * calls it (credentials sent, a JSON body with a JSON content type only when there is
 * one), with exactly the fields §7 names — nothing added, nothing the spec doesn't know
 * about (no department or municipality) — must succeed and change what it says.
 * The tests run in order: each uses what the ones before it created.
 */

/** The spec's request helper: cookies always, JSON only when there is a body. */
async function request(base: string, method: string, path: string, body: unknown, cookie: string) {
  const headers: Record<string, string> = { origin: base };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A test app with the administrator account, listening on a free port. */
async function startApp(): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp();
  await t.app.services.auth.ensureAdministrator(TEST_ADMIN);
  return { t, base: await t.app.listen({ host: "127.0.0.1", port: 0 }) };
}

/**
 * Every writing route of the route table, and the test below that calls it with the spec's
 * exact payload (issue 28). A new writing route fails "…covers every writing route" by its
 * name until it has its test here.
 */
const DELETES =
  "DELETE /api/admin/reviews/{id}, /api/products/{id}, /api/admin/merchants/{id}, /api/admin/categories/{id}: none";
const EXACT_PAYLOAD_TESTS: Record<string, string> = {
  "POST /api/auth/login": "POST /api/auth/login: username, password",
  "POST /api/auth/logout": "POST /api/auth/logout: none",
  "POST /api/upload/image": "POST /api/upload/image: multipart with field image, answers url",
  "POST /api/admin/categories":
    "POST /api/admin/categories: name, slug, icon, imageUrl, merchantCount",
  "PUT /api/admin/categories/:id": "PUT /api/admin/categories/{id}: name, slug, icon, imageUrl",
  "POST /api/merchants":
    "POST /api/merchants: the registration form's 13 fields, schedule as its text",
  "POST /api/admin/merchants":
    "POST /api/admin/merchants: merchant fields, schedule as JSON text, approved",
  "PUT /api/admin/merchants/:id":
    "PUT /api/admin/merchants/{id}: merchant fields without id and slug",
  "POST /api/admin/merchants/:id/approve": "POST /api/admin/merchants/{id}/approve: no body",
  "POST /api/admin/merchants/:id/reject": "POST /api/admin/merchants/{id}/reject: reason",
  "POST /api/products":
    "POST /api/products: name, slug, description, price, imageUrl, images, merchantId, categoryId, rating, reviewCount",
  "PUT /api/products/:id":
    "PUT /api/products/{id}: name, slug, description, price, imageUrl, images, categoryId",
  "POST /api/admin/bulk-upload-products":
    "POST /api/admin/bulk-upload-products: merchantId, products[] with their 8 fields",
  "POST /api/reviews":
    "POST /api/reviews: userName, userEmail, comment, rating, productId or merchantId, userId",
  "POST /api/admin/reviews/:id/approve": "POST /api/admin/reviews/{id}/approve: no body",
  "POST /api/cart/:sessionId": "POST /api/cart/{sessionId}: productId, quantity",
  "PUT /api/cart/:sessionId/:productId": "PUT /api/cart/{sessionId}/{productId}: quantity",
  "DELETE /api/cart/:sessionId/:productId":
    "DELETE /api/cart/{sessionId}/{productId} and DELETE /api/cart/{sessionId}: none",
  "DELETE /api/cart/:sessionId":
    "DELETE /api/cart/{sessionId}/{productId} and DELETE /api/cart/{sessionId}: none",
  "PUT /api/admin/orders/:id/status": "PUT /api/admin/orders/{id}/status: status",
  "DELETE /api/admin/reviews/:id": DELETES,
  "DELETE /api/products/:id": DELETES,
  "DELETE /api/admin/merchants/:id": DELETES,
  "DELETE /api/admin/categories/:id": DELETES,
  "POST /api/checkout":
    "POST /api/checkout: sessionId, customerName, customerEmail, customerPhone, note, paymentMethod; Idempotency-Key",
  "POST /api/orders/:orderNumber/payment": "POST /api/orders/{orderNumber}/payment?token=: none",
  "POST /api/payments/wompi/webhook":
    "POST /api/payments/wompi/webhook: Wompi's notification, signed with wompi_hash",
  "POST /api/merchant/login-link": "POST /api/merchant/login-link: email",
  "POST /api/merchant/login": "POST /api/merchant/login: token",
  "PUT /api/merchant/:merchantId": "PUT /api/merchant/{merchantId}: the profile fields",
  "POST /api/merchant/:merchantId/products":
    "POST /api/merchant/{merchantId}/products: the admin product fields",
  "PUT /api/merchant/:merchantId/products/:productId":
    "PUT /api/merchant/{merchantId}/products/{productId}: the admin product fields",
  "POST /api/merchant/:merchantId/bulk-upload-products":
    "POST /api/merchant/{merchantId}/bulk-upload-products: the admin's upload body, this merchant only",
  "POST /api/merchant/:merchantId/images":
    "POST /api/merchant/{merchantId}/images?kind=: multipart with field image, answers url",
  "PUT /api/merchant/:merchantId/orders/:orderId/status":
    "PUT /api/merchant/{merchantId}/orders/{orderId}/status: status",
  "POST /api/events": "POST /api/events: type, merchantId, productId",
  "PUT /api/merchant/:merchantId/products/:productId/stock":
    "PUT /api/merchant/{merchantId}/products/{productId}/stock: soldOut, stock",
  "DELETE /api/merchant/:merchantId/products/:productId":
    "DELETE /api/merchant/{merchantId}/products/{productId}: none",
  "PUT /api/admin/merchants/:id/sign-in-email":
    "PUT /api/admin/merchants/{id}/sign-in-email: email; POST …/login-link: none",
  "POST /api/admin/merchants/:id/login-link":
    "PUT /api/admin/merchants/{id}/sign-in-email: email; POST …/login-link: none",
  "POST /api/orders/:orderNumber/cancel": "POST /api/orders/{orderNumber}/cancel?token=: orderId",
  "POST /api/orders/lookup": "POST /api/orders/lookup: orderNumber, email",
  "POST /api/admin/orders/:id/refund": "POST /api/admin/orders/{id}/refund: reference",
  "POST /api/admin/merchants/:id/payouts":
    "POST /api/admin/merchants/{id}/payouts: amount, reference, paidAt",
  "POST /api/admin/emails/:id/resend": "POST /api/admin/emails/{id}/resend: none",
  "PUT /api/merchant/:merchantId/notices":
    "PUT /api/merchant/{merchantId}/notices: whatsappNumber, whatsapp, push, email",
  "POST /api/merchant/:merchantId/push-subscriptions":
    "POST /api/merchant/{merchantId}/push-subscriptions: endpoint, keys{p256dh, auth}",
  "DELETE /api/merchant/:merchantId/push-subscriptions/:id":
    "DELETE /api/merchant/{merchantId}/push-subscriptions/{id}: none",
  "POST /api/whatsapp/webhook":
    "POST /api/whatsapp/webhook: Meta's statuses, signed with X-Hub-Signature-256",
  "POST /api/admin/notices/:channel/:id/resend":
    "POST /api/admin/notices/{channel}/{id}/resend: none",
  "POST /api/admin/notices/whatsapp/retry": "POST /api/admin/notices/whatsapp/retry: none",
  "POST /api/admin/personal-data/erase": "POST /api/admin/personal-data/erase: email, or phone",
  "POST /api/orders/:orderNumber/reviews":
    "POST /api/orders/{orderNumber}/reviews?token=: merchant{rating, comment}, products[]{productId, rating, comment}",
  "PUT /api/merchant/:merchantId/reviews/:reviewId/reply":
    "PUT /api/merchant/{merchantId}/reviews/{reviewId}/reply: reply; DELETE: none",
  "DELETE /api/merchant/:merchantId/reviews/:reviewId/reply":
    "PUT /api/merchant/{merchantId}/reviews/{reviewId}/reply: reply; DELETE: none",
  "DELETE /api/admin/reviews/:id/reply": "DELETE /api/admin/reviews/{id}/reply: none",
  "PUT /api/merchant/:merchantId/orders/:orderId/dte":
    "PUT /api/merchant/{merchantId}/orders/{orderId}/dte: code, issuedAt",
};

/** The titles of this file's tests, as they are declared (before any of them runs). */
const declaredTests = new Set<string>();
/** A contract test: `it`, its title kept for the coverage check. */
function exact(title: string, test: () => Promise<void>) {
  declaredTests.add(title);
  it(title, test);
}

/** The session cookie a sign-in answer sets, as the next request sends it. */
const sessionCookie = (res: { headers: Headers }) =>
  String(res.headers.get("set-cookie")).split(";")[0];
describe("spec §7 contract: the exact payload of every writing route", () => {
  let t: TestApp;
  let base: string;
  let adminCookie = "";
  let imageUrl = "";
  let categoryId = 0;
  let registeredId = 0;
  let merchantId = 0;
  let productId = 0;
  let reviewId = 0;
  const sessionId = `session-${Date.now()}-k3j9x2`;

  const call = (method: string, path: string, body?: unknown, cookie = adminCookie) =>
    request(base, method, path, body, cookie);

  const row = async <T>(query: Promise<T[]>) => (await query)[0];

  beforeAll(async () => {
    ({ t, base } = await startApp());
  });
  afterAll(() => t.close());

  exact("POST /api/auth/login: username, password", async () => {
    const res = await call("POST", "/api/auth/login", TEST_ADMIN, "");
    expect(res.status).toBe(200);
    adminCookie = sessionCookie(res);
    expect((await call("GET", "/api/auth/user")).status).toBe(200);
  });

  exact("POST /api/upload/image: multipart with field image, answers url", async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#c0392b" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const res = await fetch(`${base}/api/upload/image`, {
      method: "POST",
      headers: { origin: base, cookie: adminCookie },
      body: form,
    });
    expect(res.status).toBeLessThan(300);
    imageUrl = ((await res.json()) as { url: string }).url;
    expect(imageUrl).toMatch(/^\/uploads\//);
    expect((await fetch(base + imageUrl)).status).toBe(200);
  });

  exact("POST /api/admin/categories: name, slug, icon, imageUrl, merchantCount", async () => {
    const res = await call("POST", "/api/admin/categories", {
      name: "Pupuserías",
      slug: "pupuserias",
      icon: "🫓",
      imageUrl,
      merchantCount: 0,
    });
    expect(res.status).toBe(201);
    categoryId = res.body.id;
    const stored = await row(t.db.select().from(categories).where(eq(categories.id, categoryId)));
    expect(stored).toMatchObject({ name: "Pupuserías", slug: "pupuserias", icon: "🫓", imageUrl });
  });

  exact("PUT /api/admin/categories/{id}: name, slug, icon, imageUrl", async () => {
    const res = await call("PUT", `/api/admin/categories/${categoryId}`, {
      name: "Pupuserías y comedores",
      slug: "pupuserias-y-comedores",
      icon: "🍽️",
      imageUrl,
    });
    expect(res.status).toBe(200);
    const stored = await row(t.db.select().from(categories).where(eq(categories.id, categoryId)));
    expect(stored).toMatchObject({ name: "Pupuserías y comedores", icon: "🍽️" });
  });

  exact(
    "POST /api/merchants: the registration form's 13 fields, schedule as its text",
    async () => {
      const res = await call(
        "POST",
        "/api/merchants",
        {
          name: "Pupusería La Ceiba",
          slug: "pupuseria-la-ceiba",
          description: "Pupusas de arroz y maíz hechas al momento, desde 1998.",
          address: "Calle El Mirador 12, Colonia Escalón, San Salvador",
          phone: "+503 2222-3333",
          whatsapp: "+503 7111-2222",
          email: "hola@laceiba.sv",
          schedule: scheduleToText(DEFAULT_REGISTRATION_HOURS),
          website: "https://laceiba.sv",
          facebook: "https://facebook.com/laceiba",
          instagram: "https://instagram.com/laceiba",
          tiktok: "https://tiktok.com/@laceiba",
          categoryId,
        },
        "",
      );
      expect(res.status).toBe(201);
      registeredId = res.body.id;
      const stored = await row(t.db.select().from(merchants).where(eq(merchants.id, registeredId)));
      expect(stored).toMatchObject({
        name: "Pupusería La Ceiba",
        slug: "pupuseria-la-ceiba",
        approved: false,
        department: null,
        municipality: null,
        website: "https://laceiba.sv",
      });
      expect(stored.schedule).toContain("Lunes: 09:00 - 18:00");
    },
  );

  exact("POST /api/admin/merchants: merchant fields, schedule as JSON text, approved", async () => {
    const res = await call("POST", "/api/admin/merchants", {
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
      facebook: "https://facebook.com/elvolcan",
      instagram: "https://instagram.com/elvolcan",
      tiktok: "https://tiktok.com/@elvolcan",
      linkedin: "https://linkedin.com/company/elvolcan",
      website: "https://elvolcan.sv",
      approved: true,
    });
    expect(res.status).toBe(201);
    merchantId = res.body.id;
    const stored = await row(t.db.select().from(merchants).where(eq(merchants.id, merchantId)));
    expect(stored).toMatchObject({ approved: true, department: null, municipality: null });
    // No department: listed everywhere, under no department filter (decisions §4).
    const all = await call("GET", "/api/merchants");
    expect(all.body.map((m: { id: number }) => m.id)).toContain(merchantId);
    const filtered = await call("GET", "/api/merchants?department=Santa%20Ana");
    expect(filtered.status).toBe(200);
    expect(filtered.body.map((m: { id: number }) => m.id)).not.toContain(merchantId);
  });

  exact("PUT /api/admin/merchants/{id}: merchant fields without id and slug", async () => {
    const { body: current } = await call("GET", `/api/merchants/${merchantId}`);
    const res = await call("PUT", `/api/admin/merchants/${merchantId}`, {
      name: "Café El Volcán de Santa Ana",
      description: current.description,
      imageUrl: current.imageUrl,
      logoUrl: current.logoUrl,
      address: current.address,
      phone: "+503 2440-2000",
      whatsapp: current.whatsapp,
      email: current.email,
      rating: current.rating,
      reviewCount: current.reviewCount,
      productCount: current.productCount,
      categoryId,
      isActive: true,
      approved: true,
      rejectionReason: null,
      schedule: scheduleToJson({ monday: { open: "07:00", close: "17:00" } }),
      facebook: current.facebook,
      instagram: current.instagram,
      tiktok: current.tiktok,
      linkedin: current.linkedin,
      website: current.website,
    });
    expect(res.status).toBe(200);
    const stored = await row(t.db.select().from(merchants).where(eq(merchants.id, merchantId)));
    expect(stored).toMatchObject({
      name: "Café El Volcán de Santa Ana",
      slug: "cafe-el-volcan",
      phone: "+503 2440-2000",
    });
    expect(JSON.parse(stored.schedule).monday).toMatchObject({ open: "07:00", close: "17:00" });
  });

  exact("POST /api/admin/merchants/{id}/approve: no body", async () => {
    const res = await call("POST", `/api/admin/merchants/${registeredId}/approve`);
    expect(res.status).toBe(200);
    const stored = await row(t.db.select().from(merchants).where(eq(merchants.id, registeredId)));
    expect(stored.approved).toBe(true);
  });

  exact("POST /api/admin/merchants/{id}/reject: reason", async () => {
    const res = await call("POST", `/api/admin/merchants/${registeredId}/reject`, {
      reason: "La dirección no corresponde al comercio.",
    });
    expect(res.status).toBe(200);
    const stored = await row(t.db.select().from(merchants).where(eq(merchants.id, registeredId)));
    expect(stored).toMatchObject({
      approved: false,
      rejectionReason: "La dirección no corresponde al comercio.",
    });
  });

  exact(
    "POST /api/products: name, slug, description, price, imageUrl, images, merchantId, categoryId, rating, reviewCount",
    async () => {
      const res = await call("POST", "/api/products", {
        name: "Café molido 500 g",
        slug: "cafe-molido-500-g",
        description: "Tostado medio.\nMolienda para cafetera de goteo.",
        price: "8.50",
        imageUrl,
        images: [imageUrl],
        merchantId,
        categoryId,
        rating: 0,
        reviewCount: 0,
      });
      expect(res.status).toBe(201);
      productId = res.body.id;
      const stored = await row(t.db.select().from(products).where(eq(products.id, productId)));
      expect(stored).toMatchObject({ name: "Café molido 500 g", price: "8.50", merchantId });
    },
  );

  exact(
    "PUT /api/products/{id}: name, slug, description, price, imageUrl, images, categoryId",
    async () => {
      const res = await call("PUT", `/api/products/${productId}`, {
        name: "Café molido 1 kg",
        slug: "cafe-molido-1-kg",
        description: "Tostado medio, bolsa de 1 kg.",
        price: "15.00",
        imageUrl,
        images: [imageUrl],
        categoryId,
      });
      expect(res.status).toBe(200);
      const stored = await row(t.db.select().from(products).where(eq(products.id, productId)));
      expect(stored).toMatchObject({ name: "Café molido 1 kg", price: "15.00" });
    },
  );

  exact(
    "POST /api/admin/bulk-upload-products: merchantId, products[] with their 8 fields",
    async () => {
      const res = await call("POST", "/api/admin/bulk-upload-products", {
        merchantId,
        products: [
          {
            merchantId,
            categoryId,
            name: "Café en grano 250 g",
            slug: "cafe-en-grano-250-g",
            description: "Grano entero, tostado oscuro.",
            price: "5.25",
            imageUrl: "/images/default-product.webp",
            images: [],
          },
          {
            merchantId,
            categoryId,
            name: "Taza de barro",
            slug: "taza-de-barro",
            description: "Hecha a mano en Ilobasco.",
            price: "6.00",
            imageUrl,
            images: [],
          },
        ],
      });
      expect(res.status).toBe(201);
      const names = (
        await t.db.select().from(products).where(eq(products.merchantId, merchantId))
      ).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(["Café en grano 250 g", "Taza de barro"]));
    },
  );

  exact(
    "POST /api/reviews: userName, userEmail, comment, rating, productId or merchantId, userId",
    async () => {
      const res = await call(
        "POST",
        "/api/reviews",
        {
          userName: "Marta Hernández",
          userEmail: "marta@correo.sv",
          comment: "Muy buen café, llegó bien empacado.",
          rating: 5,
          productId,
          userId: `user-${Date.now()}`,
        },
        "",
      );
      expect(res.status).toBe(201);
      reviewId = res.body.id;
      const onMerchant = await call(
        "POST",
        "/api/reviews",
        {
          userName: "Luis Pérez",
          userEmail: "luis@correo.sv",
          comment: "Atención amable y rápida en el local.",
          rating: 4,
          merchantId,
          userId: `user-${Date.now()}`,
        },
        "",
      );
      expect(onMerchant.status).toBe(201);
      const stored = await row(t.db.select().from(reviews).where(eq(reviews.id, reviewId)));
      expect(stored).toMatchObject({ productId, rating: 5, isApproved: false });
      // Issue 37: the spec's review stays unverified and pending, with no order behind it.
      expect(stored).toMatchObject({ verifiedPurchase: false, orderId: null, reply: null });
      expect(res.body).toMatchObject({ verifiedPurchase: false, isApproved: false, reply: null });
    },
  );

  exact("POST /api/admin/reviews/{id}/approve: no body", async () => {
    const res = await call("POST", `/api/admin/reviews/${reviewId}/approve`);
    expect(res.status).toBe(200);
    const stored = await row(t.db.select().from(reviews).where(eq(reviews.id, reviewId)));
    expect(stored.isApproved).toBe(true);
  });

  exact("POST /api/cart/{sessionId}: productId, quantity", async () => {
    const res = await call("POST", `/api/cart/${sessionId}`, { productId, quantity: 2 }, "");
    expect(res.status).toBe(201);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId));
    expect(lines).toMatchObject([{ productId, quantity: 2 }]);
  });

  exact("PUT /api/cart/{sessionId}/{productId}: quantity", async () => {
    const res = await call("PUT", `/api/cart/${sessionId}/${productId}`, { quantity: 5 }, "");
    expect(res.status).toBe(200);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId));
    expect(lines).toMatchObject([{ quantity: 5 }]);
  });

  exact(
    "DELETE /api/cart/{sessionId}/{productId} and DELETE /api/cart/{sessionId}: none",
    async () => {
      expect(
        (await call("DELETE", `/api/cart/${sessionId}/${productId}`, undefined, "")).status,
      ).toBe(204);
      await call("POST", `/api/cart/${sessionId}`, { productId, quantity: 1 }, "");
      expect((await call("DELETE", `/api/cart/${sessionId}`, undefined, "")).status).toBe(204);
      expect(await t.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId))).toEqual(
        [],
      );
    },
  );

  exact("PUT /api/admin/orders/{id}/status: status", async () => {
    // Placing an order is not in spec §7: the order comes from the service.
    const order = await t.app.services.orders.create({
      customerName: "Marta Hernández",
      customerEmail: "marta@correo.sv",
      sessionId,
      items: [{ productId, quantity: 1 }],
    });
    const res = await call("PUT", `/api/admin/orders/${order.id}/status`, { status: "paid" });
    expect(res.status).toBe(200);
    const stored = await row(t.db.select().from(orders).where(eq(orders.id, order.id)));
    expect(stored.status).toBe("paid");
  });

  exact(
    "DELETE /api/admin/reviews/{id}, /api/products/{id}, /api/admin/merchants/{id}, /api/admin/categories/{id}: none",
    async () => {
      expect((await call("DELETE", `/api/admin/reviews/${reviewId}`)).status).toBe(204);
      expect((await call("DELETE", `/api/products/${productId}`)).status).toBe(204);
      expect((await call("DELETE", `/api/admin/merchants/${merchantId}`)).status).toBe(204);
      expect((await call("DELETE", `/api/admin/merchants/${registeredId}`)).status).toBe(204);
      expect((await call("DELETE", `/api/admin/categories/${categoryId}`)).status).toBe(204);
      expect(
        await t.db.select().from(merchants).where(eq(merchants.categoryId, categoryId)),
      ).toEqual([]);
    },
  );

  exact(
    "ignores a field the spec does not name: it is dropped, never stored or obeyed",
    async () => {
      // zod objects strip unknown keys: a newer or older client's extra field does not break
      // the call, and a field the server owns (approved, rating) cannot be set this way.
      const { id: catId } = (
        await call("POST", "/api/admin/categories", {
          name: "Panaderías",
          slug: "panaderias",
          icon: "🥖",
          imageUrl: "",
          merchantCount: 0,
        })
      ).body;
      const res = await call(
        "POST",
        "/api/merchants",
        {
          name: "Panadería Santa Lucía",
          slug: "panaderia-santa-lucia",
          description: "Pan dulce y francés cada mañana.",
          address: "Barrio El Centro, Suchitoto",
          phone: "+503 2335-1111",
          whatsapp: "",
          email: "pan@santalucia.sv",
          schedule: scheduleToText(DEFAULT_REGISTRATION_HOURS),
          website: "",
          facebook: "",
          instagram: "",
          tiktok: "",
          categoryId: catId,
          approved: true,
          rating: "5.0",
          favouriteColour: "azul",
        },
        "",
      );
      expect(res.status).toBe(201);
      const stored = await row(t.db.select().from(merchants).where(eq(merchants.id, res.body.id)));
      expect(stored).toMatchObject({
        approved: false,
        rating: "0.0",
        whatsapp: null,
        website: null,
      });
    },
  );

  exact("POST /api/auth/logout: none", async () => {
    const res = await call("POST", "/api/auth/logout");
    expect(res.status).toBe(204);
    expect((await call("GET", "/api/auth/user")).status).toBe(401);
  });
});

/**
 * Issue 10's writing routes, called over HTTP with exactly the fields the issue names,
 * against the fake Wompi on loopback (a real HTTP server that also sends the webhook).
 */
describe("issue 10 contract: checkout, payment retry and Wompi's webhook", () => {
  let t: TestApp;
  let fake: FakeWompi;
  let base: string;
  let placed: { orders: { id: number; orderNumber: string }[]; orderUrl: string };

  beforeAll(async () => {
    fake = await startFakeWompi();
    // The app's public address must be known before it listens: Wompi calls it back.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    t = await createTestApp({ ...fake.env, PUBLIC_URL: `http://127.0.0.1:${port}` });
    base = await t.app.listen({ host: "127.0.0.1", port });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  exact(
    "POST /api/checkout: sessionId, customerName, customerEmail, customerPhone, note, paymentMethod; Idempotency-Key",
    async () => {
      const [category] = await t.db
        .insert(categories)
        .values({ name: "Comida", slug: "comida-contrato", icon: "🍽️" })
        .returning();
      const [merchant] = await t.db
        .insert(merchants)
        .values({
          name: "Pupusería Contrato",
          slug: "pupuseria-contrato",
          description: "Pupusas de arroz y maíz.",
          address: "Calle Arce 1, San Salvador",
          phone: "+503 2222-1111",
          whatsapp: "+503 7000-1111",
          email: "contrato@pupuseria.sv",
          schedule: "Lunes a domingo 7:00-21:00",
          categoryId: category.id,
          approved: true,
        })
        .returning();
      const [product] = await t.db
        .insert(products)
        .values({
          name: "Pupusa de queso",
          slug: "pupusa-queso-contrato",
          description: "Con curtido.",
          price: "0.80",
          imageUrl: "/images/default-product.webp",
          merchantId: merchant.id,
          categoryId: category.id,
        })
        .returning();
      const sessionId = `contrato-${Date.now()}`;
      await t.app.services.cart.add(sessionId, { productId: product.id, quantity: 5 });

      const res = await fetch(`${base}/api/checkout`, {
        method: "POST",
        headers: {
          origin: base,
          "content-type": "application/json",
          "idempotency-key": `intento-${sessionId}`,
        },
        body: JSON.stringify({
          sessionId,
          customerName: "Rosa Martínez",
          customerEmail: "rosa@correo.sv",
          customerPhone: "+503 7777-2222",
          note: "Entregar después de las 5",
          paymentMethod: "card",
        }),
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toMatchObject({ totalAmount: "4.00", paymentMethod: "card" });
      expect(body.orders[0]).toMatchObject({
        merchant: { id: merchant.id, name: "Pupusería Contrato", slug: "pupuseria-contrato" },
        totalAmount: "4.00",
        status: "pending",
      });
      expect(body.paymentUrl).toBe(fake.links.at(-1)!.url);
      expect(body.orderUrl).toContain(`/orders/${body.orders[0].orderNumber}?token=`);
      placed = body;
    },
  );

  exact("POST /api/orders/{orderNumber}/payment?token=: none", async () => {
    const { pathname, search } = new URL(placed.orderUrl);
    const res = await fetch(`${base}/api${pathname}/payment${search}`, {
      method: "POST",
      headers: { origin: base },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).paymentUrl).toBe(fake.links.at(-1)!.url);
  });

  exact(
    "POST /api/payments/wompi/webhook: Wompi's notification, signed with wompi_hash",
    async () => {
      const { webhook, transaction } = await fake.pay(fake.links.at(-1)!.id);
      expect(webhook?.status).toBe(200);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, placed.orders[0].id));
      expect(stored).toMatchObject({ status: "paid", paymentTransactionId: transaction.id });
    },
  );
});

describe("issue 11 contract: merchant sign-in and the portal's writing routes", () => {
  let t: TestApp;
  let base: string;
  let adminCookie = "";
  let merchantCookie = "";
  let merchantId = 0;
  let categoryId = 0;
  let productId = 0;

  const call = (method: string, path: string, body?: unknown, cookie = merchantCookie) =>
    request(base, method, path, body, cookie);

  /** The last sign-in link's token, from the outbox (SMTP is not configured here). */
  const lastToken = async () => {
    // The route answers before it queues the link (issue 26).
    await t.app.services.merchantPortal.settled();
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "merchant.login-link"))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    return /token=([A-Za-z0-9_-]+)/.exec(email.textBody)![1];
  };

  beforeAll(async () => {
    ({ t, base } = await startApp());
    const [category] = await t.db
      .insert(categories)
      .values({ name: "Cafeterías", slug: "cafeterias" })
      .returning();
    categoryId = category.id;
    const [merchant] = await t.db
      .insert(merchants)
      .values({
        name: "Café del Centro",
        slug: "cafe-del-centro",
        description: "Café de altura.",
        address: "Calle Arce 1, San Salvador",
        phone: "+503 2222-1111",
        email: "cafe@ejemplo.sv",
        categoryId,
        schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
        approved: true,
      })
      .returning();
    merchantId = merchant.id;
    adminCookie = sessionCookie(await call("POST", "/api/auth/login", TEST_ADMIN, ""));
  });
  afterAll(() => t.close());

  exact("POST /api/merchant/login-link: email", async () => {
    const res = await call("POST", "/api/merchant/login-link", { email: "cafe@ejemplo.sv" }, "");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: "Si el correo está registrado, te enviamos un enlace" });
  });

  exact("POST /api/merchant/login: token", async () => {
    const res = await call("POST", "/api/merchant/login", { token: await lastToken() }, "");
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("cafe@ejemplo.sv");
    merchantCookie = sessionCookie(res);
    expect((await call("GET", "/api/merchant/me")).status).toBe(200);
  });

  exact("PUT /api/merchant/{merchantId}: the profile fields", async () => {
    const res = await call("PUT", `/api/merchant/${merchantId}`, {
      description: "Café de altura de Apaneca.",
      address: "Calle Arce 1, San Salvador",
      department: "San Salvador",
      municipality: "San Salvador Centro",
      phone: "+503 2222-1111",
      whatsapp: "+503 7000-1111",
      email: "cafe@ejemplo.sv",
      website: "cafedelcentro.sv",
      facebook: "",
      instagram: "cafedelcentro",
      tiktok: "",
      linkedin: "",
      imageUrl: "",
      logoUrl: "",
      schedule: JSON.stringify({ monday: { open: "07:00", close: "17:00" } }),
    });
    expect(res.status).toBe(200);
    const [stored] = await t.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(stored.description).toBe("Café de altura de Apaneca.");
    expect(stored.name).toBe("Café del Centro");
  });

  exact("POST /api/merchant/{merchantId}/products: the admin product fields", async () => {
    const res = await call("POST", `/api/merchant/${merchantId}/products`, {
      name: "Café molido 1 lb",
      description: "Tueste medio.",
      price: "8.50",
      imageUrl: "",
      images: [],
      categoryId,
      isActive: true,
    });
    expect(res.status).toBe(201);
    productId = res.body.id;
    expect(res.body.merchantId).toBe(merchantId);
  });

  exact(
    "PUT /api/merchant/{merchantId}/products/{productId}: the admin product fields",
    async () => {
      const res = await call("PUT", `/api/merchant/${merchantId}/products/${productId}`, {
        name: "Café molido 1 lb",
        description: "Tueste medio.",
        price: "9.00",
        imageUrl: "",
        images: [],
        categoryId,
        isActive: true,
      });
      expect(res.status).toBe(200);
      const [stored] = await t.db.select().from(products).where(eq(products.id, productId));
      expect(stored.price).toBe("9.00");
    },
  );

  exact(
    "POST /api/merchant/{merchantId}/bulk-upload-products: the admin's upload body, this merchant only",
    async () => {
      const res = await call("POST", `/api/merchant/${merchantId}/bulk-upload-products`, {
        merchantId,
        products: [
          {
            merchantId,
            categoryId,
            name: "Café en grano 500 g",
            slug: "cafe-en-grano-500-g",
            description: "Grano entero.",
            price: "7.25",
            imageUrl: "/images/default-product.webp",
            images: [],
          },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.created).toBe(1);
      const [stored] = await t.db
        .select()
        .from(products)
        .where(eq(products.slug, "cafe-en-grano-500-g"));
      expect(stored).toMatchObject({ merchantId, price: "7.25", name: "Café en grano 500 g" });
    },
  );

  exact(
    "POST /api/merchant/{merchantId}/images?kind=: multipart with field image, answers url",
    async () => {
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: "#2c3e50" },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "foto.png");
      const res = await fetch(`${base}/api/merchant/${merchantId}/images?kind=productImage`, {
        method: "POST",
        headers: { origin: base, cookie: merchantCookie },
        body: form,
      });
      expect(res.status).toBe(201);
      const { url } = (await res.json()) as { url: string };
      expect(url).toMatch(/^\/uploads\//);
      expect((await fetch(base + url)).status).toBe(200);
    },
  );

  exact("PUT /api/merchant/{merchantId}/orders/{orderId}/status: status", async () => {
    const order = await t.app.services.orders.create({
      customerName: "Rosa",
      customerEmail: "rosa@ejemplo.sv",
      items: [{ productId, quantity: 1 }],
    });
    await t.db.update(orders).set({ merchantId }).where(eq(orders.id, order.id));
    const res = await call("PUT", `/api/merchant/${merchantId}/orders/${order.id}/status`, {
      status: "paid",
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("paid");
  });

  exact("PUT /api/merchant/{merchantId}/orders/{orderId}/dte: code, issuedAt", async () => {
    const order = await t.app.services.orders.create({
      customerName: "Rosa",
      customerEmail: "rosa@ejemplo.sv",
      items: [{ productId, quantity: 1 }],
    });
    await t.db.update(orders).set({ merchantId }).where(eq(orders.id, order.id));
    const issuedAt = new Date().toISOString();
    const res = await call("PUT", `/api/merchant/${merchantId}/orders/${order.id}/dte`, {
      code: "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      issuedAt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      orderId: order.id,
      code: "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
    });
    expect(res.body.lookupUrl).toContain("codGen=3F2504E0-4F89-11D3-9A0C-0305E82C3301");
  });

  exact("POST /api/events: type, merchantId, productId", async () => {
    const res = await call("POST", "/api/events", { type: "whatsapp", merchantId, productId }, "");
    expect(res.status).toBe(204);
    const stats = await call("GET", `/api/merchant/${merchantId}/stats`);
    expect(stats.body.last7Days.whatsapp).toBe(1);
  });

  exact("PUT /api/merchant/{merchantId}/products/{productId}/stock: soldOut, stock", async () => {
    const res = await call("PUT", `/api/merchant/${merchantId}/products/${productId}/stock`, {
      soldOut: true,
      stock: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ soldOut: true, stock: 3, available: false });
    const [stored] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(stored).toMatchObject({ soldOut: true, stock: 3, inStock: false });
  });

  exact("DELETE /api/merchant/{merchantId}/products/{productId}: none", async () => {
    expect((await call("DELETE", `/api/merchant/${merchantId}/products/${productId}`)).status).toBe(
      204,
    );
  });

  exact("PUT /api/admin/merchants/{id}/sign-in-email: email; POST …/login-link: none", async () => {
    const set = await call(
      "PUT",
      `/api/admin/merchants/${merchantId}/sign-in-email`,
      { email: "duenos@ejemplo.sv" },
      adminCookie,
    );
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ email: "duenos@ejemplo.sv", custom: true });
    const sent = await call(
      "POST",
      `/api/admin/merchants/${merchantId}/login-link`,
      undefined,
      adminCookie,
    );
    expect(sent.status).toBe(202);
    expect(sent.body.email).toBe("duenos@ejemplo.sv");
    const audit = await call(
      "GET",
      `/api/admin/merchants/${merchantId}/audit`,
      undefined,
      adminCookie,
    );
    expect(audit.body.map((e: { action: string }) => e.action)).toContain("sign-in-email.update");
  });
});

describe("issue 25 contract: delivery, steps, cancel, lookup, refund, payouts and the outbox", () => {
  let t: TestApp;
  let fake: FakeWompi;
  let base: string;
  let adminCookie = "";
  let merchantCookie = "";
  let merchantId = 0;
  let productId = 0;
  let placed: { orders: { id: number; orderNumber: string }[]; orderUrl: string };

  const call = (method: string, path: string, body?: unknown, cookie = merchantCookie) =>
    request(base, method, path, body, cookie);

  beforeAll(async () => {
    fake = await startFakeWompi();
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    t = await createTestApp({
      ...fake.env,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      COMMISSION_PERCENT: "10",
    });
    await t.app.services.auth.ensureAdministrator(TEST_ADMIN);
    base = await t.app.listen({ host: "127.0.0.1", port });
    const [category] = await t.db
      .insert(categories)
      .values({ name: "Panaderías", slug: "panaderias-25" })
      .returning();
    const [merchant] = await t.db
      .insert(merchants)
      .values({
        name: "Panadería Soyapango",
        slug: "panaderia-soyapango",
        description: "Pan dulce.",
        address: "Calle Principal 1, Soyapango",
        department: "San Salvador",
        municipality: "San Salvador Este",
        phone: "+503 2222-3333",
        whatsapp: "+503 7000-3333",
        email: "pan@ejemplo.sv",
        categoryId: category.id,
        schedule: JSON.stringify({ monday: { open: "06:00", close: "18:00" } }),
        approved: true,
        fulfillment: "both",
        deliveryArea: "department",
        deliveryFee: "1.50",
        paymentMethods: ["cash", "card", "whatsapp"],
      })
      .returning();
    merchantId = merchant.id;
    const [product] = await t.db
      .insert(products)
      .values({
        name: "Semita",
        slug: "semita-25",
        description: "De piña.",
        price: "2.25",
        imageUrl: "/images/default-product.webp",
        merchantId,
        categoryId: category.id,
      })
      .returning();
    productId = product.id;
    adminCookie = sessionCookie(await call("POST", "/api/auth/login", TEST_ADMIN, ""));
    await t.app.services.merchantPortal.requestLoginLink({ email: "pan@ejemplo.sv" });
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "merchant.login-link"))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(email.textBody)![1];
    merchantCookie = sessionCookie(await call("POST", "/api/merchant/login", { token }, ""));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  exact(
    "POST /api/checkout: … paymentMethod cash, fulfillment by merchant id, deliveryAddress",
    async () => {
      const sessionId = `entrega-${Date.now()}`;
      await t.app.services.cart.add(sessionId, { productId, quantity: 2 });
      const res = await call(
        "POST",
        "/api/checkout",
        {
          sessionId,
          customerName: "Rosa Martínez",
          customerEmail: "rosa@correo.sv",
          customerPhone: "+503 7777-2222",
          paymentMethod: "cash",
          fulfillment: { [String(merchantId)]: "delivery" },
          deliveryAddress: {
            department: "San Salvador",
            municipality: "San Salvador Este",
            address: "Colonia Las Margaritas, pasaje 3, casa 12",
            reference: "Portón verde",
          },
        },
        "",
      );
      expect(res.status).toBe(201);
      expect(res.body.orders[0]).toMatchObject({
        fulfillment: "delivery",
        fulfillmentStatus: "received",
        subtotal: "4.50",
        deliveryFee: "1.50",
        totalAmount: "6.00",
        paymentMethod: "cash",
        deliveryAddress: { municipality: "San Salvador Este", reference: "Portón verde" },
        cancellable: true,
      });
      placed = res.body;
    },
  );

  exact("PUT /api/merchant/{merchantId}/orders/{orderId}/status: fulfillmentStatus", async () => {
    const res = await call(
      "PUT",
      `/api/merchant/${merchantId}/orders/${placed.orders[0].id}/status`,
      { fulfillmentStatus: "preparing" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fulfillmentStatus: "preparing", status: "pending" });
    expect(
      res.body.statusHistory.map((e: { fulfillmentStatus?: string }) => e.fulfillmentStatus),
    ).toEqual(["received", "preparing"]);
  });

  exact(
    "PUT /api/merchant/{merchantId}/orders/{orderId}/status: status cancelled, reason",
    async () => {
      const res = await call(
        "PUT",
        `/api/merchant/${merchantId}/orders/${placed.orders[0].id}/status`,
        { status: "cancelled", reason: "Se nos terminó la semita" },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: "cancelled",
        cancelReason: "Se nos terminó la semita",
      });
    },
  );

  exact("POST /api/orders/{orderNumber}/cancel?token=: orderId", async () => {
    const sessionId = `cancelar-${Date.now()}`;
    await t.app.services.cart.add(sessionId, { productId, quantity: 1 });
    const order = await call(
      "POST",
      "/api/checkout",
      {
        sessionId,
        customerName: "Luis",
        customerEmail: "luis@correo.sv",
        paymentMethod: "card",
        fulfillment: { [String(merchantId)]: "pickup" },
      },
      "",
    );
    expect(order.status).toBe(201);
    const { pathname, search } = new URL(order.body.orderUrl);
    const res = await call(
      "POST",
      `/api/${pathname.slice(1)}/cancel${search}`,
      {
        orderId: order.body.orders[0].id,
      },
      "",
    );
    expect(res.status).toBe(200);
    expect(res.body.orders[0]).toMatchObject({ status: "cancelled", cancellable: false });
    expect(res.body.paymentUrl).toBeNull();
    // Every order of the card checkout cancelled: no payment link any more.
    const pay = await call("POST", `/api/${pathname.slice(1)}/payment${search}`, undefined, "");
    expect(pay.status).toBe(409);
  });

  exact("POST /api/orders/lookup: orderNumber, email", async () => {
    const res = await call(
      "POST",
      "/api/orders/lookup",
      { orderNumber: placed.orders[0].orderNumber, email: "rosa@correo.sv" },
      "",
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      message: "Si los datos coinciden, te enviamos el enlace de tu pedido",
    });
    // The answer comes first; the lookup and its e-mail after it (issue 37, L1).
    await t.app.services.checkout.lookups.settled();
    const [sent] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "order.lookup.customer"));
    expect(sent.recipient).toBe("rosa@correo.sv");
  });

  exact("POST /api/admin/orders/{id}/refund: reference", async () => {
    const sessionId = `reembolso-${Date.now()}`;
    await t.app.services.cart.add(sessionId, { productId, quantity: 4 });
    const order = await call(
      "POST",
      "/api/checkout",
      {
        sessionId,
        customerName: "Ana",
        customerEmail: "ana@correo.sv",
        paymentMethod: "card",
        fulfillment: { [String(merchantId)]: "pickup" },
      },
      "",
    );
    await fake.pay(fake.links.at(-1)!.id);
    const id = order.body.orders[0].id;
    await call("PUT", `/api/admin/orders/${id}/status`, { status: "cancelled" }, adminCookie);
    const res = await call(
      "POST",
      `/api/admin/orders/${id}/refund`,
      { reference: "WOMPI-REV-123" },
      adminCookie,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: "refunded", refundReference: "WOMPI-REV-123" });
  });

  exact("POST /api/admin/merchants/{id}/payouts: amount, reference, paidAt", async () => {
    const sessionId = `liquidacion-${Date.now()}`;
    await t.app.services.cart.add(sessionId, { productId, quantity: 4 });
    const order = await call(
      "POST",
      "/api/checkout",
      {
        sessionId,
        customerName: "Ana",
        customerEmail: "ana@correo.sv",
        paymentMethod: "card",
        fulfillment: { [String(merchantId)]: "pickup" },
      },
      "",
    );
    await fake.pay(fake.links.at(-1)!.id);
    const id = order.body.orders[0].id;
    for (const step of ["preparing", "ready", "delivered"]) {
      const moved = await call("PUT", `/api/merchant/${merchantId}/orders/${id}/status`, {
        fulfillmentStatus: step,
      });
      expect(moved.status).toBe(200);
    }
    // 4 × 2.25 = 9.00 by card, picked up: 10 % commission is 0.90, 8.10 owed.
    const res = await call(
      "POST",
      `/api/admin/merchants/${merchantId}/payouts`,
      // Issue 37 L8: dated between the merchant's first order (just placed) and tomorrow.
      { amount: "8.00", reference: "Transferencia 5566", paidAt: new Date().toISOString() },
      adminCookie,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: "8.00", reference: "Transferencia 5566" });
    const ledger = await call("GET", `/api/merchant/${merchantId}/payouts`);
    expect(ledger.body).toMatchObject({ owed: "8.10", paid: "8.00", balance: "0.10" });
  });

  exact("POST /api/admin/emails/{id}/resend: none", async () => {
    const [row] = await t.db
      .update(outboxEmails)
      .set({ status: "failed", lastError: "550 buzón lleno" })
      .where(eq(outboxEmails.kind, "order.lookup.customer"))
      .returning();
    const res = await call("POST", `/api/admin/emails/${row.id}/resend`, undefined, adminCookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, status: "pending", attempts: 0 });
  });
});

describe("issue 35 contract: the notices' writing routes, each with its exact payload", () => {
  let t: TestApp;
  let base: string;
  let fake: FakeWhatsApp;
  let merchantId = 0;
  let adminCookie = "";
  let merchantCookie = "";
  let deviceId = 0;

  const call = async (method: string, url: string, body?: unknown, cookie = merchantCookie) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    fake = await startFakeWhatsApp({ statusDelaysMs: null });
    t = await createTestApp({ ...fake.env, WHATSAPP_VERIFY_TOKEN: "verificar-123" });
    await t.app.services.auth.ensureAdministrator(TEST_ADMIN);
    base = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const [category] = await t.db
      .insert(categories)
      .values({ name: "Pupuserías", slug: "pupuserias" })
      .returning();
    const [merchant] = await t.db
      .insert(merchants)
      .values({
        name: "Pupusería La Ceiba",
        slug: "pupuseria-la-ceiba",
        description: "Pupusas de la casa.",
        address: "Calle Principal, Soyapango",
        phone: "+503 2222-3333",
        whatsapp: "+503 7000-3333",
        email: "ceiba@ejemplo.sv",
        categoryId: category.id,
        schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
        approved: true,
      })
      .returning();
    merchantId = merchant.id;
    adminCookie = sessionCookie(await call("POST", "/api/auth/login", TEST_ADMIN, ""));
    await call("POST", "/api/merchant/login-link", { email: "ceiba@ejemplo.sv" }, "");
    await t.app.services.merchantPortal.settled();
    const [link] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "merchant.login-link"))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(link.textBody)![1];
    merchantCookie = sessionCookie(await call("POST", "/api/merchant/login", { token }, ""));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  exact(
    "PUT /api/merchant/{merchantId}/notices: whatsappNumber, whatsapp, push, email",
    async () => {
      const res = await call("PUT", `/api/merchant/${merchantId}/notices`, {
        whatsappNumber: "7000-4444",
        whatsapp: true,
        push: true,
        email: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        whatsappNumber: "+50370004444",
        whatsapp: true,
        push: true,
        email: false,
        whatsappAvailable: true,
        emailAddress: "ceiba@ejemplo.sv",
      });
      expect(res.body.whatsappConsentAt).not.toBeNull();
      const [stored] = await t.db.select().from(merchants).where(eq(merchants.id, merchantId));
      expect(stored).toMatchObject({ noticeWhatsappNumber: "+50370004444", noticeEmail: false });
    },
  );

  exact(
    "POST /api/merchant/{merchantId}/push-subscriptions: endpoint, keys{p256dh, auth}",
    async () => {
      const res = await call("POST", `/api/merchant/${merchantId}/push-subscriptions`, {
        endpoint: "https://push.example/suscripcion-42",
        keys: { p256dh: `B${"c".repeat(86)}`, auth: "d".repeat(22) },
      });
      expect(res.status).toBe(201);
      deviceId = res.body.id;
      const list = await call("GET", `/api/merchant/${merchantId}/push-subscriptions`);
      expect(list.body).toEqual([
        expect.objectContaining({ id: deviceId, endpoint: "https://push.example/suscripcion-42" }),
      ]);
    },
  );

  exact("DELETE /api/merchant/{merchantId}/push-subscriptions/{id}: none", async () => {
    const res = await call("DELETE", `/api/merchant/${merchantId}/push-subscriptions/${deviceId}`);
    expect(res.status).toBe(204);
    const list = await call("GET", `/api/merchant/${merchantId}/push-subscriptions`);
    expect(list.body).toEqual([]);
  });

  exact(
    "POST /api/whatsapp/webhook: Meta's statuses, signed with X-Hub-Signature-256",
    async () => {
      const [notice] = await t.db
        .insert(outboxNotices)
        .values({
          channel: "whatsapp",
          kind: "order.new",
          dedupeKey: "contrato:webhook",
          audience: "merchant",
          recipient: "+50370004444",
          template: "tiangue_merchant_new_order",
          payload: { params: [] },
          status: "sent",
          providerMessageId: "wamid.contrato",
        })
        .returning();
      const body = JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: fake.wabaId,
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: {
                    display_phone_number: "50370009999",
                    phone_number_id: fake.phoneNumberId,
                  },
                  statuses: [
                    {
                      id: "wamid.contrato",
                      status: "delivered",
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      recipient_id: "50370004444",
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const res = await fetch(`${base}/api/whatsapp/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": signWhatsAppBody(body, fake.appSecret),
        },
        body,
      });
      expect(res.status).toBe(200);
      const [stored] = await t.db
        .select()
        .from(outboxNotices)
        .where(eq(outboxNotices.id, notice.id));
      expect(stored.status).toBe("delivered");
    },
  );

  exact("POST /api/admin/notices/{channel}/{id}/resend: none", async () => {
    const [notice] = await t.db
      .insert(outboxNotices)
      .values({
        channel: "whatsapp",
        kind: "order.new",
        dedupeKey: "contrato:reenviar",
        audience: "merchant",
        recipient: "+50370004444",
        template: "tiangue_merchant_new_order",
        payload: { params: [] },
        status: "failed",
        lastError: "131026 · Mensaje no entregable",
      })
      .returning();
    const res = await call(
      "POST",
      `/api/admin/notices/whatsapp/${notice.id}/resend`,
      undefined,
      adminCookie,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: notice.id,
      channel: "whatsapp",
      status: "pending",
      tries: 0,
    });
  });

  exact("POST /api/admin/notices/whatsapp/retry: none", async () => {
    await t.db.insert(channelHealth).values({
      channel: "whatsapp",
      stoppedAt: new Date(),
      errorCode: 190,
      cause: "190 · Token vencido",
    });
    const res = await call("POST", "/api/admin/notices/whatsapp/retry", undefined, adminCookie);
    expect(res.status).toBe(200);
    expect(res.body.find((c: { channel: string }) => c.channel === "whatsapp")).toMatchObject({
      configured: true,
      stopped: false,
    });
  });
});

describe("issue 37: the reviews of a delivered order and the merchant's reply", () => {
  let t: TestApp;
  let base: string;
  let admin = "";
  let merchant = "";
  let merchantId = 0;
  let productId = 0;
  let reviewId = 0;
  const call = (method: string, path: string, body?: unknown, cookie = admin) =>
    request(base, method, path, body, cookie);

  beforeAll(async () => {
    ({ t, base } = await startApp());
    admin = sessionCookie(await call("POST", "/api/auth/login", TEST_ADMIN, ""));
    const [category] = await t.db
      .insert(categories)
      .values({ name: "Cafés", slug: "cafes-37", icon: "☕" })
      .returning();
    const [shop] = await t.db
      .insert(merchants)
      .values({
        name: "Café El Boquerón",
        slug: "cafe-el-boqueron-37",
        description: "Café de altura de Santa Tecla.",
        address: "Santa Tecla",
        phone: "+503 2222-3737",
        email: "boqueron@ejemplo.sv",
        schedule: JSON.stringify({ monday: { open: "06:00", close: "18:00" } }),
        categoryId: category.id,
        approved: true,
        fulfillment: "both",
        paymentMethods: ["cash"],
      })
      .returning();
    merchantId = shop.id;
    const [product] = await t.db
      .insert(products)
      .values({
        name: "Café molido 1 lb",
        slug: "cafe-molido-37",
        description: "Tueste medio.",
        price: "6.50",
        imageUrl: "/images/default-product.webp",
        merchantId,
        categoryId: category.id,
      })
      .returning();
    productId = product.id;
    await t.app.services.merchantPortal.requestLoginLink({ email: "boqueron@ejemplo.sv" });
    await t.app.services.merchantPortal.settled();
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "merchant.login-link"))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(email.textBody)![1];
    merchant = sessionCookie(await call("POST", "/api/merchant/login", { token }, ""));
  });
  afterAll(() => t.close());

  exact(
    "POST /api/orders/{orderNumber}/reviews?token=: merchant{rating, comment}, products[]{productId, rating, comment}",
    async () => {
      const sessionId = `resenas-${Date.now()}`;
      await t.app.services.cart.add(sessionId, { productId, quantity: 2 });
      const placed = await call(
        "POST",
        "/api/checkout",
        {
          sessionId,
          customerName: "Marta Hernández",
          customerEmail: "marta@correo.sv",
          customerPhone: "+503 7777-3737",
          paymentMethod: "cash",
          fulfillment: { [String(merchantId)]: "pickup" },
        },
        "",
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = placed.body.orders[0];
      await t.app.services.orders.changeForMerchant(merchantId, order.id, {
        fulfillmentStatus: "delivered",
      });
      const { pathname, search } = new URL(placed.body.orderUrl);
      const res = await call(
        "POST",
        `/api/${pathname.slice(1)}/reviews${search}`,
        {
          merchant: { rating: 5, comment: "Me atendieron rápido y con amabilidad." },
          products: [{ productId, rating: 4, comment: "Buen café, el tueste medio justo." }],
        },
        "",
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.merchantReview).toMatchObject({
        rating: 5,
        verifiedPurchase: true,
        isApproved: false,
        userName: "Marta H.",
      });
      expect(res.body.products[0].review).toMatchObject({ productId, verifiedPurchase: true });
      reviewId = res.body.merchantReview.id;
      const stored = await t.db.select().from(reviews).where(eq(reviews.orderId, order.id));
      expect(stored).toHaveLength(2);
    },
  );

  exact(
    "PUT /api/merchant/{merchantId}/reviews/{reviewId}/reply: reply; DELETE: none",
    async () => {
      expect((await call("POST", `/api/admin/reviews/${reviewId}/approve`)).status).toBe(200);
      const res = await call(
        "PUT",
        `/api/merchant/${merchantId}/reviews/${reviewId}/reply`,
        { reply: "¡Gracias, Marta! Te esperamos pronto." },
        merchant,
      );
      expect(res.status).toBe(200);
      expect(res.body.reply).toMatchObject({ text: "¡Gracias, Marta! Te esperamos pronto." });
      const removed = await call(
        "DELETE",
        `/api/merchant/${merchantId}/reviews/${reviewId}/reply`,
        undefined,
        merchant,
      );
      expect(removed.status).toBe(204);
      const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, reviewId));
      expect(stored).toMatchObject({ reply: null, repliedAt: null });
    },
  );

  exact("DELETE /api/admin/reviews/{id}/reply: none", async () => {
    const replied = await call(
      "PUT",
      `/api/merchant/${merchantId}/reviews/${reviewId}/reply`,
      { reply: "Gracias por tu compra." },
      merchant,
    );
    expect(replied.status).toBe(200);
    const res = await call("DELETE", `/api/admin/reviews/${reviewId}/reply`);
    expect(res.status).toBe(204);
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(stored.reply).toBeNull();
  });
});

describe("issue 37 contract: a person's data erased on request", () => {
  let t: TestApp;
  let base: string;
  afterAll(() => t?.close());

  exact("POST /api/admin/personal-data/erase: email, or phone", async () => {
    ({ t, base } = await startApp());
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, {
      categoryId: category.id,
      paymentMethods: ["cash"],
    });
    const product = await insertProduct(t.db, {
      merchantId: merchant.id,
      categoryId: category.id,
      price: "2.00",
    });
    const sessionId = `session-${Date.now()}-datos37`;
    const call = (method: string, path: string, body: unknown, cookie = "") =>
      request(base, method, path, body, cookie);
    expect(
      (await call("POST", `/api/cart/${sessionId}`, { productId: product.id, quantity: 1 })).status,
    ).toBe(201);
    const placed = await call("POST", "/api/checkout", {
      sessionId,
      customerName: "Carmen Flores",
      customerEmail: "carmen@ejemplo.sv",
      customerPhone: "+503 7123-4567",
      note: "",
      paymentMethod: "cash",
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const login = await call("POST", "/api/auth/login", TEST_ADMIN);
    const cookie = sessionCookie(login);

    const byEmail = await call(
      "POST",
      "/api/admin/personal-data/erase",
      { email: "carmen@ejemplo.sv" },
      cookie,
    );
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    expect(byEmail.body).toEqual({
      orders: 1,
      reviews: 0,
      notices: expect.any(Number),
      consents: 0,
    });
    expect(byEmail.body.notices).toBeGreaterThanOrEqual(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.body.orders[0].id));
    expect(order).toMatchObject({
      customerName: "Datos eliminados",
      customerPhone: null,
      totalAmount: "2.00",
    });
    // The same route by phone: nothing of that person left.
    const byPhone = await call(
      "POST",
      "/api/admin/personal-data/erase",
      { phone: "+503 7123-4567" },
      cookie,
    );
    expect(byPhone.status).toBe(200);
    expect(byPhone.body).toEqual({ orders: 0, reviews: 0, notices: 0, consents: 0 });
  });
});

describe("issue 28: the writing routes this file covers come from the route table", () => {
  it("covers every writing route with its exact-payload test, or names the one it lacks", async () => {
    const writes = new Set<string>();
    const t = await createTestApp(
      {},
      {
        onRoute: ({ method, url }) => {
          for (const m of [method].flat()) {
            if (!["GET", "HEAD", "OPTIONS"].includes(m)) writes.add(`${m} ${url}`);
          }
        },
      },
    );
    await t.close();
    expect(writes.size).toBeGreaterThan(40);
    const uncovered = [...writes]
      .filter((route) => !EXACT_PAYLOAD_TESTS[route])
      .map((route) => `${route}: no test with the spec's exact payload`);
    expect(uncovered).toEqual([]);
    expect(Object.keys(EXACT_PAYLOAD_TESTS).filter((route) => !writes.has(route))).toEqual([]);
    const missing = Object.entries(EXACT_PAYLOAD_TESTS)
      .filter(([, title]) => !declaredTests.has(title))
      .map(([route, title]) => `${route}: "${title}" is not a test of this file`);
    expect(missing).toEqual([]);
  });
});
