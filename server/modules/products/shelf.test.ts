import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDto } from "../../../shared/api-types";
import {
  AVAILABLE_MESSAGE,
  MAX_PRICE_MESSAGE,
  MIN_PRICE_MESSAGE,
  PRICE_RANGE_MESSAGE,
  SORT_MESSAGE,
} from "../../../shared/schemas/product-sort";
import { refreshCategoryCounts } from "../catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { productSlug } from "../../../shared/slug";
import { PRICE_COUNT_CAP } from "./shelf.repository";

/**
 * Issue 36: GET /api/products (and the service the listing pages call) in each order
 * ('Más recientes', 'Menor precio', 'Mayor precio', 'Mejor calificados', 'Nombre'), filtered
 * by a price range and 'Solo disponibles', over the catalogue, a category, a merchant and a
 * department, with X-Total-Count; the Spanish 400s; a product with variants by its lowest
 * available variant's price; one cache entry per list however its link is written.
 */
describe("the product lists' sort and filters (issue 36)", () => {
  let t: TestApp;
  let food: number;
  let crafts: number;
  let capital: number;
  let coast: number;
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));

  beforeAll(async () => {
    t = await createTestApp();
    food = (await insertCategory(t.db, { name: "Comida" })).id;
    crafts = (await insertCategory(t.db, { name: "Artesanías" })).id;
    capital = (await insertMerchant(t.db, { categoryId: food, department: "San Salvador" })).id;
    coast = (
      await insertMerchant(t.db, {
        categoryId: crafts,
        department: "La Libertad",
        municipality: "La Libertad Sur",
      })
    ).id;
    const hidden = (await insertMerchant(t.db, { categoryId: food, approved: false })).id;
    const product = (
      name: string,
      values: Omit<Parameters<typeof insertProduct>[1], "merchantId" | "categoryId">,
      merchantId = capital,
      categoryId = food,
    ) => insertProduct(t.db, { slug: productSlug(name), name, merchantId, categoryId, ...values });
    // Names with accents and capitals: 'Nombre' reads them folded (á as a, Ñ as N).
    await product("Ñame frito", {
      price: "3.00",
      rating: "4.5",
      reviewCount: 2,
      createdAt: day(1),
    });
    await product("atol de elote", {
      price: "1.25",
      rating: "4.5",
      reviewCount: 9,
      createdAt: day(2),
    });
    await product("Pupusa revuelta", {
      price: "0.75",
      rating: "5.0",
      reviewCount: 1,
      createdAt: day(3),
    });
    await product("Horchata", { price: "1.25", rating: "3.0", reviewCount: 4, createdAt: day(4) });
    // 'Agotado', and a count at 0: neither is available.
    await product("Tamal pisque", {
      price: "2.00",
      soldOut: true,
      inStock: false,
      createdAt: day(5),
    });
    await product("Café molido", { price: "6.50", stock: 0, inStock: false, createdAt: day(6) });
    await product(
      "Árbol de la vida",
      { price: "45.00", rating: "4.8", reviewCount: 3, createdAt: day(7) },
      coast,
      crafts,
    );
    await product("Hamaca de colores", { price: "30.00", createdAt: day(8) }, coast, crafts);
    // Not public: never listed, whatever the order.
    await product("Oculto barato", { price: "0.10", isActive: false, createdAt: day(9) });
    await product("De comercio pendiente", { price: "0.20", createdAt: day(9) }, hidden);
    await refreshCategoryCounts(t.db);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return {
      slugs: (res.json() as ProductDto[]).map((p) => p.slug),
      total: res.headers["x-total-count"],
      atLeast: res.headers["x-total-count-at-least"],
    };
  };
  const slugs = async (query: string) => (await list(query)).slugs;

  it("sorts the whole catalogue in each order, the default newest first", async () => {
    const newest = [
      "hamaca-de-colores",
      "arbol-de-la-vida",
      "cafe-molido",
      "tamal-pisque",
      "horchata",
      "pupusa-revuelta",
      "atol-de-elote",
      "name-frito",
    ];
    expect(await slugs("")).toEqual(newest);
    expect(await slugs("sort=newest")).toEqual(newest);
    // Equal prices: the older (lower id) first going up, the newer first going down.
    expect(await slugs("sort=price_asc")).toEqual([
      "pupusa-revuelta",
      "atol-de-elote",
      "horchata",
      "tamal-pisque",
      "name-frito",
      "cafe-molido",
      "hamaca-de-colores",
      "arbol-de-la-vida",
    ]);
    expect(await slugs("sort=price_desc")).toEqual([
      "arbol-de-la-vida",
      "hamaca-de-colores",
      "cafe-molido",
      "name-frito",
      "tamal-pisque",
      "horchata",
      "atol-de-elote",
      "pupusa-revuelta",
    ]);
    // Best rated, then the most reviewed among equal ratings, then the newest.
    expect(await slugs("sort=rating")).toEqual([
      "pupusa-revuelta",
      "arbol-de-la-vida",
      "atol-de-elote",
      "name-frito",
      "horchata",
      "hamaca-de-colores",
      "cafe-molido",
      "tamal-pisque",
    ]);
    // A to Z whatever the accents and capitals.
    expect(await slugs("sort=name")).toEqual([
      "arbol-de-la-vida",
      "atol-de-elote",
      "cafe-molido",
      "hamaca-de-colores",
      "horchata",
      "name-frito",
      "pupusa-revuelta",
      "tamal-pisque",
    ]);
  });

  it("sorts a category's, a merchant's and a department's products the same way", async () => {
    expect(await slugs(`categoryId=${crafts}&sort=price_asc`)).toEqual([
      "hamaca-de-colores",
      "arbol-de-la-vida",
    ]);
    expect(await slugs(`merchantId=${coast}&sort=name`)).toEqual([
      "arbol-de-la-vida",
      "hamaca-de-colores",
    ]);
    expect(await slugs(`categoryId=${food}&sort=rating&limit=3`)).toEqual([
      "pupusa-revuelta",
      "atol-de-elote",
      "name-frito",
    ]);
    expect(await slugs("department=La%20Libertad&sort=price_desc")).toEqual([
      "arbol-de-la-vida",
      "hamaca-de-colores",
    ]);
  });

  it("filters by a price range (both bounds included) and by 'Solo disponibles'", async () => {
    expect(await list("minPrice=1.25&maxPrice=3&sort=price_asc")).toMatchObject({
      slugs: ["atol-de-elote", "horchata", "tamal-pisque", "name-frito"],
      total: "4",
    });
    expect(await slugs("maxPrice=1")).toEqual(["pupusa-revuelta"]);
    expect(await slugs("minPrice=40")).toEqual(["arbol-de-la-vida"]);
    expect(await list("available=1")).toMatchObject({
      slugs: [
        "hamaca-de-colores",
        "arbol-de-la-vida",
        "horchata",
        "pupusa-revuelta",
        "atol-de-elote",
        "name-frito",
      ],
      total: "6",
    });
    expect(await slugs("available=1&maxPrice=2.00&sort=price_desc")).toEqual([
      "horchata",
      "atol-de-elote",
      "pupusa-revuelta",
    ]);
    expect(await slugs("available=0")).toHaveLength(8);
    expect(await slugs("minPrice=100")).toEqual([]);
  });

  it("counts every match in X-Total-Count when the page is full, each way it counts", async () => {
    // 'Solo disponibles' over the catalogue and a category: the stored count less the
    // unavailable; a merchant's and a department's are counted; a price range counted too.
    expect(await list("available=1&limit=2")).toMatchObject({ total: "6", atLeast: undefined });
    expect(await list(`available=1&limit=1&categoryId=${food}`)).toMatchObject({ total: "4" });
    expect(await list(`available=1&limit=1&merchantId=${capital}`)).toMatchObject({ total: "4" });
    expect(await list("available=1&limit=1&department=San%20Salvador")).toMatchObject({
      total: "4",
    });
    expect(await list("minPrice=1&maxPrice=10&limit=2&sort=price_asc")).toMatchObject({
      slugs: ["atol-de-elote", "horchata"],
      total: "5",
      atLeast: undefined,
    });
    expect(await list(`minPrice=1&limit=1&categoryId=${crafts}&available=1`)).toMatchObject({
      total: "2",
    });
  });

  it("answers 400 with the field's Spanish message for an unknown order or a bad price", async () => {
    const cases: [string, string][] = [
      ["sort=cheapest", SORT_MESSAGE],
      ["sort=PRICE_ASC", SORT_MESSAGE],
      ["sort=name&sort=rating", SORT_MESSAGE],
      ["minPrice=1.999", MIN_PRICE_MESSAGE],
      ["minPrice=-1", MIN_PRICE_MESSAGE],
      ["minPrice=cinco", MIN_PRICE_MESSAGE],
      ["maxPrice=1e3", MAX_PRICE_MESSAGE],
      ["maxPrice=100000000", MAX_PRICE_MESSAGE],
      ["minPrice=20&maxPrice=5", PRICE_RANGE_MESSAGE],
      ["available=si", AVAILABLE_MESSAGE],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: "bad_request", message });
    }
  });

  it("refuses the same in the service a page's loader calls", async () => {
    const products = t.app.services.products;
    await expect(products.listPublic({ sort: "cheap" as never })).rejects.toMatchObject({
      status: 400,
      message: SORT_MESSAGE,
    });
    await expect(products.listPublic({ minPrice: "5.555" })).rejects.toMatchObject({
      status: 400,
      message: MIN_PRICE_MESSAGE,
    });
    await expect(products.listPublic({ minPrice: "9", maxPrice: "1" })).rejects.toMatchObject({
      status: 400,
      message: PRICE_RANGE_MESSAGE,
    });
  });

  it("sorts and filters a product with variants by its lowest available variant's price", async () => {
    const res = await t.asAdmin({
      method: "POST",
      url: "/api/products",
      payload: {
        name: "Camisa de manta",
        description: "Bordada a mano en Nahuizalco.",
        price: "99.00",
        imageUrl: "",
        categoryId: crafts,
        merchantId: coast,
        options: [{ name: "Talla", values: ["S", "M", "L"] }],
        variants: [
          { options: { Talla: "S" }, price: "14.00", stock: 2 },
          { options: { Talla: "M" }, price: "12.50", stock: 0 },
          { options: { Talla: "L" }, price: "16.00" },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    try {
      // M (12.50) is sold out: the shirt is $14.00 for the shelf, not the form's 99.00.
      expect(await slugs(`categoryId=${crafts}&sort=price_asc`)).toEqual([
        "camisa-de-manta",
        "hamaca-de-colores",
        "arbol-de-la-vida",
      ]);
      expect(await slugs(`categoryId=${crafts}&maxPrice=14`)).toEqual(["camisa-de-manta"]);
      expect(await slugs(`categoryId=${crafts}&maxPrice=13`)).toEqual([]);
    } finally {
      await t.asAdmin({ method: "DELETE", url: `/api/products/${(res.json() as ProductDto).id}` });
    }
  });

  it("keeps one cache entry per list, however its link writes it", async () => {
    // Last in this block: the reads are cached from here on.
    await t.app.services.cache.enableForTests();
    {
      const products = t.app.services.products;
      const entries = () => t.app.services.cache.reads.stats().entries;
      const before = entries();
      const first = await products.listPublic({
        sort: "price_asc",
        minPrice: "1",
        available: true,
      });
      expect(entries()).toBe(before + 1);
      // The same list: another spelling of the price, the same answer from the same entry.
      const again = await products.listPublic({
        minPrice: "1.00",
        available: true,
        sort: "price_asc",
      });
      expect(again).toBe(first);
      // 'newest' is the default order: the list without a sort.
      const plain = await products.listPublic({});
      expect(await products.listPublic({ sort: "newest" })).toBe(plain);
      expect(entries()).toBe(before + 2);
      // Through the API, an unknown parameter reads the same entry too.
      await list("sort=price_asc&minPrice=1&available=1&utm_source=whatsapp");
      expect(entries()).toBe(before + 2);
    }
  });
});

describe("a price range past the count's cap (issue 36)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = (await insertCategory(t.db)).id;
    const merchantId = (await insertMerchant(t.db, { categoryId })).id;
    await t.db.execute(sql`
      insert into products (name, slug, description, price, image_url, merchant_id, category_id)
      select 'Vela ' || i, 'vela-' || i, 'Vela de cera.', (1 + i % 50)::numeric(10, 2),
        '/images/default-product.webp', ${merchantId}, ${categoryId}
      from generate_series(1, ${PRICE_COUNT_CAP + 50}) as i`);
    await refreshCategoryCounts(t.db);
  });
  afterAll(() => t.close());

  it("counts up to the cap and says the total is at least that", async () => {
    const capped = await t.app.inject({ url: "/api/products?minPrice=1&limit=5&sort=price_asc" });
    expect(capped.statusCode).toBe(200);
    expect(capped.headers["x-total-count"]).toBe(String(PRICE_COUNT_CAP));
    expect(capped.headers["x-total-count-at-least"]).toBe("true");
    expect((capped.json() as ProductDto[]).map((p) => p.price)).toEqual(Array(5).fill("1.00"));
    // Under the cap the count is exact and not flagged; without a range, the stored count.
    const exact = await t.app.inject({ url: "/api/products?maxPrice=1.00&limit=5" });
    expect(exact.headers["x-total-count"]).toBe(String((PRICE_COUNT_CAP + 50) / 50));
    expect(exact.headers["x-total-count-at-least"]).toBeUndefined();
    const all = await t.app.inject({ url: "/api/products?limit=5&sort=rating" });
    expect(all.headers["x-total-count"]).toBe(String(PRICE_COUNT_CAP + 50));
  });
});
