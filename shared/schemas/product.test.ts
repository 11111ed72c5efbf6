import { describe, expect, it } from "vitest";
import { DEFAULT_PRODUCT_IMAGE } from "../limits";
import {
  PRODUCT_REQUIRED_MESSAGE,
  productSchema,
  productUpdateSchema,
  withDefaultImage,
} from "./product";
import { messagesOf, OTHER_SITE_IMAGE } from "../test/test-helpers";

const required = {
  name: "Pupusa de queso",
  description: "Con curtido y salsa",
  price: "1.5",
  merchantId: 2,
  categoryId: "3",
};

const valid = {
  ...required,
  slug: "pupusa-de-queso",
  imageUrl: "/uploads/pupusa.webp",
  images: ["/uploads/pupusa.webp", "/uploads/p2.webp"],
};

describe("productSchema", () => {
  it("turns the price into two-decimal text and coerces the ids", () => {
    expect(productSchema.parse(valid)).toMatchObject({
      price: "1.50",
      merchantId: 2,
      categoryId: 3,
    });
    expect(productSchema.parse({ ...valid, price: 12 }).price).toBe("12.00");
  });

  it("accepts rating and reviewCount and drops them", () => {
    const data = productSchema.parse({ ...valid, rating: "4.5", reviewCount: 10 });
    expect(data).not.toHaveProperty("rating");
    expect(data).not.toHaveProperty("reviewCount");
  });

  it("gives the spec's messages", () => {
    expect(
      messagesOf(productSchema, { ...valid, name: " ", slug: "", description: "", imageUrl: 5 }),
    ).toEqual({
      name: ["Product name is required"],
      slug: ["Product slug is required"],
      description: ["Product description is required"],
      imageUrl: ["Product image URL is required"],
    });
  });

  it.each(["abc", "-1", "", "1e3", null, 100_000_000])("rejects the price %j", (price) => {
    expect(messagesOf(productSchema, { ...valid, price })).toEqual({
      price: ["Ingresa un precio válido (ej: 12.50)"],
    });
  });

  it("needs a merchant and a category", () => {
    expect(messagesOf(productSchema, { ...valid, merchantId: undefined, categoryId: "" })).toEqual({
      merchantId: ["Selecciona un comercio"],
      categoryId: ["Por favor selecciona una categoría"],
    });
  });

  it("allows at most 3 images, each a URL", () => {
    const four = ["/uploads/a.webp", "/uploads/b.webp", "/uploads/c.webp", "/uploads/d.webp"];
    expect(messagesOf(productSchema, { ...valid, images: four })).toEqual({
      images: ["Solo puedes subir un máximo de 3 imágenes"],
    });
    expect(
      messagesOf(productSchema, {
        ...valid,
        images: ["/uploads/a.webp", "data:image/png;base64,xx", OTHER_SITE_IMAGE],
      }),
    ).toEqual({
      "images.1": ["URL de imagen inválida"],
      "images.2": ["Sube la imagen a Tiangue: no se aceptan imágenes de otros sitios"],
    });
  });

  it("allows the image to be left out", () => {
    expect(productSchema.safeParse(required).success).toBe(true);
    expect(productSchema.safeParse({ ...required, imageUrl: "" }).success).toBe(true);
    expect(messagesOf(productSchema, { ...required, imageUrl: "ftp://x" })).toEqual({
      imageUrl: ["URL de imagen inválida"],
    });
  });

  it("exports the admin form's message", () => {
    expect(PRODUCT_REQUIRED_MESSAGE).toBe("Completa todos los campos requeridos");
  });
});

describe("productUpdateSchema", () => {
  it("has no merchant", () => {
    const data = productUpdateSchema.parse({ ...valid, merchantId: 9 });
    expect(data).not.toHaveProperty("merchantId");
    expect(data.price).toBe("1.50");
  });
});

describe("withDefaultImage", () => {
  it("keeps a given image", () => {
    expect(withDefaultImage({ imageUrl: "/a.webp" })).toEqual({ imageUrl: "/a.webp", images: [] });
  });

  it("falls back to the first image, then the default photo", () => {
    expect(withDefaultImage({ imageUrl: "", images: ["/b.webp"] }).imageUrl).toBe("/b.webp");
    expect(withDefaultImage({ imageUrl: null }).imageUrl).toBe(DEFAULT_PRODUCT_IMAGE);
  });
});
