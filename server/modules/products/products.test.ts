import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartItems,
  categories,
  merchants,
  orderItems,
  orders,
  products,
  reviews,
} from "../../../db/schema/index";
import type { ProductDto } from "../../../shared/api-types";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import {
  PRICE_MESSAGE,
  EXTERNAL_IMAGE_MESSAGE,
  IMAGE_URL_MESSAGE,
  PRODUCT_CATEGORY_MESSAGE,
  PRODUCT_DESCRIPTION_MESSAGE,
  PRODUCT_IMAGES_MAX_MESSAGE,
  PRODUCT_MERCHANT_MESSAGE,
  PRODUCT_NAME_MESSAGE,
  PRODUCT_SLUG_MESSAGE,
} from "../../../shared/schemas/index";
import { OTHER_SITE_IMAGE, OTHER_SITE_IMAGE_RELATIVE } from "../../../shared/test/test-helpers";
import {
  refreshCategoryCounts,
  refreshMerchantStats,
  refreshProductStats,
} from "../catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  CATEGORY_FILTER_MESSAGE,
  CATEGORY_NOT_FOUND,
  DEPARTMENT_FILTER_MESSAGE,
  LIMIT_MESSAGE,
  MERCHANT_FILTER_MESSAGE,
  MERCHANT_NOT_FOUND,
  OFFSET_MESSAGE,
} from "./products.service";

const NOT_FOUND = { message: "Producto no encontrado", code: "not_found" };

