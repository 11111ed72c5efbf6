import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResultDto } from "../../../shared/api-types";
import { MIN_PRICE_MESSAGE, SORT_MESSAGE } from "../../../shared/schemas/product-sort";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { sortHits } from "./search-shelf";

/**
 * Issue 36 on GET /api/search: the products in a shelf's order (absent: relevance) and
 * filtered by price and 'Solo disponibles'; for a word in most of the catalogue, read along
 * that order's index, so the cheapest matches are the cheapest of all, not of a sample.
 */
describe("the search's sort and filters (issue 36)", () => {
  let t: TestApp;
  const COMMON = 1200;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = (await insertCategory(t.db)).id;
    const merchantId = (await insertMerchant(t.db, { categoryId, name: "Tienda Aurora" })).id;
    const pupusa = (name: string, price: string, more: Record<string, unknown> = {}) =>
      insertProduct(t.db, {
        merchantId,
        categoryId,
        name,
        slug: name.toLowerCase().replace(/\s+/g, "-"),
        description: "Pupusas hechas al momento.",
        price,
        ...more,
      });
    await pupusa("Pupusa de queso", "1.00", { rating: "4.0" });
    await pupusa("Pupusa revuelta", "0.75", { rating: "4.9", reviewCount: 3 });
    await pupusa("Pupusa de loroco", "1.25", { rating: "4.9", reviewCount: 8 });
    await pupusa("Pupusa de chicharrón", "0.90", { soldOut: true, inStock: false });
    // A word in every one of these (the common-word path, decisions 0017/0018), priced apart.
    await t.db.execute(sql`
      insert into products (name, slug, description, price, image_url, merchant_id, category_id,
        in_stock)
      select 'Canasta tejida ' || i, 'canasta-' || i, 'Tejida en El Salvador por artesanas.',
        (1 + (i * 37) % 997)::numeric(10, 2) / 10, '/images/default-product.webp',
        ${merchantId}::int, ${categoryId}::int, i % 5 <> 0
      from generate_series(1, ${COMMON}) as i`);
    await t.db.execute(sql`analyze products`);
    await t.db.execute(sql`analyze merchants`);
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const res = await t.app.inject({ url: `/api/search?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResultDto>();
  };
  const names = async (query: string) => (await search(query)).products.map((p) => p.name);

  it("sorts a search's products in each order, by relevance without one", async () => {
    expect(await names("q=pupusa&sort=price_asc")).toEqual([
      "Pupusa revuelta",
      "Pupusa de chicharrón",
      "Pupusa de queso",
      "Pupusa de loroco",
    ]);
    expect(await names("q=pupusa&sort=price_desc")).toEqual([
      "Pupusa de loroco",
      "Pupusa de queso",
      "Pupusa de chicharrón",
      "Pupusa revuelta",
    ]);
    expect(await names("q=pupusa&sort=rating")).toEqual([
      "Pupusa de loroco",
      "Pupusa revuelta",
      "Pupusa de queso",
      "Pupusa de chicharrón",
    ]);
    expect(await names("q=pupusa&sort=name")).toEqual([
      "Pupusa de chicharrón",
      "Pupusa de loroco",
      "Pupusa de queso",
      "Pupusa revuelta",
    ]);
    expect(await names("q=pupusa&sort=newest")).toEqual([
      "Pupusa de chicharrón",
      "Pupusa de loroco",
      "Pupusa revuelta",
      "Pupusa de queso",
    ]);
    expect(await names("q=pupusa")).toHaveLength(4);
  });

  it("filters a search by price and availability, counting what is left", async () => {
    const cheap = await search("q=pupusa&maxPrice=1&available=1&sort=price_asc");
    expect(cheap.products.map((p) => p.name)).toEqual(["Pupusa revuelta", "Pupusa de queso"]);
    expect(cheap.productTotal).toBe(2);
    expect(await names("q=pupusa&minPrice=1.25")).toEqual(["Pupusa de loroco"]);
    // The merchants found are not a product's price: they stay.
    expect((await search("q=aurora&maxPrice=0.10")).merchants.map((m) => m.name)).toEqual([
      "Tienda Aurora",
    ]);
  });

  it("answers 400 with the field's Spanish message for an unknown order or a bad price", async () => {
    for (const [query, message] of [
      ["q=pupusa&sort=barato", SORT_MESSAGE],
      ["q=pupusa&minPrice=0.333", MIN_PRICE_MESSAGE],
    ]) {
      const res = await t.app.inject({ url: `/api/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: "bad_request", message });
    }
  });

  it("sorts a word in most of the catalogue along its order's index: the cheapest of all", async () => {
    const cheapest = (await t.db.execute(sql`
      select name from products where is_public and search @@ to_tsquery('spanish', 'salvador')
      order by price, id limit 20`)) as unknown as { rows: { name: string }[] };
    const result = await search("q=salvador&sort=price_asc");
    expect(result.products.map((p) => p.name)).toEqual(cheapest.rows.map((r) => r.name));
    // The total is the statistics' estimate, as without an order.
    expect(result.productTotalEstimated).toBe(true);
    const dearest = await search("q=salvador&sort=price_desc");
    expect(dearest.products[0]!.price).toBe("99.70");
  });

  it("filters such a word without the statistics' estimate, which knows nothing of prices", async () => {
    const result = await search("q=salvador&minPrice=10&maxPrice=90&available=1&sort=price_asc");
    expect(result.products).toHaveLength(20);
    for (const product of result.products) {
      expect(Number(product.price)).toBeGreaterThanOrEqual(10);
      expect(Number(product.price)).toBeLessThanOrEqual(90);
    }
    expect(result.products[0]!.price).toBe("10.00");
    expect(result.productTotalEstimated).toBeUndefined();
    // More than the 100 read (FILTERED_CANDIDATES): "at least" them.
    expect(result.productTotalAtLeast).toBe(true);
    expect(result.productTotal).toBeGreaterThanOrEqual(100);
    // A narrow range is every match, counted.
    const narrow = await search("q=salvador&minPrice=50&maxPrice=50.5");
    expect(narrow.productTotalAtLeast).toBeUndefined();
    expect(narrow.productTotal).toBe(narrow.products.length);
  });
});

describe("sortHits", () => {
  const hit = (id: number, price: string, name: string, rating = "0.0", reviewCount = 0) => ({
    id,
    slug: `p-${id}`,
    name,
    imageUrl: "/x.webp",
    price,
    rating,
    reviewCount,
    createdAt: new Date(Date.UTC(2026, 0, id)),
  });

  it("puts the typo pass's hits among the exact ones in the shelf's order", () => {
    const exact = [hit(1, "2.00", "Pupusa"), hit(3, "9.00", "Tamal")];
    const typo = [hit(2, "1.00", "Árbol", "4.0"), hit(4, "5.00", "ñame", "4.0", 3)];
    const ids = (sort: Parameters<typeof sortHits>[1]) =>
      sortHits([...exact, ...typo], sort).map((h) => h.id);
    expect(ids("price_asc")).toEqual([2, 1, 4, 3]);
    expect(ids("price_desc")).toEqual([3, 4, 1, 2]);
    expect(ids("rating")).toEqual([4, 2, 3, 1]);
    expect(ids("name")).toEqual([2, 4, 1, 3]);
    expect(ids("newest")).toEqual([4, 3, 2, 1]);
  });
});
