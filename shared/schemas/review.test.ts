import { describe, expect, it } from "vitest";
import { reviewSchema } from "./review";
import { messagesOf } from "../test/test-helpers";

const valid = {
  userName: "Ana",
  userEmail: "ana@example.sv",
  comment: "Las mejores pupusas de la zona.",
  rating: 5,
  merchantId: 3,
  userId: "user-1764000000000",
};

describe("reviewSchema", () => {
  it("accepts a review of a merchant or of a product", () => {
    expect(reviewSchema.parse({ ...valid, userName: "  Ana  " }).userName).toBe("Ana");
    expect(reviewSchema.safeParse({ ...valid, merchantId: undefined, productId: 7 }).success).toBe(
      true,
    );
    expect(reviewSchema.safeParse({ ...valid, merchantId: null, productId: 7 }).success).toBe(true);
  });

  it("gives the spec's messages", () => {
    expect(
      messagesOf(reviewSchema, {
        ...valid,
        userName: "A",
        userEmail: "ana",
        comment: "Rico",
        rating: 0,
      }),
    ).toEqual({
      userName: ["El nombre debe tener al menos 2 caracteres"],
      userEmail: ["Correo electrónico inválido"],
      comment: ["La reseña debe tener al menos 10 caracteres"],
      rating: ["Debes seleccionar una calificación"],
    });
  });

  it("counts the trimmed text", () => {
    expect(
      messagesOf(reviewSchema, { ...valid, userName: " A ", comment: "   corto    " }),
    ).toEqual({
      userName: ["El nombre debe tener al menos 2 caracteres"],
      comment: ["La reseña debe tener al menos 10 caracteres"],
    });
  });

  it("limits the rating to whole numbers up to 5", () => {
    expect(messagesOf(reviewSchema, { ...valid, rating: 6 })).toEqual({
      rating: ["La calificación máxima es 5"],
    });
    expect(messagesOf(reviewSchema, { ...valid, rating: 3.5 })).toEqual({
      rating: ["Debes seleccionar una calificación"],
    });
    expect(messagesOf(reviewSchema, { ...valid, rating: undefined })).toEqual({
      rating: ["Debes seleccionar una calificación"],
    });
  });

  it("caps the lengths", () => {
    expect(
      messagesOf(reviewSchema, {
        ...valid,
        userName: "a".repeat(101),
        comment: "a".repeat(2001),
        userId: "u".repeat(101),
      }),
    ).toEqual({
      userName: ["No puede tener más de 100 caracteres"],
      comment: ["No puede tener más de 2000 caracteres"],
      userId: ["No puede tener más de 100 caracteres"],
    });
  });

  it("needs exactly one of merchant and product", () => {
    expect(messagesOf(reviewSchema, { ...valid, merchantId: undefined })).toEqual({
      "": ["Indica un comercio o un producto"],
    });
    expect(messagesOf(reviewSchema, { ...valid, productId: 2 })).toEqual({
      "": ["Indica un comercio o un producto"],
    });
  });

  it("checks the target ids and still the other fields", () => {
    expect(messagesOf(reviewSchema, { ...valid, merchantId: -1, comment: "" })).toEqual({
      merchantId: ["Indica un comercio o un producto"],
      comment: ["La reseña debe tener al menos 10 caracteres"],
    });
  });

  it("checks the target even when other fields are wrong", () => {
    expect(
      messagesOf(reviewSchema, { ...valid, merchantId: undefined, rating: undefined }),
    ).toEqual({
      rating: ["Debes seleccionar una calificación"],
      "": ["Indica un comercio o un producto"],
    });
  });
});
