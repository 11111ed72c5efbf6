import { describe, expect, it } from "vitest";
import {
  ALL_MUNICIPALITIES,
  findMunicipality,
  MUNICIPALITY_COOKIE,
  rememberedMunicipality,
} from "./delivery";

describe("rememberedMunicipality (the cookie of 'Entrega a mi municipio')", () => {
  const cookie = (value: string) => `${MUNICIPALITY_COOKIE}=${value}`;

  it("reads the proper name, however the value spells it", () => {
    expect(rememberedMunicipality(cookie("San%20Miguel%20Centro"))).toBe("San Miguel Centro");
    expect(rememberedMunicipality(cookie("ahuachap%C3%A1n%20sur"))).toBe("Ahuachapán Sur");
    expect(rememberedMunicipality(cookie("Ahuachapan%20%20Sur%20"))).toBe("Ahuachapán Sur");
    expect(rememberedMunicipality(`tema=oscuro; ${cookie("La%20Paz%20Este")}`)).toBe("La Paz Este");
  });

  it("takes the first of two (a browser sends the one of the longer path first)", () => {
    expect(
      rememberedMunicipality(`${cookie("San%20Miguel%20Centro")}; ${cookie("La%20Paz%20Este")}`),
    ).toBe("San Miguel Centro");
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
      cookie("San%20Salvador"), // a department, not a municipality
      `x${cookie("San%20Miguel%20Centro")}`,
    ]) {
      expect(rememberedMunicipality(header), String(header)).toBeUndefined();
    }
  });

  it("finds each of the 44 by its folded name", () => {
    expect(ALL_MUNICIPALITIES).toHaveLength(44);
    for (const m of ALL_MUNICIPALITIES) {
      expect(findMunicipality(m.name)).toBe(m);
      expect(rememberedMunicipality(`${MUNICIPALITY_COOKIE}=${encodeURIComponent(m.name)}`)).toBe(
        m.name,
      );
    }
    expect(findMunicipality("  SAN   salvador centro ")).toEqual({
      name: "San Salvador Centro",
      department: "San Salvador",
    });
    expect(findMunicipality("Cabanas Este")?.name).toBe("Cabañas Este");
    expect(findMunicipality("Cabañas")).toBeUndefined();
  });
});
