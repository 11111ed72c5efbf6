import { describe, expect, it } from "vitest";
import { countLabel, plural } from "./plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(plural(1, "reseña", "reseñas")).toBe("reseña");
    expect(plural(0, "reseña", "reseñas")).toBe("reseñas");
    expect(plural(2, "reseña", "reseñas")).toBe("reseñas");
    expect(plural(1.5, "estrella", "estrellas")).toBe("estrellas");
  });

  it("keeps plurals that are not a trailing s", () => {
    expect(plural(3, "línea con errores", "líneas con errores")).toBe("líneas con errores");
  });
});

describe("countLabel", () => {
  it("writes the number before the word", () => {
    expect(countLabel(1, "comercio", "comercios")).toBe("1 comercio");
    expect(countLabel(12, "producto", "productos")).toBe("12 productos");
    expect(countLabel(0, "producto", "productos")).toBe("0 productos");
  });
});
