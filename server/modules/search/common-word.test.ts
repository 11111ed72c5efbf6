import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResultDto } from "../../../shared/api-types";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { commonLexemes, commonShare, commonShares } from "./common-words.repository";

/**
 * A word in most of the catalogue (issue 13: 'salvador' in nearly every description) is
 * answered from the first matches with an estimated total, and the answer says so; any
 * other query keeps its exact count and no flag.
 */
describe("search for a very common word", () => {
  let t: TestApp;
  const PRODUCTS = 1200;

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, { categoryId: category.id, name: "Tienda Aurora" });
    for (let i = 1; i <= 3; i++) {
      await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        name: `Hamaca de colores ${i}`,
        description: "Hecho a mano en El Salvador por artesanos de la zona.",
      });
    }
    // More than the matches any search ranks (500), so the estimate is worth making.
    await t.db.execute(sql`
      insert into products (name, slug, description, price, image_url, merchant_id, category_id)
      select case when i = 600 then 'Canasta tejida' else 'Canasta tejida ' || i end,
        'canasta-tejida-' || i,
        'Hecho a mano en El Salvador por artesanos de la zona.', '12.00',
        '/images/default-product.webp', ${merchant.id}, ${category.id}
      from generate_series(4, ${PRODUCTS}) as i`);
    // The statistics the search reads are ANALYZE's (autovacuum's in production).
    await t.db.execute(sql`analyze products`);
    await t.db.execute(sql`analyze merchants`);
  });
  afterAll(() => t.close());

  const search = async (q: string, more = "") => {
    const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}${more}` });
    expect(response.statusCode).toBe(200);
    return response.json<SearchResultDto>();
  };

  it("reads PostgreSQL's statistics: the word is in every product, two words in none", async () => {
    const common = await commonLexemes(t.db, 0.2);
    expect(common.products.lexemes).toContain("salvador");
    expect(common.products.rows).toBeGreaterThanOrEqual(PRODUCTS);
    expect(await commonShare(t.db, "salvador:*", common.products)).toBeGreaterThan(0.9);
    // Both words must match: no single lexeme does, so the query is not "common".
    expect(await commonShare(t.db, "salvador & hamac:*", common.products)).toBe(0);
  });

  it("answers the common word with a page of matches and an estimated total", async () => {
    const result = await search("salvador");
    expect(result.products).toHaveLength(20);
    expect(result.productTotalEstimated).toBe(true);
    // The estimate: the lexeme's share of the table's rows, here every product.
    expect(result.productTotal).toBeGreaterThanOrEqual(PRODUCTS * 0.9);
    expect(result.productTotal).toBeLessThanOrEqual(PRODUCTS * 1.1);
    expect(new Set(result.products.map((p) => p.id)).size).toBe(20);
    // The one merchant is "en San Salvador": common, but one row is ranked exactly.
    expect(result.merchants).toHaveLength(1);
    expect(result.merchantTotal).toBe(1);
    expect(result).not.toHaveProperty("merchantTotalEstimated");
  });

  it("keeps exact totals and no flag for narrower queries", async () => {
    const result = await search("hamaca");
    expect(result.productTotal).toBe(3);
    expect(result.products).toHaveLength(3);
    expect(result).not.toHaveProperty("productTotalEstimated");
    const both = await search("salvador hamaca");
    expect(both.productTotal).toBe(3);
    expect(both).not.toHaveProperty("productTotalEstimated");
  });

  it("stops counting at 500 matches when the statistics cannot estimate (decision 0018)", async () => {
    // With a merchant filter the statistics say nothing: the first 500 matches are ranked,
    // and the answer says that at least that many match.
    const filtered = await search("salvador", "&department=San%20Salvador");
    expect(filtered.products).toHaveLength(20);
    expect(filtered.productTotal).toBe(500);
    expect(filtered.productTotalAtLeast).toBe(true);
    expect(filtered).not.toHaveProperty("productTotalEstimated");
    // Two words that must both match: no single lexeme's share estimates them.
    const both = await search("salvador hecho");
    expect(both.productTotal).toBe(500);
    expect(both.productTotalAtLeast).toBe(true);
    expect(both.products).toHaveLength(20);
    // Fewer matches than that: counted exactly.
    const hamacas = await search("hamaca salvador");
    expect(hamacas.productTotal).toBe(3);
    expect(hamacas).not.toHaveProperty("productTotalAtLeast");
  });

  it("ranks the name that is the query first, however many rows match (issue 15.3)", async () => {
    // 'Canasta tejida' is the 600th of 1,200 canastas: neither among the newest 200 that a
    // common word reads nor among the first 500 that a capped search ranks.
    for (const more of ["", "&department=San%20Salvador"]) {
      const result = await search("Canasta  TEJIDA", more);
      expect(result.products[0]?.name, more).toBe("Canasta tejida");
      expect(result.products[1]?.name, more).toMatch(/^Canasta tejida \d+$/);
    }
  });

  it("finds one statement's worth of shares for both tables", async () => {
    const common = await commonLexemes(t.db, 0.001);
    const shares = await commonShares(t.db, "salvador:*", common);
    expect(shares.products).toBeGreaterThan(0.9);
    expect(shares.products).toBe(await commonShare(t.db, "salvador:*", common.products));
    expect(shares.merchants).toBe(await commonShare(t.db, "salvador:*", common.merchants));
    expect(await commonShares(t.db, "zzzz", common)).toEqual({ products: 0, merchants: 0 });
  });
});
