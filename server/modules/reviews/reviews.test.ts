import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, products, reviews } from "../../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const TARGET_MESSAGE = "Indica un comercio o un producto";
const idsOfBody = (body: { id: number }[]) => body.map((r) => r.id);

describe("reviews API", () => {
  let t: TestApp;
  let categoryId: number;
  // A different client address per write keeps the rate limiter out of unrelated tests.
  let address = 0;
  const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  const valid = {
    userName: "María Hernández",
    userEmail: "maria@ejemplo.sv",
    comment: "Excelentes pupusas, atención rápida y amable.",
    rating: 5,
    userId: "user-1764000000000",
  };

  const post = (payload: unknown, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: "POST",
      url: "/api/reviews",
      payload: payload as object,
      remoteAddress,
    });

  const newMerchant = async (values: Partial<typeof merchants.$inferInsert> = {}) =>
    insertMerchant(t.db, { categoryId, ...values });
  const newProduct = async (
    merchantId: number,
    values: Partial<typeof products.$inferInsert> = {},
  ) => insertProduct(t.db, { merchantId, categoryId, ...values });

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db)).id;
  });
  afterAll(() => t.close());

  describe("POST /api/reviews", () => {
    it("stores a merchant review unapproved and answers 201 without the e-mail", async () => {
      const merchant = await newMerchant();
      const res = await post({ ...valid, merchantId: merchant.id });
      expect(res.statusCode).toBe(201);
      expect(res.body).not.toContain("userEmail");
      expect(res.body).not.toContain("maria@ejemplo.sv");
      const body = res.json();
      expect(body).toMatchObject({
        userName: "María Hernández",
        rating: 5,
        merchantId: merchant.id,
        productId: null,
        isApproved: false,
      });
      // The spec's payload carries a client-made userId: accepted, ignored, replaced.
      expect(body.userId).toMatch(
        /^user-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(Object.keys(body).sort()).toEqual(
        [
          "comment",
          "createdAt",
          "id",
          "isApproved",
          "merchantId",
          "productId",
          "rating",
          "updatedAt",
          "userId",
          "userName",
          // Issue 37: every review DTO says whether it is a verified purchase, and its reply.
          "verifiedPurchase",
          "reply",
        ].sort(),
      );
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
      const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, body.id));
      expect(stored).toMatchObject({
        userEmail: "maria@ejemplo.sv",
        isApproved: false,
        userId: body.userId,
      });
    });

    it("makes the reviewer's id itself: each review its own, whatever the client sent", async () => {
      const merchant = await newMerchant();
      const ids = [];
      for (const userId of ["user-1764000000000", "user-1764000000000", undefined, null]) {
        const res = await post({ ...valid, userId, merchantId: merchant.id });
        expect(res.statusCode).toBe(201);
        ids.push(res.json().userId);
      }
      expect(ids.every((id) => /^user-[0-9a-f-]{36}$/.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(4);
      const stored = await t.db.select().from(reviews).where(eq(reviews.merchantId, merchant.id));
      expect(stored.map((r) => r.userId).sort()).toEqual([...ids].sort());
      expect(stored.some((r) => r.userId === "user-1764000000000")).toBe(false);
    });

    it("stores a product review and leaves ratings alone until approval", async () => {
      const merchant = await newMerchant();
      const product = await newProduct(merchant.id);
      const res = await post({ ...valid, rating: 3, productId: product.id, merchantId: null });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        productId: product.id,
        merchantId: null,
        isApproved: false,
      });
      const [after] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(after).toMatchObject({ rating: "0.0", reviewCount: 0 });
    });

    it.each([
      ["userName", { userName: "A" }, "El nombre debe tener al menos 2 caracteres"],
      ["userName", { userName: "  " }, "El nombre debe tener al menos 2 caracteres"],
      ["userEmail", { userEmail: "no-es-correo" }, "Correo electrónico inválido"],
      ["comment", { comment: "Corto" }, "La reseña debe tener al menos 10 caracteres"],
      ["rating", { rating: 0 }, "Debes seleccionar una calificación"],
      ["rating", { rating: undefined }, "Debes seleccionar una calificación"],
      ["rating", { rating: 2.5 }, "Debes seleccionar una calificación"],
    ])("refuses a bad %s with its Spanish message (%j)", async (path, change, message) => {
      const merchant = await newMerchant();
      const res = await post({ ...valid, merchantId: merchant.id, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
      expect(
        await t.db.select().from(reviews).where(eq(reviews.merchantId, merchant.id)),
      ).toHaveLength(0);
    });

    it("refuses a rating above 5", async () => {
      const merchant = await newMerchant();
      const res = await post({ ...valid, merchantId: merchant.id, rating: 6 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({
        path: "rating",
        message: "La calificación máxima es 5",
      });
    });

    it("needs exactly one target: neither or both is a 400", async () => {
      const merchant = await newMerchant();
      const product = await newProduct(merchant.id);
      const neither = await post(valid);
      expect(neither.statusCode).toBe(400);
      expect(neither.json().message).toBe(TARGET_MESSAGE);
      const both = await post({ ...valid, merchantId: merchant.id, productId: product.id });
      expect(both.statusCode).toBe(400);
      expect(both.json().message).toBe(TARGET_MESSAGE);
      expect(
        await t.db.select().from(reviews).where(eq(reviews.productId, product.id)),
      ).toHaveLength(0);
    });

    it("answers 404 for a merchant the public can't see", async () => {
      const pending = await newMerchant({ approved: false });
      const inactive = await newMerchant({ isActive: false });
      for (const merchantId of [pending.id, inactive.id, 99_999_999]) {
        const res = await post({ ...valid, merchantId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Comercio no encontrado", code: "not_found" });
      }
      expect(
        await t.db.select().from(reviews).where(eq(reviews.merchantId, pending.id)),
      ).toHaveLength(0);
    });

    it("answers 404 for a product the public can't see", async () => {
      const shown = await newMerchant();
      const pending = await newMerchant({ approved: false });
      const inactive = await newProduct(shown.id, { isActive: false });
      const ofPending = await newProduct(pending.id);
      for (const productId of [inactive.id, ofPending.id, 99_999_999]) {
        const res = await post({ ...valid, productId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Producto no encontrado", code: "not_found" });
      }
    });

    it("refuses bodies that aren't a review object", async () => {
      for (const payload of [[], "texto", 42]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/reviews",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(payload),
          remoteAddress: nextAddress(),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBeTypeOf("string");
      }
      const malformed = await t.app.inject({
        method: "POST",
        url: "/api/reviews",
        headers: { "content-type": "application/json" },
        payload: "{no es json",
        remoteAddress: nextAddress(),
      });
      expect(malformed.statusCode).toBe(400);
    });

    it("is rate limited per address", async () => {
      const merchant = await newMerchant();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await post({ ...valid, merchantId: merchant.id }, "10.99.0.1")).statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
      expect(statuses[30]).toBe(429);
      // Another address is not affected.
      expect((await post({ ...valid, merchantId: merchant.id }, "10.99.0.2")).statusCode).toBe(201);
    });
  });

  describe("GET /api/reviews", () => {
    it("shows only approved reviews of a merchant, newest first, never an e-mail", async () => {
      const merchant = await newMerchant();
      const old = await insertReview(t.db, {
        merchantId: merchant.id,
        rating: 4,
        isApproved: true,
        userEmail: "secreto1@ejemplo.sv",
        createdAt: new Date("2026-01-01T10:00:00Z"),
      });
      const recent = await insertReview(t.db, {
        merchantId: merchant.id,
        rating: 5,
        isApproved: true,
        userEmail: "secreto2@ejemplo.sv",
        createdAt: new Date("2026-02-01T10:00:00Z"),
      });
      await insertReview(t.db, { merchantId: merchant.id, rating: 1, isApproved: false });

      for (const url of [
        `/api/reviews?merchantId=${merchant.id}&approved=true`,
        `/api/reviews?merchantId=${merchant.id}`,
        `/api/reviews?merchantId=${merchant.id}&approved=false`,
      ]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain("userEmail");
        expect(res.body).not.toContain("secreto");
        expect(res.json().map((r: { id: number }) => r.id)).toEqual([recent.id, old.id]);
      }
    });

    it("filters by product, and hides reviews of things the public can't see", async () => {
      const shown = await newMerchant();
      const pending = await newMerchant({ approved: false });
      const product = await newProduct(shown.id);
      const hiddenProduct = await newProduct(shown.id, { isActive: false });
      const pendingProduct = await newProduct(pending.id);
      const productReview = await insertReview(t.db, {
        productId: product.id,
        rating: 5,
        isApproved: true,
      });
      const hidden = [
        await insertReview(t.db, { productId: hiddenProduct.id, rating: 5, isApproved: true }),
        await insertReview(t.db, { productId: pendingProduct.id, rating: 5, isApproved: true }),
        await insertReview(t.db, { merchantId: pending.id, rating: 5, isApproved: true }),
      ];

      const byProduct = await t.app.inject({
        method: "GET",
        url: `/api/reviews?productId=${product.id}`,
      });
      expect(byProduct.json().map((r: { id: number }) => r.id)).toEqual([productReview.id]);
      for (const url of [
        `/api/reviews?productId=${hiddenProduct.id}`,
        `/api/reviews?productId=${pendingProduct.id}`,
        `/api/reviews?merchantId=${pending.id}`,
      ]) {
        expect((await t.app.inject({ method: "GET", url })).json()).toEqual([]);
      }
      const all = (await t.app.inject({ method: "GET", url: "/api/reviews?approved=true" })).json();
      const ids = all.map((r: { id: number }) => r.id);
      expect(ids).toContain(productReview.id);
      for (const review of hidden) expect(ids).not.toContain(review.id);
      expect(all.every((r: { isApproved: boolean }) => r.isApproved)).toBe(true);
    });

    it("answers one page: 100 by default, the total in X-Total-Count, limit and offset", async () => {
      const merchant = await newMerchant();
      const base = Date.parse("2025-01-01T00:00:00Z");
      // 101 approved reviews, the newest last, and one pending that no count includes.
      await t.db.insert(reviews).values(
        Array.from({ length: 101 }, (_, i) => ({
          userName: `Cliente ${i}`,
          userEmail: `c${i}@ejemplo.sv`,
          comment: "Muy buena atención y calidad.",
          rating: (i % 5) + 1,
          merchantId: merchant.id,
          isApproved: true,
          createdAt: new Date(base + i * 60_000),
        })),
      );
      await insertReview(t.db, { merchantId: merchant.id, rating: 1, isApproved: false });
      const ids = (
        await t.db
          .select({ id: reviews.id })
          .from(reviews)
          .where(eq(reviews.merchantId, merchant.id))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b)
        .slice(0, 101)
        .reverse();
      const get = (query: string) =>
        t.app.inject({ method: "GET", url: `/api/reviews?merchantId=${merchant.id}${query}` });
      const idsOf = (res: { json(): { id: number }[] }) => res.json().map((r) => r.id);

      // The spec's query, unchanged: the newest 100 of the 101.
      const first = await get("&approved=true");
      expect(first.statusCode).toBe(200);
      expect(first.headers["x-total-count"]).toBe("101");
      expect(idsOf(first)).toEqual(ids.slice(0, 100));
      const rest = await get("&approved=true&offset=100");
      expect(rest.headers["x-total-count"]).toBe("101");
      expect(idsOf(rest)).toEqual([ids[100]]);
      // Each page is its own cache entry: a smaller page after a larger one is smaller.
      expect(idsOf(await get("&limit=3"))).toEqual(ids.slice(0, 3));
      expect(idsOf(await get("&limit=2&offset=3"))).toEqual(ids.slice(3, 5));
      expect(idsOf(await get("&limit=100&offset=101"))).toEqual([]);

      // Without a filter, one page too, with the count of every public approved review.
      const all = await t.app.inject({ method: "GET", url: "/api/reviews" });
      expect(all.json()).toHaveLength(100);
      expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(101);
      const [{ total }] = await t.db
        .select({ total: sql<number>`count(*)::int` })
        .from(reviews)
        .where(eq(reviews.isApproved, true));
      // Every approved review in this database belongs to a public target except the
      // three of the visibility test, which may or may not have run first.
      expect(Number(all.headers["x-total-count"])).toBeLessThanOrEqual(total);
      expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(total - 3);
    });

    it("answers 400 with the lists' Spanish messages for a bad limit or offset", async () => {
      const limitMessage = "El límite debe ser un número entero entre 1 y 100";
      const offsetMessage = "El desplazamiento debe ser un número entero mayor o igual a 0";
      for (const [query, message] of [
        ["limit=0", limitMessage],
        ["limit=101", limitMessage],
        ["limit=abc", limitMessage],
        ["limit=1&limit=2", limitMessage],
        ["merchantId=1&limit=2.5", limitMessage],
        ["offset=-1", offsetMessage],
        ["offset=x", offsetMessage],
      ]) {
        const res = await t.app.inject({ method: "GET", url: `/api/reviews?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message, code: "bad_request" });
      }
    });

    it("counts a review in the total once it is approved", async () => {
      const product = await newProduct((await newMerchant()).id);
      const review = await insertReview(t.db, { productId: product.id, rating: 4 });
      const url = `/api/reviews?productId=${product.id}&approved=true`;
      const before = await t.app.inject({ method: "GET", url });
      expect(before.headers["x-total-count"]).toBe("0");
      await t.asAdmin({ method: "POST", url: `/api/admin/reviews/${review.id}/approve` });
      const after = await t.app.inject({ method: "GET", url });
      expect(after.headers["x-total-count"]).toBe("1");
      expect(idsOfBody(after.json())).toEqual([review.id]);
    });

    it("answers 400 for ids that aren't positive integers", async () => {
      for (const query of [
        "merchantId=abc",
        "merchantId=0",
        "merchantId=-1",
        "productId=1.5",
        "productId=x",
        "merchantId=1&merchantId=2",
      ]) {
        const res = await t.app.inject({ method: "GET", url: `/api/reviews?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/inválido/);
      }
    });
  });

  describe("admin moderation", () => {
    it("answers 401 without a session on every admin route", async () => {
      const merchant = await newMerchant();
      const review = await insertReview(t.db, { merchantId: merchant.id, rating: 5 });
      for (const [method, url] of [
        ["GET", "/api/admin/reviews"],
        ["POST", `/api/admin/reviews/${review.id}/approve`],
        ["DELETE", `/api/admin/reviews/${review.id}`],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBeTypeOf("string");
      }
      const [still] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
      expect(still.isApproved).toBe(false);
    });

    it("lists every review, newest first, with e-mail and the reviewed name", async () => {
      const merchant = await newMerchant({ name: "Pupusería La Ceiba", approved: false });
      const product = await newProduct(merchant.id, { name: "Café de altura" });
      const first = await insertReview(t.db, {
        merchantId: merchant.id,
        rating: 4,
        userEmail: "uno@ejemplo.sv",
        createdAt: new Date("2030-01-01T00:00:00Z"),
      });
      const second = await insertReview(t.db, {
        productId: product.id,
        rating: 2,
        isApproved: true,
        userEmail: "dos@ejemplo.sv",
        createdAt: new Date("2030-01-02T00:00:00Z"),
      });
      const res = await t.asAdmin({ method: "GET", url: "/api/admin/reviews" });
      expect(res.statusCode).toBe(200);
      const [a, b] = res.json();
      expect(a).toMatchObject({
        id: second.id,
        userEmail: "dos@ejemplo.sv",
        targetName: "Café de altura",
      });
      expect(b).toMatchObject({
        id: first.id,
        userEmail: "uno@ejemplo.sv",
        targetName: "Pupusería La Ceiba",
        isApproved: false,
      });
    });

    it("approving updates the merchant's rating and review count", async () => {
      const merchant = await newMerchant();
      const five = await insertReview(t.db, { merchantId: merchant.id, rating: 5 });
      const four = await insertReview(t.db, { merchantId: merchant.id, rating: 4 });

      const res = await t.asAdmin({ method: "POST", url: `/api/admin/reviews/${five.id}/approve` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: five.id, isApproved: true });
      let [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row).toMatchObject({ rating: "5.0", reviewCount: 1 });

      await t.asAdmin({ method: "POST", url: `/api/admin/reviews/${four.id}/approve` });
      [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row).toMatchObject({ rating: "4.5", reviewCount: 2 });

      // Approving twice changes nothing.
      await t.asAdmin({ method: "POST", url: `/api/admin/reviews/${four.id}/approve` });
      [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row).toMatchObject({ rating: "4.5", reviewCount: 2 });

      const shown = await t.app.inject({
        method: "GET",
        url: `/api/reviews?merchantId=${merchant.id}`,
      });
      expect(shown.json()).toHaveLength(2);
    });

    it("approving and deleting recount the product's rating", async () => {
      const merchant = await newMerchant();
      const product = await newProduct(merchant.id);
      const ids = [];
      for (const rating of [5, 4, 2]) {
        ids.push((await insertReview(t.db, { productId: product.id, rating })).id);
      }
      for (const id of ids) {
        expect(
          (await t.asAdmin({ method: "POST", url: `/api/admin/reviews/${id}/approve` })).statusCode,
        ).toBe(200);
      }
      let [row] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(row).toMatchObject({ rating: "3.7", reviewCount: 3 });

      const res = await t.asAdmin({ method: "DELETE", url: `/api/admin/reviews/${ids[2]}` });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      [row] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(row).toMatchObject({ rating: "4.5", reviewCount: 2 });
      expect(await t.db.select().from(reviews).where(eq(reviews.id, ids[2]))).toHaveLength(0);

      await t.asAdmin({ method: "DELETE", url: `/api/admin/reviews/${ids[0]}` });
      await t.asAdmin({ method: "DELETE", url: `/api/admin/reviews/${ids[1]}` });
      [row] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(row).toMatchObject({ rating: "0.0", reviewCount: 0 });
    });

    it("deleting a pending review leaves the merchant's stats as they were", async () => {
      const merchant = await newMerchant();
      const approved = await insertReview(t.db, { merchantId: merchant.id, rating: 3 });
      const pending = await insertReview(t.db, { merchantId: merchant.id, rating: 1 });
      await t.asAdmin({ method: "POST", url: `/api/admin/reviews/${approved.id}/approve` });
      const res = await t.asAdmin({ method: "DELETE", url: `/api/admin/reviews/${pending.id}` });
      expect(res.statusCode).toBe(204);
      const [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row).toMatchObject({ rating: "3.0", reviewCount: 1 });
    });

    it("answers 404 'Reseña no encontrada' for unknown ids", async () => {
      for (const [method, url] of [
        ["POST", "/api/admin/reviews/99999999/approve"],
        ["DELETE", "/api/admin/reviews/99999999"],
        ["POST", "/api/admin/reviews/abc/approve"],
        ["DELETE", "/api/admin/reviews/0"],
      ] as const) {
        const res = await t.asAdmin({ method, url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Reseña no encontrada", code: "not_found" });
      }
    });
  });
});
