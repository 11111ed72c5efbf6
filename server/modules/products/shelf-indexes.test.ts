import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SORTS, type ProductSort } from "../../../shared/schemas/product-sort";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { shelfProductsQuery, type ShelfFilter } from "./shelf.repository";

/**
 * Issue 36: every order of every product list is read from an index that gives it (migrations
 * 0022 and 0024), never sorted after reading the rows. Checked on the planner's choice with sequential
 * and bitmap scans and sorts priced out (as they are at 1M products, bench/product-shelf.ts):
 * a list whose order no index gives would still sort, and fail here. The catalogue's 'Nombre'
 * reads products_public_name_prefix_idx. A price range and 'Solo disponibles' are conditions
 * of the index itself (its last keys), so no row is read only to be dropped.
 * bench/product-shelf.ts --explain shows the plans at 1M.
 */
describe("the product lists read their order from an index (issue 36)", () => {
  let t: TestApp;
  let categoryId: number;
  let merchantId: number;
  let department: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A catalogue shaped like the real one, smaller: 8 categories, 20 merchants, 4,000
    // products, one in ten not available.
    for (let i = 0; i < 8; i++) await insertCategory(t.db);
    categoryId = (await insertCategory(t.db)).id;
    for (let i = 0; i < 19; i++) await insertMerchant(t.db, { categoryId });
    const merchant = await insertMerchant(t.db, { categoryId, department: "La Libertad" });
    merchantId = merchant.id;
    department = "La Libertad";
    await t.db.execute(sql`
      insert into products (name, slug, description, price, image_url, merchant_id, category_id,
        rating, review_count, in_stock)
      select 'Producto ' || i, 'producto-indice-' || i, 'Para el índice.',
        (1 + i % 97)::numeric(10, 2), '/images/default-product.webp',
        m.ids[1 + i % 20], c.ids[1 + i % 9],
        (i % 6)::numeric(2, 1), i % 13, i % 10 <> 0
      from generate_series(1, 4000) as i,
        (select array_agg(id order by id) as ids from merchants) as m,
        (select array_agg(id order by id) as ids from categories) as c`);
    await t.db.execute(sql`analyze products`);
  });
  afterAll(() => t.close());

  const plan = (filter: ShelfFilter) =>
    t.db.transaction(async (tx) => {
      for (const setting of ["enable_seqscan", "enable_bitmapscan", "enable_sort"]) {
        await tx.execute(sql.raw(`set local ${setting} = off`));
      }
      const query = shelfProductsQuery(tx, { ...filter, limit: 60, offset: 0 });
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((r) => Object.values(r)[0]).join("\n");
    });

  const INDEXES: Record<
    "all" | "category" | "merchant" | "department",
    Record<ProductSort, string>
  > = {
    all: {
      newest: "products_public_created_idx",
      price_asc: "products_public_price_idx",
      price_desc: "products_public_price_idx",
      rating: "products_public_rating_idx",
      name: "products_public_name_prefix_idx",
    },
    category: {
      newest: "products_public_category_created_idx",
      price_asc: "products_public_category_price_idx",
      price_desc: "products_public_category_price_idx",
      rating: "products_public_category_rating_idx",
      name: "products_public_category_name_idx",
    },
    merchant: {
      newest: "products_public_merchant_created_idx",
      price_asc: "products_public_merchant_price_idx",
      price_desc: "products_public_merchant_price_idx",
      rating: "products_public_merchant_rating_idx",
      name: "products_public_merchant_name_idx",
    },
    department: {
      newest: "products_public_department_created_idx",
      price_asc: "products_public_department_price_idx",
      price_desc: "products_public_department_price_idx",
      rating: "products_public_department_rating_idx",
      name: "products_public_department_name_idx",
    },
  };

  const OLDER_NEWEST: Record<string, string | undefined> = {
    all: "products_created_idx",
    category: "products_category_idx",
    merchant: "products_merchant_idx",
  };

  for (const [scope, indexes] of Object.entries(INDEXES)) {
    it(`reads each order of ${scope === "all" ? "the catalogue" : `a ${scope}`} from its index`, async () => {
      for (const sort of PRODUCT_SORTS) {
        const filter: ShelfFilter = {
          sort,
          ...(scope === "category" && { categoryId }),
          ...(scope === "merchant" && { merchantId }),
          ...(scope === "department" && { department }),
        };
        for (const shelf of [{}, { available: true as const }]) {
          const text = await plan({ ...filter, ...shelf });
          // Newest first with no filter, the older newest-first indexes (the scope's, or the
          // catalogue's read filtered on the way) give the same order: the planner's choice at
          // this size.
          const accepted = [
            indexes[sort],
            ...(sort === "newest" ? [OLDER_NEWEST[scope], OLDER_NEWEST.all] : []),
          ];
          expect(
            accepted.some((name) => name !== undefined && text.includes(name)),
            `${scope} ${sort}\n${text}`,
          ).toBe(true);
          // A Sort node over the products is an order no index gave (the variants' subquery,
          // one product's few rows, is not a list's order).
          const list = text.split("SubPlan")[0];
          expect(list, `${scope} ${sort}\n${text}`).not.toMatch(/(^|->)\s*Sort\s+\(/m);
        }
      }
    });
  }

  it("reads a price range of a price order as a range of the price index, backwards for 'Mayor precio'", async () => {
    const up = await plan({ categoryId, sort: "price_asc", minPrice: "5.00", maxPrice: "20.00" });
    expect(up).toContain("products_public_category_price_idx");
    expect(up).toMatch(/Index Cond: .*price.*>=/);
    const down = await plan({ sort: "price_desc", minPrice: "5.00", maxPrice: "20.00" });
    expect(down).toMatch(/Index Scan Backward using products_public_price_idx/);
  });

  it("checks a price range and 'Solo disponibles' inside every order's index, reading no row to drop it", async () => {
    for (const [scope, indexes] of Object.entries(INDEXES)) {
      for (const sort of PRODUCT_SORTS) {
        const text = await plan({
          sort,
          ...(scope === "category" && { categoryId }),
          ...(scope === "merchant" && { merchantId }),
          ...(scope === "department" && { department }),
          minPrice: "5.00",
          maxPrice: "20.00",
          available: true,
        });
        const list = text.split("SubPlan")[0];
        expect(list, `${scope} ${sort}\n${text}`).toContain(indexes[sort]);
        expect(list, `${scope} ${sort}\n${text}`).toMatch(/Index Cond: .*in_stock/);
        expect(list, `${scope} ${sort}\n${text}`).not.toMatch(/Filter: .*(price|in_stock)/);
      }
    }
  });

  it("keeps a product's department its merchant's, when the merchant moves too", async () => {
    const moved = await insertMerchant(t.db, { categoryId, department: "Santa Ana" });
    await t.db.execute(sql`
      insert into products (name, slug, description, price, image_url, merchant_id, category_id)
      values ('Mudanza', 'producto-mudanza', 'Se muda.', 3, '/images/default-product.webp',
        ${moved.id}, ${categoryId})`);
    const departmentOf = async () => {
      const result = (await t.db.execute(
        sql`select department from products where slug = 'producto-mudanza'`,
      )) as unknown as { rows: { department: string }[] };
      return result.rows[0]!.department;
    };
    expect(await departmentOf()).toBe("Santa Ana");
    await t.db.execute(sql`update merchants set department = 'Sonsonate' where id = ${moved.id}`);
    expect(await departmentOf()).toBe("Sonsonate");
    await t.db.execute(
      sql`update products set merchant_id = ${merchantId} where slug = 'producto-mudanza'`,
    );
    expect(await departmentOf()).toBe("La Libertad");
  });

  it("counts 'Solo disponibles' from the small index of unavailable products", async () => {
    const text = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select count(*) from products where is_public and not in_stock and category_id = ${categoryId}`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(text).toContain("products_public_unavailable_idx");
  });
});
