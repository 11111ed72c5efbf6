import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, merchants, products } from "../../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const SESSION_REQUIRED = "Session ID is required";
const SESSION_INVALID = "Identificador de carrito inválido";
const QUANTITY = "Quantity must be a positive number";
const QUANTITY_MAX = "La cantidad máxima es 99";
const LINE_NOT_FOUND = { message: "El producto no está en el carrito", code: "not_found" };

describe("cart API", () => {
  let t: TestApp;
  let categoryId: number;
  let merchantId: number;
  let sessionCounter = 0;
  const newSession = () => `session_1764000000000_prueba${++sessionCounter}`;
  let address = 0;
  // A different client address per write keeps the rate limiter out of unrelated tests.
  const nextAddress = () => `10.2.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  const add = (sessionId: string, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/cart/${sessionId}`,
      payload: payload as object,
      remoteAddress: nextAddress(),
    });
  const list = (sessionId: string) =>
    t.app.inject({ method: "GET", url: `/api/cart/${sessionId}` });
  const newProduct = (values: Partial<typeof products.$inferInsert> = {}) =>
    insertProduct(t.db, { merchantId, categoryId, ...values });

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db)).id;
    merchantId = (
      await insertMerchant(t.db, {
        categoryId,
        name: "Pupusería La Ceiba",
        slug: "pupuseria-la-ceiba",
        phone: "+503 2222-1111",
        whatsapp: "+503 7777-1111",
      })
    ).id;
  });
  afterAll(() => t.close());

  describe("POST /api/cart/:sessionId", () => {
    it("adds a public product (quantity 1 by default) and answers 201 with the line", async () => {
      const session = newSession();
      const product = await newProduct({ name: "Pupusa revuelta", price: "12.50" });
      const res = await add(session, { productId: product.id });
      expect(res.statusCode).toBe(201);
      const line = res.json();
      expect(line).toMatchObject({ sessionId: session, productId: product.id, quantity: 1 });
      expect(line.product).toMatchObject({
        id: product.id,
        name: "Pupusa revuelta",
        price: "12.50",
        merchantId,
        merchantName: "Pupusería La Ceiba",
        merchantSlug: "pupuseria-la-ceiba",
        merchantWhatsapp: "+503 7777-1111",
        merchantPhone: "+503 2222-1111",
        rating: "0.0",
      });
      expect(line.product.price).toBeTypeOf("string");
      expect(line.product).not.toHaveProperty("search");
      expect(new Date(line.createdAt).toISOString()).toBe(line.createdAt);
    });

    it("adds to the quantity of a product already in the cart", async () => {
      const session = newSession();
      const product = await newProduct();
      expect((await add(session, { productId: product.id, quantity: 2 })).json().quantity).toBe(2);
      const res = await add(session, { productId: product.id, quantity: 3 });
      expect(res.statusCode).toBe(201);
      expect(res.json().quantity).toBe(5);
      const lines = (await list(session)).json();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ productId: product.id, quantity: 5 });
    });

    it("refuses a merge that would pass 99 and keeps the line as it was", async () => {
      const session = newSession();
      const product = await newProduct();
      await add(session, { productId: product.id, quantity: 60 });
      const res = await add(session, { productId: product.id, quantity: 40 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: QUANTITY_MAX });
      expect((await list(session)).json()[0].quantity).toBe(60);
      // Reaching exactly 99 is fine.
      expect((await add(session, { productId: product.id, quantity: 39 })).json().quantity).toBe(
        99,
      );
    });

    it.each([
      [0, QUANTITY],
      [-3, QUANTITY],
      [1.5, QUANTITY],
      ["x", QUANTITY],
      ["2", QUANTITY],
      [100, QUANTITY_MAX],
    ])("refuses quantity %j with '%s'", async (quantity, message) => {
      const session = newSession();
      const product = await newProduct();
      const res = await add(session, { productId: product.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: "quantity", message });
      expect((await list(session)).json()).toEqual([]);
    });

    it("refuses a missing or bad productId", async () => {
      const session = newSession();
      for (const payload of [{}, { productId: "abc" }, { productId: 0 }, { productId: 1.5 }]) {
        const res = await add(session, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({
          path: "productId",
          message: "Product ID must be a positive number",
        });
      }
    });

    it("answers 404 for products the public can't see", async () => {
      const session = newSession();
      const inactive = await newProduct({ isActive: false });
      const pendingMerchant = await insertMerchant(t.db, { categoryId, approved: false });
      const ofPending = await insertProduct(t.db, { merchantId: pendingMerchant.id, categoryId });
      for (const productId of [inactive.id, ofPending.id, 99_999_999]) {
        const res = await add(session, { productId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Producto no encontrado", code: "not_found" });
      }
      expect(
        await t.db.select().from(cartItems).where(eq(cartItems.sessionId, session)),
      ).toHaveLength(0);
    });

    it("refuses bodies that aren't an object", async () => {
      const session = newSession();
      for (const payload of ["[]", "3", '"texto"', "{roto"]) {
        const res = await t.app.inject({
          method: "POST",
          url: `/api/cart/${session}`,
          headers: { "content-type": "application/json" },
          payload,
          remoteAddress: nextAddress(),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBeTypeOf("string");
      }
    });

    it("allows 120 writes a minute per address, then answers 429", async () => {
      const session = newSession();
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) {
        const res = await t.app.inject({
          method: "DELETE",
          url: `/api/cart/${session}`,
          remoteAddress: "10.98.0.1",
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
      expect(statuses[120]).toBe(429);
    });
  });

  describe("GET /api/cart/:sessionId", () => {
    it("lists the lines oldest first, only this session's, hiding products no longer public", async () => {
      const session = newSession();
      const first = await newProduct();
      const second = await newProduct();
      const hidden = await newProduct();
      for (const product of [first, second, hidden]) await add(session, { productId: product.id });
      await add(newSession(), { productId: first.id, quantity: 7 });

      let lines = (await list(session)).json();
      expect(lines.map((l: { productId: number }) => l.productId)).toEqual([
        first.id,
        second.id,
        hidden.id,
      ]);
      expect(lines.every((l: { quantity: number }) => l.quantity === 1)).toBe(true);

      await t.db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
      lines = (await list(session)).json();
      expect(lines.map((l: { productId: number }) => l.productId)).toEqual([first.id, second.id]);
    });

    it("hides lines of a merchant that is no longer public", async () => {
      const session = newSession();
      const merchant = await insertMerchant(t.db, { categoryId });
      const product = await insertProduct(t.db, { merchantId: merchant.id, categoryId });
      await add(session, { productId: product.id });
      expect((await list(session)).json()).toHaveLength(1);
      await t.db.update(merchants).set({ approved: false }).where(eq(merchants.id, merchant.id));
      expect((await list(session)).json()).toEqual([]);
    });

    it("answers an empty list for an unknown cart", async () => {
      const res = await list(newSession());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });
  });

  describe("PUT /api/cart/:sessionId/:productId", () => {
    it("sets the quantity", async () => {
      const session = newSession();
      const product = await newProduct({ price: "3.00" });
      await add(session, { productId: product.id, quantity: 4 });
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/cart/${session}/${product.id}`,
        payload: { quantity: 7 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        productId: product.id,
        quantity: 7,
        product: { price: "3.00" },
      });
      expect((await list(session)).json()[0].quantity).toBe(7);
    });

    it("refuses bad quantities with their messages", async () => {
      const session = newSession();
      const product = await newProduct();
      await add(session, { productId: product.id, quantity: 4 });
      for (const [quantity, message] of [
        [0, QUANTITY],
        [1.5, QUANTITY],
        ["x", QUANTITY],
        [undefined, QUANTITY],
        [100, QUANTITY_MAX],
      ] as const) {
        const res = await t.app.inject({
          method: "PUT",
          url: `/api/cart/${session}/${product.id}`,
          payload: { quantity },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({ path: "quantity", message });
      }
      expect((await list(session)).json()[0].quantity).toBe(4);
    });

    it("answers 404 when the line doesn't exist", async () => {
      const session = newSession();
      const product = await newProduct();
      await add(session, { productId: product.id });
      for (const url of [
        `/api/cart/${newSession()}/${product.id}`,
        `/api/cart/${session}/99999999`,
        `/api/cart/${session}/abc`,
      ]) {
        const res = await t.app.inject({ method: "PUT", url, payload: { quantity: 2 } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(LINE_NOT_FOUND);
      }
    });
  });

  describe("DELETE", () => {
    it("removes one line (204), then answers 404 for it", async () => {
      const session = newSession();
      const kept = await newProduct();
      const removed = await newProduct();
      await add(session, { productId: kept.id });
      await add(session, { productId: removed.id });
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/cart/${session}/${removed.id}`,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect((await list(session)).json().map((l: { productId: number }) => l.productId)).toEqual([
        kept.id,
      ]);

      const again = await t.app.inject({
        method: "DELETE",
        url: `/api/cart/${session}/${removed.id}`,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(LINE_NOT_FOUND);
    });

    it("clears one cart (204) and leaves other carts alone", async () => {
      const session = newSession();
      const other = newSession();
      const product = await newProduct();
      await add(session, { productId: product.id });
      await add(other, { productId: product.id });
      const res = await t.app.inject({ method: "DELETE", url: `/api/cart/${session}` });
      expect(res.statusCode).toBe(204);
      expect((await list(session)).json()).toEqual([]);
      expect((await list(other)).json()).toHaveLength(1);
      const rows = await t.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.sessionId, session), eq(cartItems.productId, product.id)));
      expect(rows).toHaveLength(0);
    });
  });

  describe("session id", () => {
    const tooLong = "a".repeat(101);

    it.each([
      ["a%20b", SESSION_INVALID],
      ["ca%C3%B1a", SESSION_INVALID],
      ["a.b", SESSION_INVALID],
    ])("refuses %s on every route with a 400", async (sessionId, message) => {
      const product = await newProduct();
      const requests = [
        { method: "GET", url: `/api/cart/${sessionId}` },
        { method: "POST", url: `/api/cart/${sessionId}`, payload: { productId: product.id } },
        { method: "PUT", url: `/api/cart/${sessionId}/${product.id}`, payload: { quantity: 2 } },
        { method: "DELETE", url: `/api/cart/${sessionId}/${product.id}` },
        { method: "DELETE", url: `/api/cart/${sessionId}` },
      ] as const;
      for (const request of requests) {
        const res = await t.app.inject({ ...request, remoteAddress: nextAddress() });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(400);
        expect(res.json()).toEqual({
          message,
          code: "validation",
          errors: [{ path: "sessionId", message }],
        });
      }
    });

    it("refuses a 101-character session id with a 400 and the message", async () => {
      // Needs app.ts's routerOptions.maxParamLength above 100, else the router answers 414.
      const product = await newProduct();
      for (const request of [
        { method: "GET", url: `/api/cart/${tooLong}` },
        { method: "POST", url: `/api/cart/${tooLong}`, payload: { productId: product.id } },
        { method: "DELETE", url: `/api/cart/${tooLong}` },
      ] as const) {
        const res = await t.app.inject({ ...request, remoteAddress: nextAddress() });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(SESSION_INVALID);
      }
    });

    it("accepts exactly 100 characters of letters, digits, '-' and '_'", async () => {
      const product = await newProduct();
      const sessionId = `Ab-_9${"x".repeat(95)}`;
      expect((await add(sessionId, { productId: product.id })).statusCode).toBe(201);
      expect((await list(sessionId)).json()).toHaveLength(1);
    });

    it("refuses an empty session id", async () => {
      for (const [method, url] of [
        ["GET", "/api/cart/"],
        ["POST", "/api/cart/"],
        ["DELETE", "/api/cart/"],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          payload: method === "POST" ? { productId: 1 } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe(SESSION_REQUIRED);
      }
    });

    it("rejects a session id through the service too", async () => {
      await expect(t.app.services.cart.list("")).rejects.toMatchObject({
        status: 400,
        message: SESSION_REQUIRED,
      });
      await expect(t.app.services.cart.clear("a b")).rejects.toMatchObject({
        status: 400,
        message: SESSION_INVALID,
      });
      await expect(t.app.services.cart.list(tooLong)).rejects.toMatchObject({
        status: 400,
        message: SESSION_INVALID,
      });
    });
  });
});
