import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, merchants, products, reviews } from "../../db/schema/index";
import type {
  CategoryDto,
  MerchantDto,
  ProductDto,
  ReviewDto,
  SearchResultDto,
} from "../../shared/api-types";
import { refreshCategoryCounts, refreshMerchantStats } from "../modules/catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { CatalogueCache } from "./index";

/**
 * Every write to the public catalogue shows in the very next public read, although
 * those reads are cached: each test reads first (filling the cache), writes through the
 * API, and reads again.
 */
describe("public-read cache", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.cache.enableForTests();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(products);
    await t.db.delete(reviews);
    await t.db.delete(merchants);
    await t.db.delete(categories);
    // Rows written here bypass the services: tell the cache, as any such writer must.
    await t.app.services.cache.invalidate();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const json = async <T>(url: string): Promise<T> => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };
  const admin = async (options: InjectOptions, status = 200) => {
    const res = await t.asAdmin(options);
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };

  /** A public merchant with one public product, and the counts that go with them. */
  async function shop() {
    const category = await insertCategory(t.db, { name: "Café", slug: "cafe" });
    const merchant = await insertMerchant(t.db, {
      categoryId: category.id,
      name: "Cafetería El Volcán",
      slug: "cafeteria-el-volcan",
    });
    const product = await insertProduct(t.db, {
      merchantId: merchant.id,
      categoryId: category.id,
      name: "Café de altura",
      slug: "cafe-de-altura",
      price: "8.00",
    });
    await refreshMerchantStats(t.db, [merchant.id]);
    await refreshCategoryCounts(t.db);
    await t.app.services.cache.invalidate();
    return { category, merchant, product };
  }

  it("serves repeated reads from memory until a write", async () => {
    const { product } = await shop();
    const url = `/api/products/${product.slug}`;
    expect((await json<ProductDto>(url)).price).toBe("8.00");

    // A change behind the services' back stays unseen: the answer comes from the cache…
    await t.db.update(products).set({ price: "9.00" }).where(eq(products.id, product.id));
    const before = t.app.services.cache.reads.stats().hits;
    expect((await json<ProductDto>(url)).price).toBe("8.00");
    expect(t.app.services.cache.reads.stats().hits).toBe(before + 1);

    // …until any write through the services.
    await admin({ method: "POST", url: "/api/admin/categories", payload: cat("Otra") }, 201);
    expect((await json<ProductDto>(url)).price).toBe("9.00");
  });

  const cat = (name: string) => ({
    name,
    slug: name.toLowerCase().replace(/\s+/g, "-"),
    icon: "🛍️",
  });

  describe("categories", () => {
    it("shows a created, renamed and deleted category at once", async () => {
      expect(await json<CategoryDto[]>("/api/categories")).toEqual([]);

      const created: CategoryDto = (
        await admin({ method: "POST", url: "/api/admin/categories", payload: cat("Hogar") }, 201)
      ).json();
      expect((await json<CategoryDto[]>("/api/categories")).map((c) => c.name)).toEqual(["Hogar"]);

      await admin({
        method: "PUT",
        url: `/api/admin/categories/${created.id}`,
        payload: { ...cat("Hogar y jardín"), slug: "hogar" },
      });
      expect((await json<CategoryDto[]>("/api/categories")).map((c) => c.name)).toEqual([
        "Hogar y jardín",
      ]);

      await admin({ method: "DELETE", url: `/api/admin/categories/${created.id}` }, 204);
      expect(await json<CategoryDto[]>("/api/categories")).toEqual([]);
    });
  });

  describe("products", () => {
    it("shows a created product in lists, counts and search at once", async () => {
      const { category, merchant } = await shop();
      const listUrl = `/api/products?categoryId=${category.id}`;
      expect((await get(listUrl)).headers["x-total-count"]).toBe("1");
      expect((await json<SearchResultDto>("/api/search?q=quesadilla")).products).toEqual([]);
      expect((await json<CategoryDto[]>("/api/categories"))[0].productCount).toBe(1);

      const created: ProductDto = (
        await admin(
          {
            method: "POST",
            url: "/api/products",
            payload: {
              name: "Quesadilla salvadoreña",
              description: "Dulce de queso y arroz.",
              price: "2.50",
              merchantId: merchant.id,
              categoryId: category.id,
            },
          },
          201,
        )
      ).json();

      const list = await get(listUrl);
      expect(list.headers["x-total-count"]).toBe("2");
      expect((list.json() as ProductDto[]).map((p) => p.id)).toContain(created.id);
      expect(
        (await json<SearchResultDto>("/api/search?q=quesadilla")).products.map((p) => p.id),
      ).toEqual([created.id]);
      expect((await json<CategoryDto[]>("/api/categories"))[0].productCount).toBe(2);
      expect((await json<MerchantDto>(`/api/merchants/${merchant.slug}`)).productCount).toBe(2);
    });

    it("shows an edited product at once, and hides it once inactive", async () => {
      const { category, product } = await shop();
      const byId = `/api/products/${product.id}`;
      const bySlug = `/api/products/${product.slug}`;
      expect((await json<ProductDto>(byId)).name).toBe("Café de altura");
      expect((await json<ProductDto>(bySlug)).name).toBe("Café de altura");
      expect((await json<ProductDto[]>("/api/products/popular")).map((p) => p.id)).toEqual([
        product.id,
      ]);

      const edit = {
        name: "Café de altura tostado",
        description: "Tueste medio.",
        price: "9.50",
        categoryId: category.id,
      };
      const updated: ProductDto = (
        await admin({ method: "PUT", url: `/api/products/${product.id}`, payload: edit })
      ).json();
      expect(await json<ProductDto>(byId)).toMatchObject({ name: edit.name, price: "9.50" });
      expect((await json<ProductDto>(`/api/products/${updated.slug}`)).price).toBe("9.50");

      await admin({
        method: "PUT",
        url: `/api/products/${product.id}`,
        payload: { ...edit, isActive: false },
      });
      expect((await get(byId)).statusCode).toBe(404);
      expect(await json<ProductDto[]>("/api/products/popular")).toEqual([]);
    });

    it("forgets a deleted product at once", async () => {
      const { product } = await shop();
      expect((await get(`/api/products/${product.slug}`)).statusCode).toBe(200);
      await admin({ method: "DELETE", url: `/api/products/${product.id}` }, 204);
      expect((await get(`/api/products/${product.slug}`)).statusCode).toBe(404);
      expect(await json<ProductDto[]>("/api/products")).toEqual([]);
    });

    it("shows a bulk upload at once", async () => {
      const { merchant } = await shop();
      const url = `/api/products?merchantId=${merchant.id}`;
      expect(await json<ProductDto[]>(url)).toHaveLength(1);
      await admin(
        {
          method: "POST",
          url: "/api/admin/bulk-upload-products",
          payload: {
            merchantId: merchant.id,
            products: ["Pan francés", "Semita"].map((name) => ({
              name,
              description: `${name} del día.`,
              price: "0.25",
              imageUrl: "",
            })),
          },
        },
        201,
      );
      expect(await json<ProductDto[]>(url)).toHaveLength(3);
    });
  });

  describe("merchants", () => {
    it("publishes an approved registration at once, and hides a rejected one", async () => {
      const { category } = await shop();
      const pending = await insertMerchant(t.db, {
        categoryId: category.id,
        approved: false,
        name: "Pupusería Doña Tere",
        slug: "pupuseria-dona-tere",
      });
      const listUrl = `/api/merchants?categoryId=${category.id}`;
      expect((await json<MerchantDto[]>(listUrl)).map((m) => m.id)).not.toContain(pending.id);
      expect((await get(`/api/merchants/${pending.slug}`)).statusCode).toBe(404);

      await admin({ method: "POST", url: `/api/admin/merchants/${pending.id}/approve` });
      expect((await json<MerchantDto[]>(listUrl)).map((m) => m.id)).toContain(pending.id);
      expect((await json<MerchantDto>(`/api/merchants/${pending.slug}`)).id).toBe(pending.id);
      expect((await json<CategoryDto[]>("/api/categories"))[0].merchantCount).toBe(2);

      await admin({
        method: "POST",
        url: `/api/admin/merchants/${pending.id}/reject`,
        payload: { reason: "Datos incompletos" },
      });
      expect((await get(`/api/merchants/${pending.slug}`)).statusCode).toBe(404);
      expect((await json<CategoryDto[]>("/api/categories"))[0].merchantCount).toBe(1);
    });

    it("shows an edit at once, and hides the products of a deactivated merchant", async () => {
      const { merchant, product } = await shop();
      expect((await json<MerchantDto[]>("/api/merchants/featured")).map((m) => m.name)).toEqual([
        "Cafetería El Volcán",
      ]);
      expect((await get(`/api/products/${product.slug}`)).statusCode).toBe(200);

      const current = await json<MerchantDto>(`/api/merchants/${merchant.id}`);
      const edit = {
        name: "Cafetería El Volcán de Santa Ana",
        description: current.description,
        address: current.address,
        department: current.department,
        municipality: current.municipality,
        phone: current.phone,
        email: current.email,
        categoryId: current.categoryId,
        schedule: current.schedule,
      };
      await admin({ method: "PUT", url: `/api/admin/merchants/${merchant.id}`, payload: edit });
      expect((await json<MerchantDto>(`/api/merchants/${merchant.id}`)).name).toBe(edit.name);
      expect((await json<MerchantDto[]>("/api/merchants/featured"))[0].name).toBe(edit.name);
      expect((await json<ProductDto>(`/api/products/${product.slug}`)).merchantName).toBe(
        edit.name,
      );

      await admin({
        method: "PUT",
        url: `/api/admin/merchants/${merchant.id}`,
        payload: { ...edit, isActive: false },
      });
      expect((await get(`/api/products/${product.slug}`)).statusCode).toBe(404);
      expect(await json<MerchantDto[]>("/api/merchants/featured")).toEqual([]);
    });

    it("forgets a deleted merchant and its products at once", async () => {
      const { merchant, product } = await shop();
      expect((await get(`/api/merchants/${merchant.slug}`)).statusCode).toBe(200);
      await admin({ method: "DELETE", url: `/api/admin/merchants/${merchant.id}` }, 204);
      expect((await get(`/api/merchants/${merchant.slug}`)).statusCode).toBe(404);
      expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
      expect((await json<CategoryDto[]>("/api/categories"))[0].productCount).toBe(0);
    });

    it("publishes a merchant created by an administrator at once", async () => {
      const { category } = await shop();
      expect(await json<MerchantDto[]>("/api/merchants")).toHaveLength(1);
      const current = await json<MerchantDto[]>("/api/merchants");
      await admin(
        {
          method: "POST",
          url: "/api/admin/merchants",
          payload: {
            name: "Floristería La Rosa",
            description: "Arreglos florales para toda ocasión.",
            address: current[0].address,
            department: current[0].department,
            municipality: current[0].municipality,
            phone: "+503 2222-1111",
            email: "rosa@ejemplo.sv",
            categoryId: category.id,
            schedule: current[0].schedule,
          },
        },
        201,
      );
      expect((await json<MerchantDto[]>("/api/merchants")).map((m) => m.name)).toContain(
        "Floristería La Rosa",
      );
    });
  });

  describe("reviews", () => {
    it("shows an approved review and the new rating at once, and forgets a deleted one", async () => {
      const { product } = await shop();
      const review = await insertReview(t.db, { productId: product.id, rating: 4 });
      const url = `/api/reviews?productId=${product.id}`;
      expect(await json<ReviewDto[]>(url)).toEqual([]);
      expect((await json<ProductDto>(`/api/products/${product.slug}`)).rating).toBe("0.0");

      await admin({ method: "POST", url: `/api/admin/reviews/${review.id}/approve` });
      expect((await json<ReviewDto[]>(url)).map((r) => r.id)).toEqual([review.id]);
      expect(await json<ProductDto>(`/api/products/${product.slug}`)).toMatchObject({
        rating: "4.0",
        reviewCount: 1,
      });

      await admin({ method: "DELETE", url: `/api/admin/reviews/${review.id}` }, 204);
      expect(await json<ReviewDto[]>(url)).toEqual([]);
      expect((await json<ProductDto>(`/api/products/${product.slug}`)).reviewCount).toBe(0);
    });

    it("keeps the cache when a shopper submits a review or registers a merchant (nothing public changes)", async () => {
      const { merchant, category } = await shop();
      await json<ProductDto[]>("/api/products");
      const generation = t.app.services.cache.reads.stats().generation;
      const review = await t.app.inject({
        method: "POST",
        url: "/api/reviews",
        payload: {
          userName: "Ana López",
          userEmail: "ana@ejemplo.sv",
          rating: 5,
          comment: "Excelente café, muy recomendado.",
          merchantId: merchant.id,
        },
      });
      expect(review.statusCode, review.body).toBe(201);
      expect(t.app.services.cache.reads.stats().generation).toBe(generation);
      expect(await json<ReviewDto[]>(`/api/reviews?merchantId=${merchant.id}`)).toEqual([]);
      expect((await json<CategoryDto[]>("/api/categories"))[0].id).toBe(category.id);
    });
  });

  it("hands out frozen values, so no caller can change what others get", async () => {
    const { product } = await shop();
    const service = t.app.services.products;
    const first = await service.getPublic(product.slug);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { name: string }).name = "Otro";
    }).toThrow(TypeError);
    expect(await service.getPublic(product.slug)).toBe(first);
  });

  it("answers concurrent misses with one load", async () => {
    await shop();
    const before = t.app.services.cache.reads.stats().misses;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.services.categories.list()),
    );
    expect(t.app.services.cache.reads.stats().misses).toBe(before + 1);
    expect(new Set(answers).size).toBe(1);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("public-read cache across processes", () => {
  it("forgets what another process's write changed, by NOTIFY", async () => {
    const t = await createTestApp();
    // A second "process": its own pool and cache on the same database.
    const { openDatabase } = await import("../../db/client");
    const pool = (t.db as unknown as { $client: { options: { connectionString: string } } })
      .$client;
    const other = await openDatabase({ url: pool.options.connectionString, poolSize: 2 });
    const otherCache = new CatalogueCache({ db: other.db });
    try {
      await t.app.services.cache.enableForTests();
      await otherCache.enableForTests();
      const category = await insertCategory(t.db, { name: "Café", slug: "cafe" });
      const read = () =>
        otherCache.reads.get("test.category", async () => {
          const [row] = await other.db.select().from(categories).limit(1);
          return row.name;
        });
      expect(await read()).toBe("Café");

      await t.db.update(categories).set({ name: "Cafés" }).where(eq(categories.id, category.id));
      await t.app.services.cache.invalidate();
      // The notification arrives on the other connection a moment after the commit.
      const deadline = Date.now() + 5000;
      while (otherCache.reads.stats().entries > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await read()).toBe("Cafés");
    } finally {
      await otherCache.close();
      await other.close();
      await t.close();
    }
  });
});

