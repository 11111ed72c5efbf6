import { describe, expect, it } from "vitest";
import { isCatalogueSlug, merchantSlug, productSlug, stripAccents, withSuffix } from "./slug";

describe("stripAccents", () => {
  it("removes accents and the tilde of ñ", () => {
    expect(stripAccents("Panadería Ñandú")).toBe("Panaderia Nandu");
    expect(stripAccents("àéîõüç")).toBe("aeiouc");
  });

  it("leaves plain text alone", () => {
    expect(stripAccents("abc 123-_")).toBe("abc 123-_");
  });
});

describe("merchantSlug", () => {
  it("removes accents before dropping characters (decisions §2)", () => {
    expect(merchantSlug("Panadería Ñandú")).toBe("panaderia-nandu");
  });

  it("lower-cases, turns spaces into hyphens and drops other characters", () => {
    expect(merchantSlug("Café & Té, S.A. de C.V.")).toBe("cafe-te-sa-de-cv");
  });

  it("keeps hyphens and collapses repeated ones", () => {
    expect(merchantSlug("Coca-Cola   --  Centro")).toBe("coca-cola-centro");
  });

  it("treats tabs and newlines as spaces", () => {
    expect(merchantSlug("La\tEsquina\nVerde")).toBe("la-esquina-verde");
  });

  it("trims leading and trailing hyphens", () => {
    expect(merchantSlug("  -¡Hola!- ")).toBe("hola");
  });

  it("falls back to 'comercio' when nothing is left", () => {
    expect(merchantSlug("🌮🍺")).toBe("comercio");
    expect(merchantSlug("")).toBe("comercio");
  });
});

describe("productSlug", () => {
  it("lower-cases, removes accents and turns spaces into hyphens", () => {
    expect(productSlug("Pupusas de Chicharrón")).toBe("pupusas-de-chicharron");
  });

  it("drops every non-alphanumeric, hyphens included", () => {
    expect(productSlug("Coca-Cola 600ml (botella)")).toBe("cocacola-600ml-botella");
  });

  it("collapses spaces and trims", () => {
    expect(productSlug("  Café   Molido  ")).toBe("cafe-molido");
    expect(productSlug("Pan / dulce")).toBe("pan-dulce");
  });

  it("falls back to 'producto' when nothing is left", () => {
    expect(productSlug("✨")).toBe("producto");
  });
});

describe("withSuffix", () => {
  it("keeps the base for the first and appends -n afterwards", () => {
    expect(withSuffix("pan", 1)).toBe("pan");
    expect(withSuffix("pan", 0)).toBe("pan");
    expect(withSuffix("pan", 2)).toBe("pan-2");
    expect(withSuffix("pan", 13)).toBe("pan-13");
  });
});
describe("isCatalogueSlug", () => {
  it("accepts every slug the catalogue makes, numbered ones too", () => {
    for (const name of ["Panadería Ñandú", "Coca-Cola", "Café & Té, S.A.", "🌮", "7 Up"]) {
      for (const slug of [merchantSlug(name), productSlug(name)]) {
        expect(isCatalogueSlug(slug), slug).toBe(true);
        expect(isCatalogueSlug(withSuffix(slug, 3)), slug).toBe(true);
      }
    }
  });

  it("refuses anything else", () => {
    for (const slug of ["", "Comida", "comida_tipica", "-a", "a-", "a--b", "a b", "a:b", "a|b"]) {
      expect(isCatalogueSlug(slug), slug).toBe(false);
    }
  });
});
