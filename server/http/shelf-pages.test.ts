import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createRequestHandler, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import * as root from "../../app/root";
import * as categoryDetail from "../../app/routes/public/category-detail";
import * as layout from "../../app/routes/public/layout";
import * as merchantDetail from "../../app/routes/public/merchant-detail";
import * as productsPage from "../../app/routes/public/products";
import * as searchPage from "../../app/routes/public/search";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { refreshCategoryCounts } from "../modules/catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct } from "../test/factories";
import { testServerBuild, type TestRoute } from "../test/page-build";
import { openTestDatabase } from "../test/test-database";
import { mountPages } from "./web-app";

/**
 * Issue 36 on the real pages (app/root.tsx, the public layout and the four product listings,
 * rendered by React Router's handler on the app's services and database, as in production):
 * each order and filter of /products, a category's products tab, a merchant's products and
 * /search, the GET form that applies them without JavaScript, links that keep them, and the
 * page cache keeping one page per list however its URL is written.
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/products": {
    parentId: "routes/public/layout",
    path: "products",
    module: productsPage,
  },
  "routes/public/search": { parentId: "routes/public/layout", path: "search", module: searchPage },
  "routes/public/category-detail": {
    parentId: "routes/public/layout",
    path: "categories/:categorySlug",
    module: categoryDetail,
  },
  "routes/public/merchant-detail": {
    parentId: "routes/public/layout",
    path: "merchants/:merchantSlug",
    module: merchantDetail,
  },
} satisfies Record<string, TestRoute>;

// Names found nowhere else on the pages; prices, ratings and dates set apart.
const PRODUCTS = [
  { name: "Xilófono de jícaro", price: "12.00", rating: "3.5", day: 1 },
  { name: "Quesadilla salvadoreña", price: "2.50", rating: "4.8", day: 2 },
  { name: "Zapote maduro", price: "0.80", rating: "4.1", day: 3 },
  { name: "Jarrón de Ilobasco", price: "25.00", rating: "5.0", day: 4 },
  // 'Agotado': left out by 'Solo disponibles'.
  { name: "Yuca frita", price: "1.50", rating: "4.4", day: 5, soldOut: true },
];
const NAMES = PRODUCTS.map((p) => p.name);

/** The products a page lists, in the order it lists them. */
const listed = (html: string) =>
  NAMES.filter((name) => html.includes(name)).sort((a, b) => html.indexOf(a) - html.indexOf(b));

