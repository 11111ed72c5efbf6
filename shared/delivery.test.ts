import { describe, expect, it } from "vitest";
import {
  ALL_MUNICIPALITIES,
  findMunicipality,
  MUNICIPALITY_COOKIE,
  rememberedZone,
} from "./delivery";

describe("rememberedZone (the cookie of 'Entrega en mi zona', before 'Entrega a mi municipio')", () => {
  const cookie = (value: string) => `${MUNICIPALITY_COOKIE}=${value}`;

  it("reads the proper name, however the value spells it", () => {
    expect(rememberedZone(cookie("San%20Miguel%20Centro"))).toBe("San Miguel Centro");
    expect(rememberedZone(cookie("ahuachap%C3%A1n%20sur"))).toBe("Ahuachapán Sur");
    expect(rememberedZone(cookie("Ahuachapan%20%20Sur%20"))).toBe("Ahuachapán Sur");
    expect(rememberedZone(`tema=oscuro; ${cookie("La%20Paz%20Este")}`)).toBe("La Paz Este");
  });

  it("takes the first of two (a browser sends the one of the longer path first)", () => {
    expect(rememberedZone(`${cookie("San%20Miguel%20Centro")}; ${cookie("La%20Paz%20Este")}`)).toBe(
      "San Miguel Centro",
    );
  });

  it("is none for an absent, empty, malformed or unknown value", () => {
    for (const header of [
      undefined,
      null,
      "",
      "tema=oscuro",
      cookie(""),
      cookie("%E0%A4%A"),
      cookie("Atlantis"),
      cookie("Guatemala%20Norte"),
      `x${cookie("San%20Miguel%20Centro")}`,
    ]) {
      expect(rememberedZone(header), String(header)).toBeUndefined();
    }
  });

  it("reads a district (issue 36) by its label, accents and case aside", () => {
    expect(rememberedZone(cookie("soyapango"))).toBe("Soyapango");
    expect(rememberedZone(cookie("antiguo%20cuscatlan"))).toBe("Antiguo Cuscatlán");
    // A department's name is also its capital's district.
    expect(rememberedZone(cookie("San%20Salvador"))).toBe("San Salvador");
    expect(rememberedZone(cookie(encodeURIComponent("El Rosario (La Paz Centro)")))).toBe(
      "El Rosario (La Paz Centro)",
    );
    expect(rememberedZone(cookie("el%20rosario"))).toBe("El Rosario");
  });

  it("finds each of the 44 by its folded name", () => {
    expect(ALL_MUNICIPALITIES).toHaveLength(44);
    for (const m of ALL_MUNICIPALITIES) {
      expect(findMunicipality(m.name)).toBe(m);
      expect(rememberedZone(`${MUNICIPALITY_COOKIE}=${encodeURIComponent(m.name)}`)).toBe(m.name);
    }
    expect(findMunicipality("  SAN   salvador centro ")).toEqual({
      name: "San Salvador Centro",
      department: "San Salvador",
    });
    expect(findMunicipality("Cabanas Este")?.name).toBe("Cabañas Este");
    expect(findMunicipality("Cabañas")).toBeUndefined();
  });
});
