import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "../../../db/schema/index";
import type { ProductDto } from "../../../shared/api-types";
import { OPTIONS_MAX_MESSAGE, VARIANTS_MAX_MESSAGE } from "../../../shared/product-variants";
import {
  OPTION_VALUE_REPEATED_MESSAGE,
  STOCK_MESSAGE,
  STOCK_WITH_VARIANTS_MESSAGE,
  VARIANT_OPTIONS_MESSAGE,
  VARIANT_PRICE_DECIMALS_MESSAGE,
  VARIANT_REPEATED_MESSAGE,
  VARIANTS_REQUIRED_MESSAGE,
} from "../../../shared/schemas/product-variants";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { VARIANT_OF_ANOTHER_PRODUCT } from "./products.stock";

/** Issue 36: a product's stock, 'Agotado', options and variants, as the admin writes them. */
describe("product stock and variants (issue 36)", () => {
  let t: TestApp;
  let categoryId: number;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db)).id;
    merchantId = (await insertMerchant(t.db, { categoryId })).id;
  });
  afterAll(() => t.close());

  /** The spec's payload of POST /api/products, and the fields of issue 36 beside it. */
  const base = () => ({
    name: "Camisa de manta",
    description: "Bordada a mano en Nahuizalco.",
    price: "15.00",
    imageUrl: "",
    categoryId,
    merchantId,
  });
  const shirt = {
    options: [
      { name: "Talla", values: ["S", "M", "L"] },
      { name: "Color", values: ["Blanco", "Azul"] },
    ],
    variants: [
      { options: { Talla: "S", Color: "Blanco" }, price: "14.00", stock: 2 },
      { options: { Color: "Azul", Talla: "M" }, price: "12.50", stock: 0, sku: "CAM-M-AZ" },
      { options: { Talla: "L", Color: "Blanco" }, price: "16.00" },
    ],
  };

  const create = (fields: Record<string, unknown>) =>
    t.asAdmin({ method: "POST", url: "/api/products", payload: { ...base(), ...fields } });
  const update = (id: number, fields: Record<string, unknown>) => {
    const { merchantId: _m, ...payload } = { ...base(), ...fields };
    return t.asAdmin({ method: "PUT", url: `/api/products/${id}`, payload });
  };
  const stored = async (id: number) =>
    (await t.db.select().from(products).where(eq(products.id, id)))[0];

  it("absent fields mean today's product: not counted, not sold out, available", async () => {
    const res = await create({});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      stock: null,
      soldOut: false,
      available: true,
      options: [],
      variants: [],
    });
    expect(await stored(res.json().id)).toMatchObject({ inStock: true, price: "15.00" });
  });

  it("a count above 0 is available, 0 or 'Agotado' is not, and in_stock follows", async () => {
    const counted = (await create({ stock: 3 })).json() as ProductDto;
    expect(counted).toMatchObject({ stock: 3, available: true });
    const none = (await create({ stock: 0 })).json() as ProductDto;
    expect(none).toMatchObject({ stock: 0, available: false });
    expect((await stored(none.id)).inStock).toBe(false);
    const off = (await create({ stock: 10, soldOut: true })).json() as ProductDto;
    expect(off).toMatchObject({ soldOut: true, available: false });

    // The spec's exact PUT payload leaves the count and the flag as they are.
    const kept = await update(counted.id, {});
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ stock: 3, soldOut: false, available: true });
    const restocked = await update(none.id, { stock: 5 });
    expect(restocked.json()).toMatchObject({ stock: 5, available: true });
    expect((await stored(none.id)).inStock).toBe(true);
    // Inactive: stays in stock, but not available.
    const inactive = await update(counted.id, { isActive: false });
    expect(inactive.json()).toMatchObject({ isActive: false, available: false });
  });

  it("variants: named in the options' order, priced 'Desde' the lowest available", async () => {
    const res = await create(shirt);
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json() as ProductDto;
    expect(product.options).toEqual(shirt.options);
    expect(product.variants.map((v) => [v.name, v.price, v.stock, v.available, v.sku])).toEqual([
      ["S · Blanco", "14.00", 2, true, null],
      ["M · Azul", "12.50", 0, false, "CAM-M-AZ"],
      ["L · Blanco", "16.00", null, true, null],
    ]);
    // Its options in the product's order, whatever order they were sent in.
    expect(Object.keys(product.variants[1].options)).toEqual(["Talla", "Color"]);
    // M · Azul is sold out: the lowest available is S · Blanco's 14.00, not the form's 15.00.
    expect(product).toMatchObject({ price: "14.00", stock: null, available: true });
    expect(await stored(product.id)).toMatchObject({ price: "14.00", inStock: true });

    // Every variant sold out: the lowest of all, and the product is not available.
    const ids = product.variants.map((v) => v.id);
    const none = await update(product.id, {
      ...shirt,
      variants: shirt.variants.map((v, i) => ({ ...v, id: ids[i], soldOut: true })),
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ price: "12.50", available: false });
    // A variant sent with its id keeps it.
    expect((none.json() as ProductDto).variants.map((v) => v.id)).toEqual(ids);
    expect(await stored(product.id)).toMatchObject({ price: "12.50", inStock: false });

    // Written whole: one left (kept by id), the others deleted, one new.
    const rewritten = await update(product.id, {
      options: [{ name: "Talla", values: ["S", "XL"] }],
      variants: [
        { id: ids[0], options: { Talla: "S" }, price: "13.00", stock: 1 },
        { options: { Talla: "XL" }, price: "18.00" },
      ],
    });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    const after = rewritten.json() as ProductDto;
    expect(after.variants.map((v) => [v.id === ids[0], v.name])).toEqual([
      [true, "S"],
      [false, "XL"],
    ]);
    expect(after).toMatchObject({ price: "13.00", available: true });
    const rows = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(rows).toHaveLength(2);

    // Options [] take the variants away: the product's own price and stock again.
    const plain = await update(product.id, { options: [], variants: [], stock: 4 });
    expect(plain.json()).toMatchObject({ price: "15.00", stock: 4, variants: [], options: [] });
  });

  it("a variant of another product is a 400 naming the field, and nothing changes", async () => {
    const mine = (await create(shirt)).json() as ProductDto;
    const other = (await create(shirt)).json() as ProductDto;
    const res = await update(mine.id, {
      ...shirt,
      variants: [{ ...shirt.variants[0], id: other.variants[0].id }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: "variants.0.id", message: VARIANT_OF_ANOTHER_PRODUCT },
    ]);
    const rows = await t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, other.id));
    expect(rows).toHaveLength(3);
    expect(
      ((await t.app.services.products.getPublic(String(mine.id))) as ProductDto).variants,
    ).toHaveLength(3);
  });

  it.each([
    ["a negative stock", { stock: -1 }, "stock", STOCK_MESSAGE],
    ["a stock with decimals", { stock: 1.5 }, "stock", STOCK_MESSAGE],
    [
      "a variant price with three decimals",
      { ...shirt, variants: [{ ...shirt.variants[0], price: "12.555" }] },
      "variants.0.price",
      VARIANT_PRICE_DECIMALS_MESSAGE,
    ],
    [
      "4 options",
      {
        options: ["Talla", "Color", "Relleno", "Tamaño"].map((name) => ({ name, values: ["A"] })),
        variants: [
          { options: { Talla: "A", Color: "A", Relleno: "A", Tamaño: "A" }, price: "1.00" },
        ],
      },
      "options",
      OPTIONS_MAX_MESSAGE,
    ],
    [
      "200 variants",
      {
        options: [{ name: "Número", values: ["1"] }],
        variants: Array.from({ length: 200 }, () => ({ options: { Número: "1" }, price: "1.00" })),
      },
      "variants",
      VARIANTS_MAX_MESSAGE,
    ],
    [
      "a variant with a value its option lacks",
      { ...shirt, variants: [{ options: { Talla: "XXL", Color: "Azul" }, price: "1.00" }] },
      "variants.0.options",
      VARIANT_OPTIONS_MESSAGE,
    ],
    [
      "one combination twice",
      { ...shirt, variants: [shirt.variants[0], shirt.variants[0]] },
      "variants.1.options",
      VARIANT_REPEATED_MESSAGE,
    ],
    [
      "a value twice",
      {
        options: [{ name: "Talla", values: ["M", "m"] }],
        variants: [{ options: { Talla: "M" }, price: "1" }],
      },
      "options.0.values.1",
      OPTION_VALUE_REPEATED_MESSAGE,
    ],
    [
      "options without variants",
      { options: shirt.options, variants: [] },
      "variants",
      VARIANTS_REQUIRED_MESSAGE,
    ],
    ["a count beside variants", { ...shirt, stock: 3 }, "stock", STOCK_WITH_VARIANTS_MESSAGE],
  ])("refuses %s with a 400 and its Spanish message", async (_, fields, path, message) => {
    const res = await create(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation");
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it("a count on a product that keeps its variants is a 400 on PUT too", async () => {
    const product = (await create(shirt)).json() as ProductDto;
    const res = await update(product.id, { stock: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "stock", message: STOCK_WITH_VARIANTS_MESSAGE }]);
  });

  it("the CSV upload takes stock and variants per product", async () => {
    const res = await t.asAdmin({
      method: "POST",
      url: "/api/admin/bulk-upload-products",
      payload: {
        merchantId,
        products: [
          { ...base(), name: "Horchata", price: "1.00", stock: 0 },
          {
            ...base(),
            name: "Pupusa",
            price: "0.50",
            options: [{ name: "Relleno", values: ["Queso", "Revuelta"] }],
            variants: [
              { options: { Relleno: "Queso" }, price: "0.60" },
              { options: { Relleno: "Revuelta" }, price: "0.75", stock: 10 },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [horchata, pupusa] = res.json().products as ProductDto[];
    expect(horchata).toMatchObject({ stock: 0, available: false });
    expect(pupusa).toMatchObject({ price: "0.60", available: true });
    expect(pupusa.variants.map((v) => [v.name, v.stock])).toEqual([
      ["Queso", null],
      ["Revuelta", 10],
    ]);
  });
});
