import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type merchants, type products, reviews } from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { orderLinksIn, startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37: 'Califica tu compra'. A delivered order's token writes one review of its merchant
 * and one of each of its products, once each, as verified purchases that still wait for
 * moderation; the delivered e-mail invites it; everything else is refused in Spanish.
 */
type Merchant = typeof merchants.$inferSelect;
type Product = typeof products.$inferSelect;

const customer = {
  customerName: "Marta Elena Hernández",
  customerEmail: "marta@ejemplo.sv",
  customerPhone: "7000-3737",
};
const merchantReview = { rating: 5, comment: "Atención rápida y muy amable." };
const productReview = (productId: number, rating = 4) => ({
  productId,
  rating,
  comment: "Llegó bien empacado y fresco.",
});

describe("reviews of a delivered order (issue 37)", () => {
  let door: DoorApp;
  let shop: Merchant;
  let other: Merchant;
  let pupusa: Product;
  let horchata: Product;
  let cafe: Product;
  let foreign: Product;
  const t = () => door.t;

  /** A cash pickup checkout of these lines: its answer. */
  async function placed(lines: [Product, number][]): Promise<CheckoutDto> {
    const sessionId = await door.cartWith(lines.map(([p, q]) => [p.id, q]));
    const merchantIds = [...new Set(lines.map(([p]) => p.merchantId))];
    return door.placed({
      sessionId,
      ...customer,
      paymentMethod: "cash",
      fulfillment: Object.fromEntries(merchantIds.map((id) => [String(id), "pickup"])),
    });
  }

  const deliver = (order: CheckoutDto["orders"][number]) =>
    t().app.services.orders.changeForMerchant(order.merchant.id, order.id, {
      fulfillmentStatus: "delivered",
    });

  /** The API path of the order page's link, for `suffix` ('/reviews'), token kept. */
  function apiPath(orderUrl: string, orderNumber?: string, suffix = "/reviews") {
    const { pathname, search } = new URL(orderUrl);
    const number = orderNumber ?? pathname.split("/").at(-1)!;
    return `/api/orders/${number}${suffix}${search}`;
  }

  const post = (url: string, payload: unknown) =>
    door.inject({ method: "POST", url, payload: payload as object });

  beforeAll(async () => {
    door = await startDoorApp();
    const { id: categoryId } = await insertCategory(t().db);
    const shopValues = {
      categoryId,
      fulfillment: "pickup" as const,
      paymentMethods: ["cash"],
      schedule: JSON.stringify({ monday: { open: "06:00", close: "18:00" } }),
    };
    shop = await insertMerchant(t().db, { ...shopValues, name: "Pupusería La Ceiba" });
    other = await insertMerchant(t().db, { ...shopValues, name: "Café El Boquerón" });
    pupusa = await insertProduct(t().db, {
      merchantId: shop.id,
      categoryId,
      name: "Pupusa revuelta",
    });
    horchata = await insertProduct(t().db, { merchantId: shop.id, categoryId, name: "Horchata" });
    cafe = await insertProduct(t().db, { merchantId: other.id, categoryId, name: "Café molido" });
    foreign = await insertProduct(t().db, { merchantId: shop.id, categoryId, name: "Tamal" });
  });
  afterAll(() => door.close());

  it("waits for 'Entregado': GET says closed and POST answers 409, creating nothing", async () => {
    const checkout = await placed([[pupusa, 2]]);
    const url = apiPath(checkout.orderUrl);
    const read = await door.inject({ method: "GET", url });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      open: false,
      merchant: { id: shop.id, name: "Pupusería La Ceiba" },
      merchantReview: null,
      products: [{ productId: pupusa.id, name: "Pupusa revuelta", review: null }],
    });
    const res = await post(url, { merchant: merchantReview });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Podrás calificar tu compra cuando el pedido esté entregado");
    const stored = await t()
      .db.select()
      .from(reviews)
      .where(eq(reviews.orderId, checkout.orders[0].id));
    expect(stored).toEqual([]);
  });

  it("answers a wrong token or an unknown number as the order page does: 404, body unread", async () => {
    const checkout = await placed([[pupusa, 1]]);
    await deliver(checkout.orders[0]);
    const number = checkout.orders[0].orderNumber;
    const page = await door.inject({
      method: "GET",
      url: `/api/orders/${number}?token=${"x".repeat(43)}`,
    });
    for (const url of [
      `/api/orders/${number}/reviews?token=${"x".repeat(43)}`,
      `/api/orders/${number}/reviews`,
      `/api/orders/ES-2099-999999/reviews?token=${new URL(checkout.orderUrl).searchParams.get("token")}`,
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await door.inject({ method, url, payload: method === "POST" ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual(page.json());
      }
    }
  });

  it("invites 'Califica tu compra' in the delivered e-mail, to the order page's reviews", async () => {
    const checkout = await placed([[horchata, 1]]);
    await deliver(checkout.orders[0]);
    const mail = (await door.mailTo(customer.customerEmail)).find((m) =>
      m.subject.includes(`${checkout.orders[0].orderNumber}: Entregado`),
    );
    expect(mail?.text).toContain("Califica tu compra");
    expect(orderLinksIn(mail!.text).length).toBeGreaterThan(0);
    const link = /https?:\/\/\S+\/orders\/ES-\d{4}-\d+\?token=[\w-]+#califica-tu-compra/.exec(
      mail!.text,
    )?.[0];
    expect(link).toBeDefined();
    // The link's own token opens the reviews.
    const res = await door.inject({ method: "GET", url: apiPath(link!.replace(/#.*/, "")) });
    expect(res.statusCode).toBe(200);
    expect(res.json().open).toBe(true);
  });

  it("writes the merchant's and each product's review once, verified and pending, signed 'Marta E.'", async () => {
    const checkout = await placed([
      [pupusa, 3],
      [horchata, 1],
    ]);
    const order = checkout.orders[0];
    await deliver(order);
    const url = apiPath(checkout.orderUrl);
    const res = await post(url, {
      merchant: merchantReview,
      products: [productReview(pupusa.id, 3)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.open).toBe(true);
    expect(body.merchantReview).toMatchObject({
      merchantId: shop.id,
      productId: null,
      rating: 5,
      userName: "Marta E.",
      verifiedPurchase: true,
      isApproved: false,
      reply: null,
    });
    expect(body.merchantReview).not.toHaveProperty("userEmail");
    expect(body.products).toEqual([
      expect.objectContaining({
        productId: pupusa.id,
        review: expect.objectContaining({ rating: 3, verifiedPurchase: true }),
      }),
      expect.objectContaining({ productId: horchata.id, review: null }),
    ]);
    const stored = await t().db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(stored.map((r) => r.userEmail)).toEqual([
      customer.customerEmail,
      customer.customerEmail,
    ]);

    // Pending: nothing public yet.
    const list = await door.inject({ method: "GET", url: `/api/reviews?merchantId=${shop.id}` });
    expect(list.json()).toEqual([]);

    // Each once: the merchant again and the pupusa again are 409s naming each field.
    const again = await post(url, {
      merchant: merchantReview,
      products: [productReview(horchata.id), productReview(pupusa.id)],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { path: "merchant", message: "Ya calificaste a este comercio en este pedido" },
      { path: "products.1.productId", message: "Ya calificaste este producto en este pedido" },
    ]);
    // The horchata alone still may be reviewed, later.
    const later = await post(url, { products: [productReview(horchata.id, 5)] });
    expect(later.statusCode).toBe(201);
    expect(later.json().products[1].review).toMatchObject({ rating: 5 });
    expect(await t().db.select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(
      3,
    );
  });

  it("takes only what the order holds, and refuses a bad body with Spanish messages", async () => {
    const checkout = await placed([[pupusa, 1]]);
    await deliver(checkout.orders[0]);
    const url = apiPath(checkout.orderUrl);
    const notHeld = await post(url, {
      products: [productReview(foreign.id), productReview(cafe.id)],
    });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().errors).toEqual([
      { path: "products.0.productId", message: "Este producto no es parte del pedido" },
      { path: "products.1.productId", message: "Este producto no es parte del pedido" },
    ]);
    const cases: [unknown, string][] = [
      [{}, "Califica al comercio o al menos un producto"],
      [{ products: [] }, "Califica al comercio o al menos un producto"],
      [
        { merchant: { rating: 0, comment: merchantReview.comment } },
        "Debes seleccionar una calificación",
      ],
      [{ merchant: { rating: 6, comment: merchantReview.comment } }, "La calificación máxima es 5"],
      [
        { merchant: { rating: 4, comment: "corto" } },
        "La reseña debe tener al menos 10 caracteres",
      ],
      [
        { products: [productReview(pupusa.id), productReview(pupusa.id)] },
        "Cada producto se califica una sola vez",
      ],
      [
        { products: [{ productId: "uno", rating: 4, comment: "Muy rico todo." }] },
        "Indica un producto del pedido",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    expect(
      await t().db.select().from(reviews).where(eq(reviews.orderId, checkout.orders[0].id)),
    ).toEqual([]);
  });

  it("reviews each merchant's order of a split checkout by its own number, with the one token", async () => {
    const checkout = await placed([
      [pupusa, 1],
      [cafe, 1],
    ]);
    expect(checkout.orders).toHaveLength(2);
    const cafeOrder = checkout.orders.find((o) => o.merchant.id === other.id)!;
    await deliver(cafeOrder);
    const url = apiPath(checkout.orderUrl, cafeOrder.orderNumber);
    const res = await post(url, { merchant: merchantReview, products: [productReview(cafe.id)] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().merchantReview.merchantId).toBe(other.id);
    // The pupusería's order of the same checkout is not delivered: still closed.
    const shopOrder = checkout.orders.find((o) => o.merchant.id === shop.id)!;
    const closed = await post(apiPath(checkout.orderUrl, shopOrder.orderNumber), {
      merchant: merchantReview,
    });
    expect(closed.statusCode).toBe(409);
    // A product of the other order is not this order's.
    const crossed = await post(url, { products: [productReview(pupusa.id)] });
    expect(crossed.statusCode).toBe(400);
  });

  it("refuses a cancelled order", async () => {
    const checkout = await placed([[pupusa, 1]]);
    const order = checkout.orders[0];
    await t().app.services.orders.changeForMerchant(shop.id, order.id, {
      status: "cancelled",
      reason: "Se terminó la masa",
    });
    const res = await post(apiPath(checkout.orderUrl), { merchant: merchantReview });
    expect(res.statusCode).toBe(409);
  });

  it("writes one of two sends of the same review at once: the other is a 409, never a 500", async () => {
    const checkout = await placed([[horchata, 1]]);
    await deliver(checkout.orders[0]);
    const url = apiPath(checkout.orderUrl);
    const answers = await Promise.all([
      post(url, { merchant: merchantReview }),
      post(url, { merchant: merchantReview }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const stored = await t()
      .db.select()
      .from(reviews)
      .where(eq(reviews.orderId, checkout.orders[0].id));
    expect(stored).toHaveLength(1);
  });

  it("publishes through moderation: 'Solo compras verificadas', the verified count and the merchant's e-mail", async () => {
    const spec = await door.inject({
      method: "POST",
      url: "/api/reviews",
      payload: {
        userName: "Visitante",
        userEmail: "visita@ejemplo.sv",
        comment: "Nunca compré, pero se ve bien.",
        rating: 2,
        merchantId: other.id,
      },
    });
    expect(spec.statusCode).toBe(201);
    expect(spec.json()).toMatchObject({ verifiedPurchase: false, isApproved: false });
    const verified = await t().db.select().from(reviews).where(eq(reviews.merchantId, other.id));
    for (const review of verified) {
      const approved = await door.inject({
        method: "POST",
        url: `/api/admin/reviews/${review.id}/approve`,
        cookie: await t().adminCookie(),
      });
      expect(approved.statusCode).toBe(200);
    }
    const all = await door.inject({ method: "GET", url: `/api/reviews?merchantId=${other.id}` });
    expect(
      all
        .json()
        .map((r: { verifiedPurchase: boolean }) => r.verifiedPurchase)
        .sort(),
    ).toEqual([false, true]);
    const only = await door.inject({
      method: "GET",
      url: `/api/reviews?merchantId=${other.id}&verified=true`,
    });
    expect(only.json()).toHaveLength(1);
    expect(only.json()[0]).toMatchObject({ verifiedPurchase: true, userName: "Marta E." });
    expect(only.headers["x-total-count"]).toBe("1");
    const everything = await door.inject({ method: "GET", url: "/api/reviews?verified=true" });
    expect(everything.json().every((r: { verifiedPurchase: boolean }) => r.verifiedPurchase)).toBe(
      true,
    );
    const bad = await door.inject({ method: "GET", url: "/api/reviews?verified=quizas" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("El filtro 'verified' debe ser true o false");
    expect(await t().app.services.reviews.verifiedCount(other.id)).toBe(1);

    const mails = await door.mailTo(other.email);
    const published = mails.filter((m) => m.subject.startsWith("Reseña publicada"));
    expect(published.length).toBeGreaterThanOrEqual(2);
    expect(published.some((m) => m.text.includes("compra verificada"))).toBe(true);
    expect(published[0].text).toContain(`/merchant?comercio=${other.id}&tab=resenas`);
  });
});
