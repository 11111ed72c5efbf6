import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, merchants, products } from "../../../db/schema/index";
import type { ProductDto } from "../../../shared/api-types";
import { parseCatalogCsv } from "../../../shared/catalog-csv";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import {
  BULK_EMPTY_MESSAGE,
  BULK_MERCHANT_MESSAGE,
  PRICE_MESSAGE,
  PRODUCT_NAME_MESSAGE,
} from "../../../shared/schemas/index";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { CATEGORY_NOT_FOUND, MERCHANT_NOT_FOUND } from "./products.service";

describe("POST /api/admin/bulk-upload-products", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.delete(categories);
  });

  const upload = (payload: unknown) =>
    t.asAdmin({
      method: "POST",
      url: "/api/admin/bulk-upload-products",
      payload: payload as object,
    });

  async function shop() {
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, {
      categoryId: category.id,
      name: "Panadería San Antonio",
    });
    return { category, merchant };
  }

  const row = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    description: `Descripción de ${name}`,
    price: "1.50",
    imageUrl: "",
    ...extra,
  });

  it("answers 401 without a session and inserts nothing", async () => {
    const { merchant } = await shop();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/bulk-upload-products",
      payload: { merchantId: merchant.id, products: [row("Pan")] },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.db.$count(products)).toBe(0);
  });

  it("creates every row for the chosen merchant, with its category unless the row names one", async () => {
    const { category, merchant } = await shop();
    const other = await insertCategory(t.db);
    const otherMerchant = await insertMerchant(t.db, { categoryId: other.id });
    await insertProduct(t.db, {
      merchantId: otherMerchant.id,
      categoryId: other.id,
      slug: "semita",
    });

    const res = await upload({
      merchantId: merchant.id,
      products: [
        row("Semita", { merchantId: otherMerchant.id }),
        row("Semita"),
        row("Quesadilla", { categoryId: other.id, price: 2, images: ["/uploads/q.webp"] }),
        row("Marquesote", {
          imageUrl: "/uploads/m.webp",
          slug: "ignorado",
          rating: 5,
          reviewCount: 7,
        }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const body: { created: number; products: ProductDto[] } = res.json();
    expect(body.created).toBe(4);
    expect(body.products.map((p) => [p.slug, p.merchantId, p.categoryId, p.imageUrl])).toEqual([
      ["semita-2", merchant.id, category.id, DEFAULT_PRODUCT_IMAGE],
      ["semita-3", merchant.id, category.id, DEFAULT_PRODUCT_IMAGE],
      ["quesadilla", merchant.id, other.id, "/uploads/q.webp"],
      ["marquesote", merchant.id, category.id, "/uploads/m.webp"],
    ]);
    expect(body.products[2]).toMatchObject({ price: "2.00", images: ["/uploads/q.webp"] });
    expect(body.products[3]).toMatchObject({
      rating: "0.0",
      reviewCount: 0,
      isActive: true,
      merchantName: "Panadería San Antonio",
      merchantSlug: merchant.slug,
    });

    // Counts are kept true for the merchant and both categories.
    const [m] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(m.productCount).toBe(4);
    const [c1] = await t.db.select().from(categories).where(eq(categories.id, category.id));
    const [c2] = await t.db.select().from(categories).where(eq(categories.id, other.id));
    expect([c1.productCount, c2.productCount]).toEqual([3, 2]);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/products?merchantId=${merchant.id}`,
    });
    expect(list.headers["x-total-count"]).toBe("4");
  });

  it("is all or nothing: one bad row answers 400 with per-row errors and inserts nothing", async () => {
    const { merchant } = await shop();
    const res = await upload({
      merchantId: merchant.id,
      products: [
        row("Pan francés"),
        row("Pan dulce", { price: "gratis" }),
        row("Budín"),
        row("", { price: "x" }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: "products.1.price", message: `Línea 3: ${PRICE_MESSAGE}` },
        { path: "products.3.name", message: `Línea 5: ${PRODUCT_NAME_MESSAGE}` },
        { path: "products.3.price", message: `Línea 5: ${PRICE_MESSAGE}` },
      ]),
    );
    expect(body.errors).toHaveLength(3);
    expect(body.message).toBe(body.errors[0].message);
    expect(await t.db.$count(products)).toBe(0);
  });

  it("numbers rows by the CSV line the client sends, as parseCatalogCsv reads it", async () => {
    const { merchant } = await shop();
    const csv = 'Nombre,Descripción,Precio,Imagen URL\nPan,"Dos\nlíneas",1,\n\nTorta,Rica,1,\n';
    const parsed = parseCatalogCsv(csv);
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 5]);
    const rows = parsed.rows.map((r) => ({ ...r, price: r.name === "Torta" ? "no" : r.price }));
    const res = await upload({ merchantId: merchant.id, products: rows });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: "products.1.price", message: `Línea 5: ${PRICE_MESSAGE}` },
    ]);
  });

  it("refuses a row whose category doesn't exist, and nothing is inserted", async () => {
    const { merchant } = await shop();
    const res = await upload({
      merchantId: merchant.id,
      products: [
        row("Pan"),
        row("Torta", { categoryId: 987654 }),
        row("Pastel", { categoryId: 99_999_999_999 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: "products.1.categoryId", message: `Línea 3: ${CATEGORY_NOT_FOUND}` },
      { path: "products.2.categoryId", message: `Línea 4: ${CATEGORY_NOT_FOUND}` },
    ]);
    expect(await t.db.$count(products)).toBe(0);
  });

  it("needs a chosen, existing merchant and at least one row", async () => {
    const missing = await upload({ products: [row("Pan")] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: "merchantId", message: BULK_MERCHANT_MESSAGE }]);

    const unknown = await upload({ merchantId: 999_999, products: [row("Pan")] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: MERCHANT_NOT_FOUND,
      code: "validation",
      errors: [{ path: "merchantId", message: MERCHANT_NOT_FOUND }],
    });

    const { merchant } = await shop();
    for (const products of [[], undefined, "Pan"]) {
      const empty = await upload({ merchantId: merchant.id, products });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual([{ path: "products", message: BULK_EMPTY_MESSAGE }]);
    }
    expect(await t.db.$count(products)).toBe(0);
  });

  it("takes 1,000 rows in one request quickly, slugs unique among them", async () => {
    const { category, merchant } = await shop();
    await insertProduct(t.db, {
      merchantId: merchant.id,
      categoryId: category.id,
      slug: "cafe-de-altura",
    });
    const rows = Array.from({ length: 1000 }, (_, i) =>
      row(i % 2 === 0 ? "Café de altura" : `Producto número ${i}`, {
        description: `Lote ${i}, con una descripción, comas y "comillas".`,
        price: (i % 50) + 0.25,
      }),
    );
    await t.adminCookie();
    const started = performance.now();
    const res = await upload({ merchantId: merchant.id, products: rows });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(201);
    const body: { created: number; products: ProductDto[] } = res.json();
    expect(body.created).toBe(1000);
    const slugs = body.products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(1000);
    expect(slugs.slice(0, 3)).toEqual([
      "cafe-de-altura-2",
      "producto-numero-1",
      "cafe-de-altura-3",
    ]);
    expect(slugs).toContain("cafe-de-altura-501");
    expect(await t.db.$count(products)).toBe(1001);
    const [m] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(m.productCount).toBe(1001);
    // Generous bound for a slow CI machine; a row-by-row insert takes far longer on PGlite.
    expect(elapsed).toBeLessThan(5000);
  });
});
