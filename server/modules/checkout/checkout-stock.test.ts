import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  checkouts,
  orderItems,
  orders,
  outboxEmails,
  products,
  productVariants,
} from "../../../db/schema/index";
import type { ProductDto } from "../../../shared/api-types";
import type { CheckoutDto } from "../../../shared/checkout";
import { AppError } from "../../errors";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 36: the checkout takes its lines' stock in its own transaction, refuses a line short
 * of it (409, nothing created, the cart kept), and a cancellation before delivery gives it
 * back once. On PostgreSQL the 50 checkouts below really run at once, each on its own pool
 * connection; on PGlite they take turns on its one connection.
 */
describe("checkout and stock (issue 36)", () => {
  let t: TestApp;
  let categoryId: number;
  let merchantId: number;
  let sessions = 0;

  const customer = {
    customerName: "Ana Peña",
    customerEmail: "ana@ejemplo.sv",
    customerPhone: "7000-1234",
    paymentMethod: "whatsapp",
  };

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db)).id;
    merchantId = (await insertMerchant(t.db, { categoryId, name: "Tienda Doña Rosa" })).id;
  });
  afterAll(() => t.close());

  const create = (fields: object): Promise<ProductDto> =>
    t.app.services.products.create({
      name: "Producto",
      description: "De prueba.",
      price: "2.00",
      categoryId,
      merchantId,
      ...fields,
    });

  async function cartWith(lines: { productId: number; quantity: number; variantId?: number }[]) {
    const sessionId = `stock_${++sessions}_${Date.now()}`;
    for (const line of lines) await t.app.services.cart.add(sessionId, line);
    return sessionId;
  }
  const place = (sessionId: string): Promise<CheckoutDto> =>
    t.app.services.checkout.place({ sessionId, ...customer });
  const stockOf = async (id: number) =>
    (await t.db.select().from(products).where(eq(products.id, id)))[0];
  const variantStock = async (id: number) =>
    (await t.db.select().from(productVariants).where(eq(productVariants.id, id)))[0].stock;

  it("takes the lines' units, and the order lines carry the variant, its name and price", async () => {
    const tortillas = await create({ name: "Tortillas", stock: 10 });
    const shirt = await create({
      name: "Camisa",
      options: [{ name: "Talla", values: ["S", "M"] }],
      variants: [
        { options: { Talla: "S" }, price: "9.00", stock: 4 },
        { options: { Talla: "M" }, price: "11.50" },
      ],
    });
    const [s, m] = shirt.variants;
    const sessionId = await cartWith([
      { productId: tortillas.id, quantity: 3 },
      { productId: shirt.id, quantity: 2, variantId: s.id },
      { productId: shirt.id, quantity: 1, variantId: m.id },
    ]);
    const placed = await place(sessionId);
    // 3 × 2.00 + 2 × 9.00 + 1 × 11.50
    expect(placed.totalAmount).toBe("35.50");
    expect((await stockOf(tortillas.id)).stock).toBe(7);
    expect(await variantStock(s.id)).toBe(2);
    expect(await variantStock(m.id)).toBeNull();
    const items = placed.orders[0].items;
    expect(items.map((i) => [i.product.name, i.variantName, i.price, i.quantity])).toEqual([
      ["Tortillas", null, "2.00", 3],
      ["Camisa", "S", "9.00", 2],
      ["Camisa", "M", "11.50", 1],
    ]);
    expect(items[1].variantId).toBe(s.id);
    const lines = await t.db
      .select({ stockTaken: orderItems.stockTaken })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orders[0].id))
      .orderBy(orderItems.id);
    // The uncounted M took nothing: a cancellation gives nothing back for it.
    expect(lines.map((l) => l.stockTaken)).toEqual([true, true, false]);
    // The merchant's e-mail names the variant.
    const mails = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "order.merchant"));
    expect(mails.at(-1)?.textBody).toContain("2 × Camisa (S)");
  });

  it("refuses with a 409 naming every short line: nothing created, the cart kept", async () => {
    const pan = await create({ name: "Pan dulce", stock: 5 });
    const atol = await create({ name: "Atol de elote", stock: 2 });
    const sessionId = await cartWith([
      { productId: pan.id, quantity: 4 },
      { productId: atol.id, quantity: 2 },
    ]);
    // Meanwhile others bought: 1 pan left, no atol.
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, pan.id));
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, atol.id));
    const before = (await t.db.select({ id: checkouts.id }).from(checkouts)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      remoteAddress: "10.36.200.1",
      payload: { sessionId, ...customer },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "conflict",
      message:
        "No hay suficientes existencias de: Pan dulce (solo quedan 1), Atol de elote (agotado). Ajusta tu carrito para continuar.",
      errors: [
        { path: "lines.0", message: "Solo quedan 1 de Pan dulce" },
        { path: "lines.1", message: "Atol de elote está agotado" },
      ],
    });
    expect((await t.db.select({ id: checkouts.id }).from(checkouts)).length).toBe(before);
    expect(
      await t.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId)),
    ).toHaveLength(2);
    expect((await stockOf(pan.id)).stock).toBe(1);
  });

  it("50 shoppers checking out the last 5 at once get exactly 5 orders", async () => {
    const last = await create({ name: "Semita de piña", stock: 5 });
    const carts = await Promise.all(
      Array.from({ length: 50 }, () => cartWith([{ productId: last.id, quantity: 1 }])),
    );
    const results = await Promise.allSettled(carts.map((sessionId) => place(sessionId)));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(409);
    }
    const row = await stockOf(last.id);
    expect(row).toMatchObject({ stock: 0, inStock: false });
    const sold = await t.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.productId, last.id));
    expect(sold.reduce((n, l) => n + l.quantity, 0)).toBe(5);
    // Each refused cart kept its line.
    const kept = await t.db
      .select({ sessionId: cartItems.sessionId })
      .from(cartItems)
      .where(inArray(cartItems.sessionId, carts));
    expect(kept).toHaveLength(45);
    // The merchant heard once that it sold out.
    const told = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "product.sold_out.merchant"));
    expect(told.filter((m) => m.subject === "Se agotó Semita de piña")).toHaveLength(1);
  });

  it("a cancellation before delivery gives the stock back, once", async () => {
    const queso = await create({ name: "Queso duro", stock: 3 });
    const placed = await place(await cartWith([{ productId: queso.id, quantity: 3 }]));
    const orderId = placed.orders[0].id;
    expect(await stockOf(queso.id)).toMatchObject({ stock: 0, inStock: false });
    const [{ checkoutId }] = await t.db
      .select({ checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.id, orderId));

    await t.app.services.orders.cancelByShopper(checkoutId!, { orderId });
    expect(await stockOf(queso.id)).toMatchObject({ stock: 3, inStock: true });
    // Undone and cancelled again by an administrator: nothing more comes back.
    await t.app.services.orders.setStatus(orderId, { status: "pending" });
    await t.app.services.orders.setStatus(orderId, { status: "cancelled" });
    expect((await stockOf(queso.id)).stock).toBe(3);
  });

  it("a delivered order cancelled afterwards gives nothing back", async () => {
    const jarra = await create({ name: "Jarra de barro", stock: 2 });
    const placed = await place(await cartWith([{ productId: jarra.id, quantity: 1 }]));
    const orderId = placed.orders[0].id;
    await t.db.update(orders).set({ fulfillmentStatus: "delivered" }).where(eq(orders.id, orderId));
    await t.app.services.orders.setStatus(orderId, { status: "cancelled" });
    expect((await stockOf(jarra.id)).stock).toBe(1);
  });

  it("a checkout that changes no availability forgets no cached read; one that does, forgets", async () => {
    const cache = t.app.services.cache;
    await cache.enableForTests();
    const cafe = await create({ name: "Café molido", stock: 3 });
    const read = await t.app.services.products.getPublic(cafe.slug);
    expect(read).toMatchObject({ stock: 3, available: true });

    const version = cache.version();
    await place(await cartWith([{ productId: cafe.id, quantity: 1 }]));
    expect((await stockOf(cafe.id)).stock).toBe(2);
    expect(cache.version()).toBe(version);
    // The page's read is still the cached one: nothing was forgotten.
    expect(await t.app.services.products.getPublic(cafe.slug)).toEqual(read);

    await place(await cartWith([{ productId: cafe.id, quantity: 2 }]));
    expect(cache.version()).toBeGreaterThan(version);
    expect(await t.app.services.products.getPublic(cafe.slug)).toMatchObject({
      stock: 0,
      available: false,
    });
  });
});