describe("the product listings' sort and filters on the pages (issue 36)", () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let renders = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const category = await insertCategory(db, { name: "Comida", slug: "comida" });
    const merchant = await insertMerchant(db, {
      categoryId: category.id,
      name: "Tienda Las Brumas",
      slug: "tienda-las-brumas",
    });
    for (const p of PRODUCTS) {
      await insertProduct(db, {
        merchantId: merchant.id,
        categoryId: category.id,
        name: p.name,
        slug: `estante-${p.day}`,
        description: "Hecho en El Salvador.",
        price: p.price,
        rating: p.rating,
        createdAt: new Date(Date.UTC(2026, 10, p.day, 12)),
        ...(p.soldOut && { soldOut: true, inStock: false }),
      });
    }
    // More than a page in another category, so the page links show on /products: older,
    // dearer and unrated than the five above.
    const other = await insertCategory(db, { name: "Velas", slug: "velas" });
    await db.execute(sql`
      insert into products (name, slug, description, price, image_url, merchant_id, category_id, created_at)
      select 'Vela ' || i, 'vela-estante-' || i, 'Cera.', '100.00', '/images/default-product.webp',
        ${merchant.id}::int, ${other.id}::int, '2026-01-01'::timestamptz
      from generate_series(1, 60) as i`);
    await refreshCategoryCounts(db);

    dataDir = mkdtempSync(join(tmpdir(), "tiangue-shelf-pages-"));
    const handle = createRequestHandler(testServerBuild(ROUTES), "production");
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      sessionSecret: "s".repeat(48),
      web: async (fastify) =>
        mountPages(
          fastify,
          (request: Request, context?: AppLoadContext) => {
            renders++;
            return handle(request, context);
          },
          { keepPages: true },
        ),
    });
    await app.ready();
    await app.services.cache.enableForTests();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it("lists /products in each order, newest first by default", async () => {
    const newest = [
      "Yuca frita",
      "Jarrón de Ilobasco",
      "Zapote maduro",
      "Quesadilla salvadoreña",
      "Xilófono de jícaro",
    ];
    expect(listed(await page("/products"))).toEqual(newest);
    expect(listed(await page("/products?sort=price_asc"))).toEqual([
      "Zapote maduro",
      "Yuca frita",
      "Quesadilla salvadoreña",
      "Xilófono de jícaro",
      "Jarrón de Ilobasco",
    ]);
    expect(listed(await page("/products?sort=price_desc&maxPrice=30"))).toEqual([
      "Jarrón de Ilobasco",
      "Xilófono de jícaro",
      "Quesadilla salvadoreña",
      "Yuca frita",
      "Zapote maduro",
    ]);
    expect(listed(await page("/products?sort=rating"))).toEqual([
      "Jarrón de Ilobasco",
      "Quesadilla salvadoreña",
      "Yuca frita",
      "Zapote maduro",
      "Xilófono de jícaro",
    ]);
    // 'Nombre' from A: the candles ('Vela …') come before X, Y and Z and fill the first page.
    expect(listed(await page("/products?sort=name"))).toEqual([
      "Jarrón de Ilobasco",
      "Quesadilla salvadoreña",
    ]);
  });

  it("filters by a price range and 'Solo disponibles', and says how many are left", async () => {
    const html = await page("/products?minPrice=1&maxPrice=12&available=1&sort=price_asc");
    expect(listed(html)).toEqual(["Quesadilla salvadoreña", "Xilófono de jícaro"]);
    expect(html).toMatch(/>2 productos</);
    expect(listed(await page("/products?available=1"))).not.toContain("Yuca frita");
    // A bound the page cannot read is no filter (the API would answer 400).
    expect(listed(await page("/products?minPrice=abc&sort=cheapest"))).toHaveLength(5);
  });

  it("applies the shelf with a GET form that works without JavaScript", async () => {
    const html = await page("/products?sort=price_desc&minPrice=2&available=1");
    const form = html.match(
      /<form[^>]*aria-label="Ordenar y filtrar productos"[^>]*>[\s\S]*?<\/form>/,
    )?.[0];
    expect(form).toBeDefined();
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/<select[^>]*name="sort"/);
    expect(form).toMatch(/<option value="price_desc" selected="">Mayor precio<\/option>/);
    expect(form).toMatch(/<option value="">Más recientes<\/option>/);
    expect(form).toMatch(/name="minPrice"[^>]*value="2.00"|value="2.00"[^>]*name="minPrice"/);
    expect(form).toMatch(/name="maxPrice"/);
    const checkbox = form?.match(/<input[^>]*type="checkbox"[^>]*>/)?.[0];
    expect(checkbox).toMatch(/name="available"/);
    expect(checkbox).toMatch(/value="1"/);
    expect(checkbox).toMatch(/checked=""/);
    // Sent to this page's path: the fields are the whole query.
    expect(form).toMatch(/action="\/products"/);
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*>Aplicar<\/button>/);
    // The department form keeps the shelf, and the shelf form the department.
    const filtered = await page("/products?department=San%20Salvador&sort=rating");
    expect(filtered).toMatch(/<input type="hidden" name="sort" value="rating"\/>/);
    expect(filtered).toMatch(/<input type="hidden" name="department" value="San Salvador"\/>/);
  });

  it("keeps the shelf in the page links", async () => {
    const html = await page("/products?sort=price_asc&maxPrice=100");
    expect(html).toContain('href="/products?sort=price_asc&amp;maxPrice=100.00&amp;page=2"');
  });

  it("says when no product matches the filters, with a way back", async () => {
    const html = await page("/products?minPrice=500");
    expect(html).toContain("Ningún producto coincide con estos filtros.");
    expect(html).toMatch(/href="\/products"[^>]*>Quitar filtros/);
  });

  it("sorts and filters a category's products tab, and keeps its tab", async () => {
    const html = await page("/categories/comida?tab=productos&sort=price_asc&available=1");
    expect(listed(html)).toEqual([
      "Zapote maduro",
      "Quesadilla salvadoreña",
      "Xilófono de jícaro",
      "Jarrón de Ilobasco",
    ]);
    expect(html).toMatch(/<input type="hidden" name="tab" value="productos"\/>/);
    expect(html).toMatch(/Productos \((<!-- -->)?4(<!-- -->)?\)/);
  });

  it("sorts and filters a merchant's products", async () => {
    const html = await page("/merchants/tienda-las-brumas?sort=price_desc&maxPrice=10");
    expect(listed(html)).toEqual(["Quesadilla salvadoreña", "Yuca frita", "Zapote maduro"]);
    expect(html).toContain('aria-label="Ordenar y filtrar productos"');
  });

  it("sorts and filters the search's products, relevance first, keeping the words", async () => {
    const html = await page("/search?q=salvador&sort=price_asc&maxPrice=15&available=1");
    expect(listed(html)).toEqual(["Zapote maduro", "Quesadilla salvadoreña", "Xilófono de jícaro"]);
    expect(html).toMatch(/<option value="">Más relevantes<\/option>/);
    expect(html).toMatch(/<input type="hidden" name="q" value="salvador"\/>/);
  });

  it("writes no query of its own URL into the page, so a kept page holds nobody's", async () => {
    for (const url of [
      "/products?sort=rating&fbclid=visitante123",
      "/categories/comida?tab=productos&fbclid=visitante123",
      "/merchants/tienda-las-brumas?fbclid=visitante123",
      "/search?q=salvador&fbclid=visitante123",
    ]) {
      expect(await page(url), url).not.toContain("visitante123");
    }
  });

  it("keeps one page per list, however its URL is written", async () => {
    const pages = app.services.cache.pages!;
    const first = await page("/products?sort=rating&minPrice=1");
    const rendered = renders;
    const entries = pages.stats().entries;
    for (const url of [
      "/products?sort=rating&minPrice=1&utm_source=whatsapp",
      "/products?minPrice=1.00&sort=rating",
      "/products?fbclid=IwAR0&minPrice=1.0&sort=rating&page=1",
    ]) {
      expect(await page(url), url).toBe(first);
    }
    expect(renders).toBe(rendered);
    expect(pages.stats().entries).toBe(entries);
    // Another list is another page.
    await page("/products?sort=rating&minPrice=2");
    expect(renders).toBe(rendered + 1);
    expect(pages.stats().entries).toBe(entries + 1);
  });
});