describe("one cache per app", () => {
  it("keeps two apps' caches apart: one's invalidation leaves the other's reads and pages", async () => {
    const [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    try {
      expect(a.app.services.cache).not.toBe(b.app.services.cache);
      await a.app.services.cache.enableForTests();
      await b.app.services.cache.enableForTests();
      await insertCategory(b.db, { name: "Café", slug: "cafe" });
      await b.app.services.categories.list();
      const version = b.app.services.cache.version();
      const entries = b.app.services.cache.reads.stats().entries;
      expect(entries).toBeGreaterThan(0);

      await a.app.services.cache.invalidate();
      expect(a.app.services.cache.version()).not.toBe(version);
      expect(b.app.services.cache.version()).toBe(version);
      expect(b.app.services.cache.reads.stats().entries).toBe(entries);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("CATALOGUE_CACHE=off", () => {
  it("answers every public read from the database", async () => {
    const t = await createTestApp({ CATALOGUE_CACHE: "off" });
    try {
      await t.app.services.cache.enableForTests();
      expect(t.app.services.cache.reads.enabled).toBe(false);
      expect(t.app.services.cache.pages).toBeNull();
      await insertCategory(t.db, { name: "Café", slug: "cafe" });
      const first = await t.app.inject({ method: "GET", url: "/api/categories" });
      expect(first.json().map((c: CategoryDto) => c.name)).toEqual(["Café"]);
      // Written behind the services' back and never announced: only an uncached read sees it.
      await insertCategory(t.db, { name: "Pan", slug: "pan" });
      const second = await t.app.inject({ method: "GET", url: "/api/categories" });
      expect(second.json().map((c: CategoryDto) => c.name)).toEqual(["Café", "Pan"]);
    } finally {
      await t.close();
    }
  });
});
