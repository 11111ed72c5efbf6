import { describe, expect, it } from "vitest";
import { bulkUploadSchema } from "./bulk-upload";
import { messagesOf } from "../test/test-helpers";

const row = {
  name: "Tamal",
  slug: "tamal",
  description: "De pollo",
  price: "1.1",
  imageUrl: "/images/default-product.webp",
};

describe("bulkUploadSchema", () => {
  it("accepts rows without merchant or category and parses prices", () => {
    const data = bulkUploadSchema.parse({
      merchantId: "5",
      products: [row, { ...row, price: 2, merchantId: 5, categoryId: 1 }],
    });
    expect(data.merchantId).toBe(5);
    expect(data.products.map((p) => p.price)).toEqual(["1.10", "2.00"]);
    expect(data.products[1]).toMatchObject({ merchantId: 5, categoryId: 1 });
  });

  it("needs a merchant", () => {
    expect(messagesOf(bulkUploadSchema, { products: [row] })).toEqual({
      merchantId: ["No se ha seleccionado un comercio"],
    });
    expect(messagesOf(bulkUploadSchema, { merchantId: 0, products: [row] })).toEqual({
      merchantId: ["No se ha seleccionado un comercio"],
    });
  });

  it("needs 1 to 5000 products", () => {
    expect(messagesOf(bulkUploadSchema, { merchantId: 1, products: [] })).toEqual({
      products: ["El catálogo no tiene productos"],
    });
    expect(
      messagesOf(bulkUploadSchema, { merchantId: 1, products: Array(5001).fill(row) }),
    ).toEqual({
      products: ["El catálogo no puede tener más de 5000 productos"],
    });
  });

  it("validates each row with the product rules, by path", () => {
    const products = [row, row, row, { ...row, price: "gratis", name: "" }];
    expect(messagesOf(bulkUploadSchema, { merchantId: 1, products })).toEqual({
      "products.3.name": ["Product name is required"],
      "products.3.price": ["Ingresa un precio válido (ej: 12.50)"],
    });
  });
});
