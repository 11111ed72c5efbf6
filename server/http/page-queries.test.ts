import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as categoryPage } from "../../app/routes/public/category-detail";
import { loader as merchantPage } from "../../app/routes/public/merchant-detail";
import { loader as productPage } from "../../app/routes/public/product-detail";
import { merchantSpecialDates } from "../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * Database statements of an uncached product or merchant page (issue 13: the long tail).
 * Tests run with the public-read cache off, as CATALOGUE_CACHE=off does, so every loader
 * call reaches the database; the statements are counted at the driver (PGlite's or the pg
 * pool's `query`).
 */
describe("statements per uncached page", () => {
  let t: TestApp;
  let context: AppLoadContext;
  let statements: string[] = [];
  /** The names statements were sent under (PostgreSQL's named prepared statements). */
  let names: (string | undefined)[] = [];
  const slugs = { product: "", merchant: "", lonely: "", category: "" };
  let merchantId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    context = {
      services: t.app.services,
      config: t.config,
      currentUser: async () => null,
    } as AppLoadContext;
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, { categoryId: category.id });
    const product = await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id });
    await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id });
    const lonely = await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id });
    await insertReview(t.db, { rating: 5, productId: product.id, isApproved: true });
    await insertReview(t.db, { rating: 4, merchantId: merchant.id, isApproved: true });
    await t.db.insert(merchantSpecialDates).values([
      {
        merchantId: merchant.id,
        date: "2099-12-24",
        closed: false,
        openMinute: 540,
        closeMinute: 720,
      },
      { merchantId: merchant.id, date: "2099-12-25", closed: true },
    ]);
    // A second merchant in the category, without special dates.
    await insertMerchant(t.db, { categoryId: category.id });
    Object.assign(slugs, {
      product: product.slug,
      merchant: merchant.slug,
      lonely: lonely.slug,
      category: category.slug,
    });
    merchantId = merchant.id;

    // Every statement the services send, whatever the driver.
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const text = args[0];
      statements.push(
        typeof text === "string" ? text : String((text as { text?: string })?.text ?? text),
      );
      names.push(typeof text === "string" ? undefined : (text as { name?: string })?.name);
      return query(...args);
    };
  });
  afterAll(() => t.close());

  const run = async <T>(load: () => Promise<T>) => {
    statements = [];
    names = [];
    const data = await load();
    return { data, count: statements.length };
  };

  it("reads a product page in two statements: product with its seller and the seller's dates, reviews", async () => {
    const { data, count } = await run(() =>
      productPage({
        params: { productSlug: slugs.product },
        context,
        request: new Request(`http://x/products/${slugs.product}`),
      } as Parameters<typeof productPage>[0]),
    );
    expect(count).toBe(2);
    // On PostgreSQL both go as named prepared statements (db/prepared.ts): parsed and
    // planned once per connection. PGlite takes them as text.
    if (t.database.kind === "postgres") {
      expect(names.toSorted()).toEqual([
        "public_product_with_seller_by_slug",
        "public_reviews_of_product",
      ]);
    }
    // The same product and seller as their own reads make them, special dates included.
    expect(data.product).toEqual(await t.app.services.products.getPublic(slugs.product));
    expect(data.merchant).toEqual(await t.app.services.merchants.getPublic(slugs.merchant));
    // The review count comes from the page itself: one review, no count query.
    expect(data.reviews.total).toBe(1);
    expect(data.reviews.items).toHaveLength(1);
    // The special dates come with the merchant, mapped like the separate query did.
    expect(data.merchant.specialDates).toEqual([
      { date: "2099-12-24", closed: false, open: "09:00", close: "12:00" },
      { date: "2099-12-25", closed: true, open: null, close: null },
    ]);
  });

  it("a product with no reviews is as cheap", async () => {
    const { data, count } = await run(() =>
      productPage({
        params: { productSlug: slugs.lonely },
        context,
        request: new Request(`http://x/products/${slugs.lonely}`),
      } as Parameters<typeof productPage>[0]),
    );
    expect(count).toBe(2);
    expect(data.reviews).toEqual({ items: [], total: 0 });
  });

  it("reads a merchant page in four statements: merchant with its dates, products, reviews, verified ones", async () => {
    const { data, count } = await run(() =>
      merchantPage({
        params: { merchantSlug: slugs.merchant },
        context,
        request: new Request(`http://x/merchants/${slugs.merchant}`),
      } as Parameters<typeof merchantPage>[0]),
    );
    expect(count).toBe(4);
    if (t.database.kind === "postgres") {
      expect(names.toSorted()).toEqual([
        "public_merchant_with_dates_by_slug",
        "public_products_of_merchant",
        "public_reviews_of_merchant",
        "public_verified_reviews_of_merchant",
      ]);
    }
    expect(data.products).toHaveLength(3);
    expect(data.productTotal).toBe(3);
    expect(data.reviews.total).toBe(1);
    expect(data.merchant.specialDates).toHaveLength(2);
  });

  it("reads a list's special dates in one prepared statement, whatever its length", async () => {
    const { data } = await run(() =>
      categoryPage({
        params: { categorySlug: slugs.category },
        context,
        request: new Request(`http://x/categories/${slugs.category}`),
      } as Parameters<typeof categoryPage>[0]),
    );
    expect(data.merchants).toHaveLength(2);
    const withDates = data.merchants.find((m) => m.slug === slugs.merchant);
    const without = data.merchants.find((m) => m.slug !== slugs.merchant);
    expect(withDates?.specialDates).toEqual([
      { date: "2099-12-24", closed: false, open: "09:00", close: "12:00" },
      { date: "2099-12-25", closed: true, open: null, close: null },
    ]);
    expect(without?.specialDates).toEqual([]);
    // The page of merchants, then their dates with the ids as one array: the same named
    // statement for a list of any length.
    if (t.database.kind === "postgres") {
      expect(names).toContain("public_merchants_of_category");
      expect(names).toContain("special_dates_of_merchants");
    }
  });

  it("still counts when a page is full or past the end", async () => {
    const { data, count } = await run(() =>
      t.app.services.products.listPublic({ merchantId: merchantId, limit: 2, offset: 0 }),
    );
    // A full page: the rows cannot tell how many there are.
    expect(count).toBe(2);
    expect(data).toMatchObject({ total: 3 });
    const past = await run(() =>
      t.app.services.products.listPublic({ merchantId: merchantId, limit: 2, offset: 10 }),
    );
    expect(past.count).toBe(2);
    expect(past.data).toEqual({ items: [], total: 3 });
    const last = await run(() =>
      t.app.services.products.listPublic({ merchantId: merchantId, limit: 2, offset: 2 }),
    );
    expect(last.count).toBe(1);
    expect(last.data.total).toBe(3);
  });
});
