import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "../../../db/schema/index";
import type { OrderDto } from "../../../shared/api-types";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const ORDER_NUMBER = /^ES-\d{4}-\d{6,}$/;

describe("orders", () => {
  let t: TestApp;
  let categoryId: number;
  let merchantId: number;

  const newProduct = (values: Partial<typeof products.$inferInsert> = {}) =>
    insertProduct(t.db, { merchantId, categoryId, ...values });
  const customer = { customerName: "José Martínez", customerEmail: "jose@ejemplo.sv" };

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db)).id;
    merchantId = (await insertMerchant(t.db, { categoryId })).id;
  });
  afterAll(() => t.close());

  describe("service create()", () => {
    it("prices the order from the database: 2 × 12.50 + 1 × 3.00 = 28.00", async () => {
      const pupusa = await newProduct({
        name: "Pupusa revuelta",
        price: "12.50",
        imageUrl: "/uploads/pupusa.webp",
      });
      const horchata = await newProduct({ name: "Horchata", price: "3.00" });
      const order = await t.app.services.orders.create({
        ...customer,
        customerPhone: "+503 7777-0000",
        sessionId: "session_1_abc",
        // A caller's price or total is never read.
        items: [
          { productId: pupusa.id, quantity: 2, price: "0.01" } as {
            productId: number;
            quantity: number;
          },
          { productId: horchata.id, quantity: 1 },
        ],
        totalAmount: "1.00",
      } as Parameters<typeof t.app.services.orders.create>[0]);

      expect(order).toMatchObject({
        ...customer,
        customerPhone: "+503 7777-0000",
        sessionId: "session_1_abc",
        totalAmount: "28.00",
        status: "pending",
        paymentId: null,
        paymentUrl: null,
      });
      expect(order.orderNumber).toMatch(ORDER_NUMBER);
      expect(order.items).toHaveLength(2);
      expect(order.items).toContainEqual(
        expect.objectContaining({
          orderId: order.id,
          productId: pupusa.id,
          quantity: 2,
          price: "12.50",
          product: { name: "Pupusa revuelta", imageUrl: "/uploads/pupusa.webp" },
        }),
      );
      expect(order.items).toContainEqual(
        expect.objectContaining({ productId: horchata.id, quantity: 1, price: "3.00" }),
      );
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(stored.totalAmount).toBe("28.00");
    });

    it("keeps cents exact and merges repeated products into one line", async () => {
      const dime = await newProduct({ price: "0.10" });
      const order = await t.app.services.orders.create({
        ...customer,
        items: [
          { productId: dime.id, quantity: 2 },
          { productId: dime.id, quantity: 1 },
        ],
      });
      expect(order.totalAmount).toBe("0.30");
      expect(order.items).toHaveLength(1);
      expect(order.items[0]).toMatchObject({ quantity: 3, price: "0.10" });
    });

    it("gives unique, readable order numbers with the order's year", async () => {
      const product = await newProduct();
      const numbers = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const order = await t.app.services.orders.create({
          ...customer,
          items: [{ productId: product.id, quantity: 1 }],
        });
        expect(order.orderNumber).toMatch(ORDER_NUMBER);
        expect(order.orderNumber.endsWith(String(order.id).padStart(6, "0"))).toBe(true);
        numbers.add(order.orderNumber);
      }
      expect(numbers.size).toBe(5);

      const old = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: product.id, quantity: 1 }],
        createdAt: new Date("2025-06-15T12:00:00Z"),
        status: "paid",
        paymentId: "PAY-123",
      });
      expect(old.orderNumber).toMatch(/^ES-2025-\d{6}$/);
      expect(old).toMatchObject({
        status: "paid",
        paymentId: "PAY-123",
        createdAt: "2025-06-15T12:00:00.000Z",
      });
      // New Year's Eve evening in San Salvador is already 1 January in UTC.
      const eve = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: product.id, quantity: 1 }],
        createdAt: new Date("2026-01-01T03:00:00Z"),
      });
      expect(eve.orderNumber).toMatch(/^ES-2025-/);
    });

    it("creates orders concurrently without clashing numbers", async () => {
      const product = await newProduct();
      const created = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.services.orders.create({
            ...customer,
            items: [{ productId: product.id, quantity: 1 }],
          }),
        ),
      );
      expect(new Set(created.map((o) => o.orderNumber)).size).toBe(6);
    });

    it("refuses products the public can't see, writing nothing", async () => {
      const before = (await t.db.select().from(orders)).length;
      const shown = await newProduct();
      const hidden = await newProduct({ isActive: false });
      for (const productId of [hidden.id, 99_999_999]) {
        await expect(
          t.app.services.orders.create({
            ...customer,
            items: [
              { productId: shown.id, quantity: 1 },
              { productId, quantity: 1 },
            ],
          }),
        ).rejects.toMatchObject({ status: 404, message: "Producto no encontrado" });
      }
      expect(await t.db.select().from(orders)).toHaveLength(before);
    });

    it("refuses empty orders and bad input with 400", async () => {
      const product = await newProduct();
      await expect(t.app.services.orders.create({ ...customer, items: [] })).rejects.toMatchObject({
        status: 400,
        message: "El pedido debe tener al menos un producto",
      });
      await expect(
        t.app.services.orders.create({
          ...customer,
          customerEmail: "x",
          items: [{ productId: product.id, quantity: 1 }],
        }),
      ).rejects.toMatchObject({ status: 400, message: "Correo electrónico inválido" });
      await expect(
        t.app.services.orders.create({
          ...customer,
          items: [{ productId: product.id, quantity: 0 }],
        }),
      ).rejects.toMatchObject({ status: 400 });
    });

    it("refuses a total the database can't hold", async () => {
      const pricey = await newProduct({ price: "99999999.99" });
      await expect(
        t.app.services.orders.create({
          ...customer,
          items: [{ productId: pricey.id, quantity: 2 }],
        }),
      ).rejects.toMatchObject({ status: 400 });
    });
  });

  describe("GET /api/admin/orders", () => {
    let first: OrderDto;
    let second: OrderDto;

    beforeAll(async () => {
      const cafe = await newProduct({
        name: "Café de altura",
        price: "8.25",
        imageUrl: "/uploads/cafe.webp",
      });
      first = await t.app.services.orders.create({
        customerName: "Ana Peña",
        customerEmail: "Ana.Pena@Correo.sv",
        paymentId: "WMP-77_1",
        items: [{ productId: cafe.id, quantity: 2 }],
        createdAt: new Date("2031-01-01T12:00:00Z"),
      });
      second = await t.app.services.orders.create({
        customerName: "Óscar Núñez",
        customerEmail: "oscar@ejemplo.sv",
        items: [{ productId: cafe.id, quantity: 1 }],
        createdAt: new Date("2031-01-02T12:00:00Z"),
      });
    });

    it("answers 401 without a session", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/admin/orders" });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTypeOf("string");
    });

    it("lists orders newest first with their lines", async () => {
      const res = await t.asAdmin({ method: "GET", url: "/api/admin/orders" });
      expect(res.statusCode).toBe(200);
      const body: OrderDto[] = res.json();
      expect(body[0].id).toBe(second.id);
      expect(body[1].id).toBe(first.id);
      expect(body[1]).toMatchObject({ totalAmount: "16.50", customerName: "Ana Peña" });
      expect(body[1].items).toEqual([
        expect.objectContaining({
          quantity: 2,
          price: "8.25",
          product: { name: "Café de altura", imageUrl: "/uploads/cafe.webp" },
        }),
      ]);
      const times = body.map((o) => Date.parse(o.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it.each([
      ["ana pena", "first"],
      ["PEÑA", "first"],
      ["correo.SV", "first"],
      ["wmp-77_1", "first"],
      ["oscar", "second"],
      ["nunez", "second"],
    ])("filters with q=%s (case and accents ignored)", async (q, which) => {
      const res = await t.asAdmin({
        method: "GET",
        url: `/api/admin/orders?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: OrderDto) => o.id)).toEqual([
        which === "first" ? first.id : second.id,
      ]);
    });

    it("filters by order number, and treats % and _ literally", async () => {
      const byNumber = await t.asAdmin({
        method: "GET",
        url: `/api/admin/orders?q=${encodeURIComponent(second.orderNumber.toLowerCase())}`,
      });
      expect(byNumber.json().map((o: OrderDto) => o.id)).toEqual([second.id]);
      // As wildcards, "wmp_77" would match "WMP-77" and "ana%pena" would match "Ana Peña".
      for (const q of ["%", "wmp_77", "ana%pena", "zzz-nadie"]) {
        const res = await t.asAdmin({
          method: "GET",
          url: `/api/admin/orders?q=${encodeURIComponent(q)}`,
        });
        expect(res.json(), q).toEqual([]);
      }
      const underscore = await t.asAdmin({ method: "GET", url: "/api/admin/orders?q=77_1" });
      expect(underscore.json().map((o: OrderDto) => o.id)).toEqual([first.id]);
      const blank = await t.asAdmin({ method: "GET", url: "/api/admin/orders?q=%20" });
      expect(blank.json().length).toBeGreaterThanOrEqual(2);
    });

    it("keeps an order line's name and price after its product is deleted", async () => {
      const gone = await newProduct({
        name: "Sorbete de mango",
        price: "1.75",
        imageUrl: "/uploads/sorbete.webp",
      });
      const order = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: gone.id, quantity: 4 }],
      });
      await t.db.delete(products).where(eq(products.id, gone.id));

      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(line).toMatchObject({
        productId: null,
        productName: "Sorbete de mango",
        price: "1.75",
      });
      const res = await t.asAdmin({
        method: "GET",
        url: `/api/admin/orders?q=${order.orderNumber}`,
      });
      const [dto] = res.json();
      expect(dto).toMatchObject({ id: order.id, totalAmount: "7.00" });
      expect(dto.items[0]).toMatchObject({
        productId: null,
        quantity: 4,
        price: "1.75",
        product: { name: "Sorbete de mango", imageUrl: "/uploads/sorbete.webp" },
      });
    });
  });

  describe("PUT /api/admin/orders/:id/status", () => {
    it("sets each status from any other and answers the order", async () => {
      const product = await newProduct({ price: "5.00" });
      const order = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: product.id, quantity: 1 }],
      });
      for (const status of ["paid", "cancelled", "pending", "cancelled", "paid"]) {
        const res = await t.asAdmin({
          method: "PUT",
          url: `/api/admin/orders/${order.id}/status`,
          payload: { status },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: order.id, status, totalAmount: "5.00" });
        expect(res.json().items).toHaveLength(1);
        const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
        expect(row.status).toBe(status);
      }
    });

    it("refuses an unknown status with 400", async () => {
      const product = await newProduct();
      const order = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: product.id, quantity: 1 }],
      });
      for (const payload of [{ status: "shipped" }, { status: "" }, {}, { status: 1 }]) {
        const res = await t.asAdmin({
          method: "PUT",
          url: `/api/admin/orders/${order.id}/status`,
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({
          path: "status",
          message: "Estado de pedido inválido",
        });
      }
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row.status).toBe("pending");
    });

    it("answers 404 'Pedido no encontrado' for unknown ids", async () => {
      for (const id of ["99999999", "abc", "0"]) {
        const res = await t.asAdmin({
          method: "PUT",
          url: `/api/admin/orders/${id}/status`,
          payload: { status: "paid" },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: "Pedido no encontrado" });
      }
    });

    it("answers 401 without a session and changes nothing", async () => {
      const product = await newProduct();
      const order = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: product.id, quantity: 1 }],
      });
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "paid" },
      });
      expect(res.statusCode).toBe(401);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row.status).toBe("pending");
    });
  });

  describe("merchant scope (the merchant portal's use)", () => {
    it("lists one merchant's orders a page at a time, and sets status only on its own", async () => {
      const other = (await insertMerchant(t.db, { categoryId, name: "Otro comercio" })).id;
      const mine = await newProduct({ price: "2.00" });
      const theirs = await insertProduct(t.db, { merchantId: other, categoryId, price: "3.00" });
      const a = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: theirs.id, quantity: 1 }],
      });
      const b = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: theirs.id, quantity: 2 }],
      });
      await t.app.services.orders.create({
        ...customer,
        items: [{ productId: mine.id, quantity: 1 }],
      });

      const page = await t.app.services.orders.listForMerchant(other, { limit: 1, offset: 0 });
      expect(page.total).toBe(2);
      expect(page.orders.map((o) => o.id)).toEqual([b.id]);
      expect(page.orders[0].merchant).toEqual({
        id: other,
        name: "Otro comercio",
        slug: expect.any(String),
      });
      const next = await t.app.services.orders.listForMerchant(other, { limit: 1, offset: 1 });
      expect(next.orders.map((o) => o.id)).toEqual([a.id]);

      await expect(
        t.app.services.orders.changeForMerchant(merchantId, a.id, { status: "paid" }),
      ).rejects.toMatchObject({ status: 404, message: "Pedido no encontrado" });
      const [untouched] = await t.db.select().from(orders).where(eq(orders.id, a.id));
      expect(untouched.status).toBe("pending");
      const done = await t.app.services.orders.changeForMerchant(other, a.id, { status: "paid" });
      expect(done).toMatchObject({ id: a.id, status: "paid", merchant: { id: other } });
    });

    it("shows the admin each order's merchant and payment state, and finds it by transaction id", async () => {
      const product = await newProduct();
      const order = await t.app.services.orders.create({
        ...customer,
        items: [{ productId: product.id, quantity: 1 }],
      });
      await t.db
        .update(orders)
        .set({ paymentMethod: "card", paymentTransactionId: "TX-ZZ-991", paidAt: new Date() })
        .where(eq(orders.id, order.id));
      const res = await t.asAdmin({ method: "GET", url: "/api/admin/orders?q=tx-zz-991" });
      expect(res.json()).toMatchObject([
        {
          id: order.id,
          merchant: { id: merchantId },
          paymentMethod: "card",
          paymentStatus: "paid",
          paymentTransactionId: "TX-ZZ-991",
        },
      ]);
    });
  });
});
