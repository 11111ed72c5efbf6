import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshCategoryCounts, refreshMerchantStats } from "../modules/catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * The public reads serialise with their zod contracts (shared/contracts/, declared as each
 * route's `response`). Their bytes must stay exactly what JSON.stringify wrote of the
 * service's answer before: same fields, same order, nulls and odd text included.
 */
describe("response schemas of the public reads", () => {
  let t: TestApp;
  const odd = 'Comillas " y \\ barra, tilde ñ, emoji 🌮, línea\nnueva y \u2028';
  let ids: { merchant: number; product: number; merchantSlug: string; productSlug: string };

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db, { icon: null, imageUrl: null });
    const merchant = await insertMerchant(t.db, {
      categoryId: category.id,
      name: "Pupusería Esquemas",
      description: odd,
      whatsapp: null,
      department: "La Paz",
      municipality: null,
    });
    const product = await insertProduct(t.db, {
      merchantId: merchant.id,
      categoryId: category.id,
      name: "Pupusa esquemática",
      description: odd,
      images: ["/images/a.webp", "/images/b.webp"],
    });
    await insertReview(t.db, { merchantId: merchant.id, rating: 4, isApproved: true });
    await insertReview(t.db, {
      productId: product.id,
      rating: 5,
      isApproved: true,
      comment: odd,
      userId: null,
    });
    await refreshMerchantStats(t.db, [merchant.id]);
    await refreshCategoryCounts(t.db, [category.id]);
    ids = {
      merchant: merchant.id,
      product: product.id,
      merchantSlug: merchant.slug,
      productSlug: product.slug,
    };
  });
  afterAll(() => t.close());

  const body = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it("write every route's answer byte for byte as JSON.stringify did", async () => {
    const { categories, merchants, products, reviews, search } = t.app.services;
    const expected: [string, unknown][] = [
      ["/api/categories", await categories.list()],
      ["/api/products?limit=100", (await products.listPublic({ limit: 100 })).items],
      [`/api/products/${ids.productSlug}`, await products.getPublic(ids.productSlug)],
      [`/api/products/${ids.product}`, await products.getPublic(String(ids.product))],
      ["/api/merchants?limit=100", (await merchants.listPublic({}, { limit: 100 })).items],
      [`/api/merchants/${ids.merchantSlug}`, await merchants.getPublic(ids.merchantSlug)],
      [
        `/api/reviews?merchantId=${ids.merchant}`,
        (await reviews.listPublic({ merchantId: ids.merchant })).items,
      ],
      [
        `/api/reviews?productId=${ids.product}`,
        (await reviews.listPublic({ productId: ids.product })).items,
      ],
      ["/api/search?q=pupus", await search.search("pupus")],
    ];
    for (const [url, answer] of expected) {
      expect(await body(url), url).toBe(JSON.stringify(answer));
    }
    // The data reached the answers (nulls, the odd text, both reviews).
    expect(await body(`/api/reviews?productId=${ids.product}`)).toContain('"userId":null');
    expect(await body(`/api/merchants/${ids.merchantSlug}`)).toContain('"whatsapp":null');
    expect(JSON.parse(await body(`/api/products/${ids.productSlug}`)).description).toBe(odd);
    expect(JSON.parse(await body("/api/search?q=pupus")).productTotal).toBe(1);
  });

  it("leave errors to the error handler", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Producto no encontrado", code: "not_found" });
  });
});
