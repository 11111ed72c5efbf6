import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  emptyToNull,
  EXTERNAL_IMAGE_MESSAGE,
  hasInvalidText,
  IMAGE_URL_MESSAGE,
  imageUrlProblem,
  isImageUrl,
  optionalText,
  phoneField,
  positiveId,
  priceField,
  requiredText,
  textField,
} from "./fields";
import { messagesOf, OTHER_SITE_IMAGE, OTHER_SITE_IMAGE_RELATIVE } from "../test/test-helpers";

describe("field builders", () => {
  it("requiredText trims, requires and caps", () => {
    const field = requiredText("Falta", 5);
    expect(field.parse("  hola ")).toBe("hola");
    expect(messagesOf(field, " ")).toEqual({ "": ["Falta"] });
    expect(messagesOf(field, 3)).toEqual({ "": ["Falta"] });
    expect(messagesOf(field, "holas!")).toEqual({ "": ["No puede tener más de 5 caracteres"] });
  });

  it("textField refuses NUL and lone surrogates, and removes bidi controls", () => {
    const invalid = { "": ["El texto contiene caracteres no válidos"] };
    expect(messagesOf(requiredText("Falta", 50), "Pan\u0000")).toEqual(invalid);
    expect(messagesOf(requiredText("Falta", 50), "Pan \ud800")).toEqual(invalid);
    expect(messagesOf(requiredText("Falta", 50), "\udc00Pan")).toEqual(invalid);
    // A whole pair is one character (an emoji), not a lone half.
    expect(requiredText("Falta", 50).parse(" Pan 🥖 ")).toBe("Pan 🥖");
    expect(requiredText("Falta", 50).parse("\u202eCafé\u2066 \u202a")).toBe("Café");
    expect(messagesOf(requiredText("Falta", 50), "\u202e")).toEqual({ "": ["Falta"] });
    // Verbatim (passwords): refused the same, never changed.
    expect(textField("Clave", { verbatim: true }).parse(" a\u202eb ")).toBe(" a\u202eb ");
    expect(messagesOf(textField("Clave", { verbatim: true }), "a\u0000")).toEqual(invalid);
    expect([hasInvalidText("ok"), hasInvalidText("\u0000"), hasInvalidText("\ud83e")]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("optionalText lets empty values through and checks the rest", () => {
    const field = optionalText("Malo", (v) => v === "ok");
    expect([
      field.parse(undefined),
      field.parse(null),
      field.parse("  "),
      field.parse(" ok "),
    ]).toEqual([undefined, null, "", "ok"]);
    expect(messagesOf(field, "no")).toEqual({ "": ["Malo"] });
  });

  it("positiveId coerces form values", () => {
    const field = positiveId("Elige");
    expect(field.parse("7")).toBe(7);
    expect(messagesOf(field, "")).toEqual({ "": ["Elige"] });
  });

  it("priceField gives text with two decimals", () => {
    expect(z.object({ price: priceField }).parse({ price: "3,5" })).toEqual({ price: "3.50" });
    expect(messagesOf(priceField, {})).toEqual({ "": ["Ingresa un precio válido (ej: 12.50)"] });
  });

  it("isImageUrl accepts only images the product serves itself", () => {
    expect(isImageUrl("/uploads/a.webp")).toBe(true);
    expect(isImageUrl("/images/default-product.webp")).toBe(true);
    expect(isImageUrl("/api/placeholder/64/64")).toBe(true);
    expect(isImageUrl(OTHER_SITE_IMAGE)).toBe(false);
    expect(isImageUrl(OTHER_SITE_IMAGE_RELATIVE)).toBe(false);
    expect(isImageUrl("/admin")).toBe(false);
    expect(isImageUrl("/uploads/../api/admin/orders")).toBe(false);
    expect(isImageUrl("data:image/png;base64,AA")).toBe(false);
    expect(isImageUrl("a.png")).toBe(false);
  });

  it("imageUrlProblem tells another site's image from a malformed address", () => {
    expect(imageUrlProblem("/uploads/a.webp")).toBeNull();
    expect(imageUrlProblem(OTHER_SITE_IMAGE)).toBe(EXTERNAL_IMAGE_MESSAGE);
    expect(imageUrlProblem(OTHER_SITE_IMAGE_RELATIVE)).toBe(EXTERNAL_IMAGE_MESSAGE);
    expect(imageUrlProblem("javascript:alert(1)")).toBe(IMAGE_URL_MESSAGE);
  });

  it("emptyToNull", () => {
    expect([emptyToNull(""), emptyToNull(undefined), emptyToNull("x")]).toEqual([null, null, "x"]);
  });
});

describe("phoneField", () => {
  it("reads a local Salvadoran number as +503 and keeps the spec's format otherwise", () => {
    for (const local of ["70000000", "7000-0000", " 7000 0000 "]) {
      expect(phoneField.parse(local)).toBe("+503 7000-0000");
    }
    expect(phoneField.parse("22223333")).toBe("+503 2222-3333");
    expect(phoneField.parse("+503 7000-0000")).toBe("+503 7000-0000");
    expect(phoneField.parse("+502 5555-0000")).toBe("+502 5555-0000");
    for (const other of ["80000000", "7000000", "+7000-0000", "50370000000", ""]) {
      expect(messagesOf(z.object({ phone: phoneField }), { phone: other })).toEqual({
        phone: ["Formato requerido: +000 0000-0000"],
      });
    }
  });
});