describe("products API", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each test starts from an empty catalogue (reviews and cart lines go by cascade).
    await t.db.delete(orders);
    await t.db.delete(products);
    await t.db.delete(reviews);
    await t.db.delete(merchants);
    await t.db.delete(categories);
  });

  /** A category with one public merchant in it. */
  async function shop(values: Partial<typeof merchants.$inferInsert> = {}) {
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, { categoryId: category.id, ...values });
    return { category, merchant };
  }

  const ids = (list: ProductDto[]) => list.map((p) => p.id);
  const get = (url: string) => t.app.inject({ method: "GET", url });

  async function counts(categoryId: number, merchantId: number) {
    const [category] = await t.db.select().from(categories).where(eq(categories.id, categoryId));
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, merchantId));
    return { category: category.productCount, merchant: merchant.productCount };
  }

  describe("GET /api/products", () => {
    it("lists public products newest first, in the ProductDto shape, with the total in X-Total-Count", async () => {
      const { category, merchant } = await shop({
        name: "Pupusería Olocuilta",
        slug: "pupuseria-olocuilta",
      });
      const older = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        price: "2.5",
        createdAt: new Date("2025-01-01T00:00:00Z"),
      });
      const newer = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        createdAt: new Date("2025-02-01T00:00:00Z"),
      });

      const res = await get("/api/products");
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("2");
      const body: ProductDto[] = res.json();
      expect(ids(body)).toEqual([newer.id, older.id]);
      expect(Object.keys(body[1]).sort()).toEqual(
        [
          "categoryId",
          "createdAt",
          "description",
          "id",
          "imageUrl",
          "images",
          "isActive",
          "merchantId",
          "merchantName",
          "merchantSlug",
          "name",
          "price",
          "rating",
          "reviewCount",
          "slug",
          // Issue 36.
          "stock",
          "soldOut",
          "available",
          "options",
          "variants",
        ].sort(),
      );
      expect(body[1]).toMatchObject({
        stock: null,
        soldOut: false,
        available: true,
        options: [],
        variants: [],
      });
      expect(body[1]).toMatchObject({
        price: "2.50",
        rating: "0.0",
        reviewCount: 0,
        images: [],
        isActive: true,
        createdAt: "2025-01-01T00:00:00.000Z",
        merchantName: "Pupusería Olocuilta",
        merchantSlug: "pupuseria-olocuilta",
      });
    });

    it("filters by category, merchant and the merchant's department", async () => {
      const a = await shop({ department: "Santa Ana", municipality: "Santa Ana Centro" });
      const b = await shop({ department: "San Miguel", municipality: "San Miguel Centro" });
      const otherCategory = await insertCategory(t.db);
      const a1 = await insertProduct(t.db, {
        merchantId: a.merchant.id,
        categoryId: a.category.id,
      });
      const a2 = await insertProduct(t.db, {
        merchantId: a.merchant.id,
        categoryId: otherCategory.id,
      });
      const b1 = await insertProduct(t.db, {
        merchantId: b.merchant.id,
        categoryId: b.category.id,
      });

      const byCategory = await get(`/api/products?categoryId=${otherCategory.id}`);
      expect(ids(byCategory.json())).toEqual([a2.id]);
      expect(byCategory.headers["x-total-count"]).toBe("1");

      const byMerchant = await get(`/api/products?merchantId=${a.merchant.id}`);
      expect(ids(byMerchant.json()).sort()).toEqual([a1.id, a2.id].sort());

      const byDepartment = await get(
        `/api/products?department=${encodeURIComponent("San Miguel")}`,
      );
      expect(ids(byDepartment.json())).toEqual([b1.id]);

      const both = await get(
        `/api/products?merchantId=${a.merchant.id}&categoryId=${a.category.id}`,
      );
      expect(ids(both.json())).toEqual([a1.id]);
    });

    it("pages with limit and offset (default 60), the header counting every match", async () => {
      const { category, merchant } = await shop();
      const base = Date.parse("2025-03-01T00:00:00Z");
      await t.db.insert(products).values(
        Array.from({ length: 65 }, (_, i) => ({
          name: `Producto ${i}`,
          slug: `producto-pagina-${i}`,
          description: "Para paginar.",
          price: "1.00",
          imageUrl: DEFAULT_PRODUCT_IMAGE,
          merchantId: merchant.id,
          categoryId: category.id,
          createdAt: new Date(base + i * 1000),
        })),
      );
      // Inserted around the service: the stored counts the unfiltered total reads are refreshed.
      await refreshCategoryCounts(t.db);

      const first = await get("/api/products");
      expect(first.json()).toHaveLength(60);
      expect(first.headers["x-total-count"]).toBe("65");
      expect(first.json()[0].name).toBe("Producto 64");

      const page = await get("/api/products?limit=10&offset=60");
      expect(page.json().map((p: ProductDto) => p.name)).toEqual([
        "Producto 4",
        "Producto 3",
        "Producto 2",
        "Producto 1",
        "Producto 0",
      ]);
      expect(page.headers["x-total-count"]).toBe("65");

      const max = await get("/api/products?limit=100");
      expect(max.json()).toHaveLength(65);

      const beyond = await get("/api/products?offset=1000");
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers["x-total-count"]).toBe("65");
    });

    it.each([
      ["limit=0", LIMIT_MESSAGE],
      ["limit=101", LIMIT_MESSAGE],
      ["limit=abc", LIMIT_MESSAGE],
      ["limit=1.5", LIMIT_MESSAGE],
      ["limit=5&limit=6", LIMIT_MESSAGE],
      ["offset=-1", OFFSET_MESSAGE],
      ["offset=x", OFFSET_MESSAGE],
      ["categoryId=abc", CATEGORY_FILTER_MESSAGE],
      ["categoryId=0", CATEGORY_FILTER_MESSAGE],
      ["categoryId=99999999999", CATEGORY_FILTER_MESSAGE],
      ["merchantId=-3", MERCHANT_FILTER_MESSAGE],
      ["department=Narnia", DEPARTMENT_FILTER_MESSAGE],
    ])("answers 400 to %s", async (query, message) => {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: "bad_request" });
    });
  });

  describe("visibility", () => {
    it("hides inactive products and products of pending, rejected or inactive merchants everywhere", async () => {
      const { category, merchant } = await shop();
      const pending = await insertMerchant(t.db, { categoryId: category.id, approved: false });
      const rejected = await insertMerchant(t.db, {
        categoryId: category.id,
        approved: false,
        rejectionReason: "Datos incompletos",
      });
      const closed = await insertMerchant(t.db, { categoryId: category.id, isActive: false });
      const shown = await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id });
      const hidden = [
        await insertProduct(t.db, {
          merchantId: merchant.id,
          categoryId: category.id,
          isActive: false,
        }),
        await insertProduct(t.db, { merchantId: pending.id, categoryId: category.id }),
        await insertProduct(t.db, { merchantId: rejected.id, categoryId: category.id }),
        await insertProduct(t.db, { merchantId: closed.id, categoryId: category.id }),
      ];
      // Give the hidden ones reviews, so "popular" would rank them first if it leaked.
      for (const product of hidden) {
        await insertReview(t.db, { productId: product.id, rating: 5, isApproved: true });
      }
      await refreshProductStats(
        t.db,
        hidden.map((p) => p.id),
      );

      const list = await get("/api/products");
      expect(ids(list.json())).toEqual([shown.id]);
      expect(list.headers["x-total-count"]).toBe("1");
      expect(ids((await get(`/api/products?merchantId=${pending.id}`)).json())).toEqual([]);
      expect(ids((await get("/api/products/popular")).json())).toEqual([shown.id]);
      for (const product of hidden) {
        for (const key of [product.id, product.slug]) {
          const res = await get(`/api/products/${key}`);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(NOT_FOUND);
        }
      }
      const slugs = await t.app.services.products.listPublicSlugs();
      expect(slugs.map((s) => s.slug)).toEqual([shown.slug]);
      expect(slugs[0].updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    });
  });

  describe("GET /api/products/:idOrSlug", () => {
    it("finds a public product by id and by slug", async () => {
      const { category, merchant } = await shop();
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        slug: "pan-123",
      });
      const byId = await get(`/api/products/${product.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({
        id: product.id,
        slug: "pan-123",
        merchantSlug: merchant.slug,
      });
      // A slug that starts with digits is still a slug.
      expect((await get("/api/products/pan-123")).json().id).toBe(product.id);
    });

    it.each(["999999", "99999999999999", "no-existe", "%C3%B1"])(
      "answers 404 to %s",
      async (key) => {
        const res = await get(`/api/products/${key}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      },
    );
  });

  describe("GET /api/products/popular", () => {
    it("ranks by review count, then rating, and returns at most 8", async () => {
      const { category, merchant } = await shop();
      const made = [];
      for (let i = 0; i < 10; i++) {
        made.push(await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id }));
      }
      // made[0]: 3 reviews of 2; made[1]: 3 reviews of 5; made[2]: 1 review of 4.
      for (const [index, ratings] of [
        [0, [2, 2, 2]],
        [1, [5, 5, 5]],
        [2, [4]],
      ] as const) {
        for (const rating of ratings) {
          await insertReview(t.db, { productId: made[index].id, rating, isApproved: true });
        }
      }
      await insertReview(t.db, { productId: made[3].id, rating: 5, isApproved: false });
      await refreshProductStats(
        t.db,
        made.map((p) => p.id),
      );

      const body: ProductDto[] = (await get("/api/products/popular")).json();
      expect(body).toHaveLength(8);
      expect(ids(body.slice(0, 3))).toEqual([made[1].id, made[0].id, made[2].id]);
      expect(body[0]).toMatchObject({ rating: "5.0", reviewCount: 3 });
      expect(body[1]).toMatchObject({ rating: "2.0", reviewCount: 3 });
    });
  });

  describe("admin routes without a session", () => {
    it.each([
      ["POST", "/api/products"],
      ["PUT", "/api/products/1"],
      ["DELETE", "/api/products/1"],
      ["GET", "/api/admin/products"],
      ["POST", "/api/admin/bulk-upload-products"],
    ] as const)("%s %s answers 401", async (method, url) => {
      const { category, merchant } = await shop();
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
      });
      const res = await t.app.inject({
        method,
        url: url.replace("/1", `/${product.id}`),
        ...(method === "POST" || method === "PUT"
          ? {
              payload: {
                name: "X",
                description: "Y",
                price: "1",
                categoryId: category.id,
                merchantId: merchant.id,
              },
            }
          : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTypeOf("string");
      // Nothing changed.
      const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(row.name).toBe(product.name);
      expect(await t.db.$count(products)).toBe(1);
    });
  });

  describe("POST /api/products", () => {
    const create = (payload: unknown) =>
      t.asAdmin({ method: "POST", url: "/api/products", payload: payload as object });

    it("creates a product: slug from the name, default image, counts from zero", async () => {
      const { category, merchant } = await shop();
      const res = await create({
        name: "  Café Molido Ñandú  ",
        slug: "lo-que-sea",
        description: "Café de altura de Apaneca.",
        price: 12.5,
        merchantId: merchant.id,
        categoryId: String(category.id),
        rating: 5,
        reviewCount: 99,
      });
      expect(res.statusCode).toBe(201);
      const body: ProductDto = res.json();
      expect(body).toMatchObject({
        name: "Café Molido Ñandú",
        slug: "cafe-molido-nandu",
        price: "12.50",
        imageUrl: DEFAULT_PRODUCT_IMAGE,
        images: [],
        rating: "0.0",
        reviewCount: 0,
        isActive: true,
        merchantId: merchant.id,
        categoryId: category.id,
        merchantName: merchant.name,
        merchantSlug: merchant.slug,
      });
      expect((await get(`/api/products/${body.slug}`)).json().id).toBe(body.id);
      expect(await counts(category.id, merchant.id)).toEqual({ category: 1, merchant: 1 });
    });

    it("takes the first gallery image as the main one unless one is given", async () => {
      const { category, merchant } = await shop();
      const base = {
        description: "Rico.",
        price: "3",
        merchantId: merchant.id,
        categoryId: category.id,
      };
      const images = ["/uploads/a.webp", "/uploads/b.webp", "/api/placeholder/400/400"];
      const first = (await create({ ...base, name: "Uno", images })).json();
      expect(first).toMatchObject({ imageUrl: "/uploads/a.webp", images });
      const given = (
        await create({ ...base, name: "Dos", images, imageUrl: "/uploads/main.webp" })
      ).json();
      expect(given.imageUrl).toBe("/uploads/main.webp");
      const empty = (await create({ ...base, name: "Tres", imageUrl: "" })).json();
      expect(empty.imageUrl).toBe(DEFAULT_PRODUCT_IMAGE);
    });

    it("makes clashing slugs unique with -2, -3…, also when created at the same time", async () => {
      const { category, merchant } = await shop();
      const base = {
        description: "Rico.",
        price: "1",
        merchantId: merchant.id,
        categoryId: category.id,
      };
      const slugs = [];
      for (const name of ["Pan Dulce", "pan dulce", "Pan-Dulce!", "PAN DULCÉ"]) {
        slugs.push((await create({ ...base, name })).json().slug);
      }
      expect(slugs).toEqual(["pan-dulce", "pan-dulce-2", "pandulce", "pan-dulce-3"]);
      // A name whose slug looks like a suffix is made unique as well.
      expect((await create({ ...base, name: "Pan Dulce 2" })).json().slug).toBe("pan-dulce-2-2");
      // An emoji-only name gets the fallback slug.
      expect((await create({ ...base, name: "🍞" })).json().slug).toBe("producto");

      const parallel = await Promise.all(
        Array.from({ length: 6 }, () => create({ ...base, name: "Quesadilla" })),
      );
      expect(parallel.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      expect(parallel.map((r) => r.json().slug).sort()).toEqual(
        [
          "quesadilla",
          "quesadilla-2",
          "quesadilla-3",
          "quesadilla-4",
          "quesadilla-5",
          "quesadilla-6",
        ].sort(),
      );
    });

    describe("validation", () => {
      let valid: Record<string, unknown>;
      beforeEach(async () => {
        const { category, merchant } = await shop();
        valid = {
          name: "Horchata",
          description: "De morro.",
          price: "1.25",
          merchantId: merchant.id,
          categoryId: category.id,
        };
      });

      it.each([
        ["name", { name: undefined }, PRODUCT_NAME_MESSAGE],
        ["name", { name: "   " }, PRODUCT_NAME_MESSAGE],
        ["slug", { slug: " " }, PRODUCT_SLUG_MESSAGE],
        ["description", { description: "" }, PRODUCT_DESCRIPTION_MESSAGE],
        ["price", { price: undefined }, PRICE_MESSAGE],
        ["price", { price: "doce" }, PRICE_MESSAGE],
        ["price", { price: -1 }, PRICE_MESSAGE],
        ["price", { price: "100000000" }, PRICE_MESSAGE],
        ["imageUrl", { imageUrl: "javascript:alert(1)" }, IMAGE_URL_MESSAGE],
        ["imageUrl", { imageUrl: OTHER_SITE_IMAGE }, EXTERNAL_IMAGE_MESSAGE],
        [
          "images.1",
          { images: ["/uploads/a.webp", OTHER_SITE_IMAGE_RELATIVE] },
          EXTERNAL_IMAGE_MESSAGE,
        ],
        [
          "images",
          { images: ["/uploads/a.webp", "/uploads/b.webp", "/uploads/c.webp", "/uploads/d.webp"] },
          PRODUCT_IMAGES_MAX_MESSAGE,
        ],
        ["images.0", { images: ["data:image/png;base64,AAAA"] }, IMAGE_URL_MESSAGE],
        ["categoryId", { categoryId: undefined }, PRODUCT_CATEGORY_MESSAGE],
        ["categoryId", { categoryId: "abc" }, PRODUCT_CATEGORY_MESSAGE],
        ["merchantId", { merchantId: undefined }, PRODUCT_MERCHANT_MESSAGE],
        ["merchantId", { merchantId: 0 }, PRODUCT_MERCHANT_MESSAGE],
      ])("refuses a bad %s (%j)", async (path, change, message) => {
        const res = await create({ ...valid, ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({ path, message });
        expect(res.json().message).toBeTypeOf("string");
        expect(await t.db.$count(products)).toBe(0);
      });

      it("refuses a merchant or category that doesn't exist, with a Spanish message", async () => {
        for (const [change, path, message] of [
          [{ merchantId: 999_999 }, "merchantId", MERCHANT_NOT_FOUND],
          [{ merchantId: 99_999_999_999 }, "merchantId", MERCHANT_NOT_FOUND],
          [{ categoryId: 999_999 }, "categoryId", CATEGORY_NOT_FOUND],
          [{ categoryId: 99_999_999_999 }, "categoryId", CATEGORY_NOT_FOUND],
        ] as const) {
          const res = await create({ ...valid, ...change });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ message, code: "validation", errors: [{ path, message }] });
        }
        expect(await t.db.$count(products)).toBe(0);
      });

      it("refuses bodies that are not a JSON object", async () => {
        for (const payload of ["[]", '"texto"', "{no es json"]) {
          const res = await t.asAdmin({
            method: "POST",
            url: "/api/products",
            headers: { "content-type": "application/json" },
            payload,
          });
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBeTypeOf("string");
        }
      });
    });
  });

  describe("PUT /api/products/:id", () => {
    const update = (id: number | string, payload: object) =>
      t.asAdmin({ method: "PUT", url: `/api/products/${id}`, payload });

    it("updates the fields and recomputes the slug from the new name", async () => {
      const { category, merchant } = await shop();
      await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        slug: "atol-de-elote",
      });
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        slug: "viejo",
      });
      const res = await update(product.id, {
        name: "Atol de Elote",
        description: "Caliente.",
        price: "1,5",
        categoryId: category.id,
        images: ["/uploads/atol.webp"],
        merchantId: 12345,
        rating: 5,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: product.id,
        name: "Atol de Elote",
        slug: "atol-de-elote-2",
        price: "1.50",
        imageUrl: "/uploads/atol.webp",
        images: ["/uploads/atol.webp"],
        merchantId: merchant.id,
        rating: "0.0",
      });
    });

    it("keeps a suffixed slug while the name gives the same base", async () => {
      const { category, merchant } = await shop();
      await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        slug: "semita",
      });
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        slug: "semita-2",
      });
      const res = await update(product.id, {
        name: "Semita",
        description: "De piña.",
        price: 2,
        categoryId: category.id,
      });
      expect(res.json().slug).toBe("semita-2");
    });

    it("moves the product between categories and hides it when inactive, keeping counts true", async () => {
      const { category, merchant } = await shop();
      const other = await insertCategory(t.db);
      const product = (
        await t.asAdmin({
          method: "POST",
          url: "/api/products",
          payload: {
            name: "Tamal",
            description: "De pollo.",
            price: 1,
            merchantId: merchant.id,
            categoryId: category.id,
          },
        })
      ).json();
      expect(await counts(category.id, merchant.id)).toEqual({ category: 1, merchant: 1 });

      const base = { name: "Tamal", description: "De pollo.", price: 1 };
      await update(product.id, { ...base, categoryId: other.id });
      expect(await counts(category.id, merchant.id)).toEqual({ category: 0, merchant: 1 });
      expect((await counts(other.id, merchant.id)).category).toBe(1);

      const hidden = await update(product.id, { ...base, categoryId: other.id, isActive: false });
      expect(hidden.json().isActive).toBe(false);
      expect(await counts(other.id, merchant.id)).toEqual({ category: 0, merchant: 0 });
      expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
    });

    it("answers 404 to an unknown id, 400 to bad fields", async () => {
      const { category, merchant } = await shop();
      const body = { name: "Pan", description: "Rico.", price: 1, categoryId: category.id };
      for (const id of ["999999", "abc", "0"]) {
        const res = await update(id, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
      });
      const bad = await update(product.id, { ...body, price: "gratis", categoryId: 987654 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: "price", message: PRICE_MESSAGE }]);
      const unknownCategory = await update(product.id, { ...body, categoryId: 987654 });
      expect(unknownCategory.statusCode).toBe(400);
      expect(unknownCategory.json().errors).toEqual([
        { path: "categoryId", message: CATEGORY_NOT_FOUND },
      ]);
    });
  });

  describe("DELETE /api/products/:id", () => {
    it("removes the product, its reviews and cart lines; order lines keep name and price", async () => {
      const { category, merchant } = await shop();
      const product = (
        await t.asAdmin({
          method: "POST",
          url: "/api/products",
          payload: {
            name: "Yuca frita",
            description: "Con chicharrón.",
            price: "3.75",
            merchantId: merchant.id,
            categoryId: category.id,
          },
        })
      ).json();
      const keep = await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id });
      await refreshMerchantStats(t.db, [merchant.id]);
      await refreshCategoryCounts(t.db, [category.id]);
      await insertReview(t.db, { productId: product.id, rating: 4, isApproved: true });
      await insertReview(t.db, { productId: keep.id, rating: 4, isApproved: true });
      await insertReview(t.db, { merchantId: merchant.id, rating: 5, isApproved: true });
      await t.db.insert(cartItems).values([
        { sessionId: "session-1", productId: product.id, quantity: 2 },
        { sessionId: "session-1", productId: keep.id, quantity: 1 },
      ]);
      const [order] = await t.db
        .insert(orders)
        .values({
          orderNumber: "ES-2026-000001",
          customerName: "Ana",
          customerEmail: "ana@ejemplo.sv",
          totalAmount: "7.50",
          subtotal: "7.50",
        })
        .returning();
      await t.db.insert(orderItems).values({
        orderId: order.id,
        productId: product.id,
        productName: "Yuca frita",
        quantity: 2,
        price: "3.75",
      });
      expect(await counts(category.id, merchant.id)).toEqual({ category: 2, merchant: 2 });

      const res = await t.asAdmin({ method: "DELETE", url: `/api/products/${product.id}` });
      expect(res.statusCode).toBe(204);

      expect(await t.db.$count(products, eq(products.id, product.id))).toBe(0);
      expect(await t.db.$count(reviews, eq(reviews.productId, product.id))).toBe(0);
      expect(await t.db.$count(reviews)).toBe(2);
      expect(await t.db.$count(cartItems, eq(cartItems.productId, product.id))).toBe(0);
      expect(await t.db.$count(cartItems)).toBe(1);
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(line).toMatchObject({
        productId: null,
        productName: "Yuca frita",
        price: "3.75",
        quantity: 2,
      });
      expect(await counts(category.id, merchant.id)).toEqual({ category: 1, merchant: 1 });
      expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);

      const again = await t.asAdmin({ method: "DELETE", url: `/api/products/${product.id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
      expect((await t.asAdmin({ method: "DELETE", url: "/api/products/abc" })).statusCode).toBe(
        404,
      );
    });
  });

  describe("GET /api/admin/products", () => {
    it("lists every product, hidden ones too, optionally for one merchant", async () => {
      const { category, merchant } = await shop();
      const pending = await insertMerchant(t.db, { categoryId: category.id, approved: false });
      const a = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        isActive: false,
      });
      const b = await insertProduct(t.db, { merchantId: pending.id, categoryId: category.id });

      const all = await t.asAdmin({ method: "GET", url: "/api/admin/products" });
      expect(all.statusCode).toBe(200);
      expect(ids(all.json()).sort()).toEqual([a.id, b.id].sort());
      const one = await t.asAdmin({
        method: "GET",
        url: `/api/admin/products?merchantId=${pending.id}`,
      });
      expect(ids(one.json())).toEqual([b.id]);
      const bad = await t.asAdmin({ method: "GET", url: "/api/admin/products?merchantId=x" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: MERCHANT_FILTER_MESSAGE, code: "bad_request" });
    });
  });

  describe("service", () => {
    it("listPublic returns a page and the total; getPublic answers null when not public", async () => {
      const { category, merchant } = await shop();
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
      });
      const hidden = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        isActive: false,
      });
      const service = t.app.services.products;
      const page = await service.listPublic({ merchantId: merchant.id, limit: 1 });
      expect(page.total).toBe(1);
      expect(ids(page.items)).toEqual([product.id]);
      expect(await service.getPublic(String(hidden.id))).toBeNull();
      expect(await service.getPublic(hidden.slug)).toBeNull();
      expect((await service.getPublic(product.slug))?.id).toBe(product.id);
      await expect(service.listPublic({ limit: 500 })).rejects.toMatchObject({
        status: 400,
        message: LIMIT_MESSAGE,
      });
    });

    it("listPublicBySlugs answers the public products in the list's order as getPublic does, and the rest as gone (/favorites, issue 27)", async () => {
      const { category, merchant } = await shop();
      const { merchant: pending } = await shop({ approved: false });
      const { merchant: closed } = await shop({ isActive: false });
      const make = (values: { slug: string; merchantId?: number; isActive?: boolean }) =>
        insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id, ...values });
      await make({ slug: "pan-dulce" });
      await make({ slug: "cafe" });
      await make({ slug: "inactivo", isActive: false });
      await make({ slug: "de-pendiente", merchantId: pending.id });
      await make({ slug: "de-cerrado", merchantId: closed.id });
      const service = t.app.services.products;

      const answer = await service.listPublicBySlugs([
        "cafe",
        "de-pendiente",
        "pan-dulce",
        "inactivo",
        "no-existe",
        "cafe",
        "de-cerrado",
      ]);
      expect(answer.items).toEqual([
        await service.getPublic("cafe"),
        await service.getPublic("pan-dulce"),
      ]);
      expect(answer.gone).toEqual(["de-pendiente", "inactivo", "no-existe", "de-cerrado"]);
      expect(await service.listPublicBySlugs([])).toEqual({ items: [], gone: [] });
    });

    it("getPublicWithSeller reads a product page's product and seller as their own reads do, and only public ones", async () => {
      const { category, merchant } = await shop();
      const product = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
      });
      const hidden = await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        isActive: false,
      });
      const { merchant: pending } = await shop({ approved: false });
      const unsold = await insertProduct(t.db, { merchantId: pending.id, categoryId: category.id });
      const service = t.app.services.products;

      const expected = {
        product: await service.getPublic(product.slug),
        seller: await t.app.services.merchants.getPublic(merchant.slug),
      };
      expect(expected.seller?.id).toBe(merchant.id);
      expect(await service.getPublicWithSeller(product.slug)).toEqual(expected);
      expect(await service.getPublicWithSeller(String(product.id))).toEqual(expected);
      // Not public: an inactive product, or an active one of a merchant not approved.
      for (const key of [hidden.slug, String(hidden.id), unsold.slug, String(unsold.id)]) {
        expect(await service.getPublicWithSeller(key)).toBeNull();
      }
      for (const key of ["", "no-existe", "0", "99999999999", "a\u0000b"]) {
        expect(await service.getPublicWithSeller(key)).toBeNull();
      }
    });
  });
});
