import { describe, expect, it } from "vitest";
import { ALL_MUNICIPALITIES } from "./delivery";
import {
  DISTRICTS,
  districtsOf,
  findDistrictOf,
  findDistricts,
  foldPlace,
  isDistrictOf,
} from "./districts";
import { DEPARTMENTS } from "./el-salvador";

describe("DISTRICTS (Decreto 762, 2023)", () => {
  it("counts 14 departments, 44 municipalities and 262 districts", () => {
    expect(DEPARTMENTS).toHaveLength(14);
    expect(new Set(DISTRICTS.map((d) => d.department)).size).toBe(14);
    expect(new Set(DISTRICTS.map((d) => d.municipality)).size).toBe(44);
    expect(DISTRICTS).toHaveLength(262);
  });

  it("gives every one of the 44 municipalities at least one district, and nothing else", () => {
    for (const { name } of ALL_MUNICIPALITIES) expect(districtsOf(name).length).toBeGreaterThan(0);
    expect(DISTRICTS.every((d) => ALL_MUNICIPALITIES.some((m) => m.name === d.municipality))).toBe(
      true,
    );
  });

  it("keeps each department's old municipalities: 12, 13, 16, 33, 22, 19, 16, 22, 9, 13, 23, 20, 26, 18", () => {
    const perDepartment = DEPARTMENTS.map(
      (d) => DISTRICTS.filter((district) => district.department === d.name).length,
    );
    expect(perDepartment).toEqual([12, 13, 16, 33, 22, 19, 16, 22, 9, 13, 23, 20, 26, 18]);
  });

  it("puts the known districts in their municipalities", () => {
    expect(districtsOf("San Salvador Este")).toEqual([
      "Ilopango",
      "San Martín",
      "Soyapango",
      "Tonacatepeque",
    ]);
    expect(districtsOf("San Salvador Centro")).toEqual([
      "Ayutuxtepeque",
      "Mejicanos",
      "San Salvador",
      "Cuscatancingo",
      "Ciudad Delgado",
    ]);
    expect(districtsOf("La Libertad Sur")).toEqual(["Comasagua", "Santa Tecla"]);
    expect(districtsOf("La Libertad Este")).toEqual([
      "Antiguo Cuscatlán",
      "Huizúcar",
      "Nuevo Cuscatlán",
      "San José Villanueva",
      "Zaragoza",
    ]);
    expect(isDistrictOf("San Salvador Este", "Soyapango")).toBe(true);
    expect(isDistrictOf("La Libertad Sur", "Santa Tecla")).toBe(true);
    expect(isDistrictOf("La Libertad Este", "Antiguo Cuscatlán")).toBe(true);
    expect(districtsOf("Sonsonate Oeste")).toEqual(["Acajutla"]);
    expect(districtsOf("Santa Ana Centro")).toEqual(["Santa Ana"]);
  });

  it("refuses a district of another municipality, an unaccented name or an unknown one", () => {
    expect(isDistrictOf("San Salvador Centro", "Soyapango")).toBe(false);
    expect(isDistrictOf("La Libertad Este", "Santa Tecla")).toBe(false);
    expect(isDistrictOf("La Libertad Este", "Antiguo Cuscatlan")).toBe(false);
    expect(isDistrictOf("Guatemala Norte", "Soyapango")).toBe(false);
    expect(districtsOf("Soyapango")).toEqual([]);
  });

  it("names each district once within its municipality, and never as a municipality", () => {
    for (const { name } of ALL_MUNICIPALITIES) {
      expect(new Set(districtsOf(name)).size).toBe(districtsOf(name).length);
    }
    const municipalities = new Set(ALL_MUNICIPALITIES.map((m) => foldPlace(m.name)));
    expect(DISTRICTS.filter((d) => municipalities.has(foldPlace(d.name)))).toEqual([]);
  });

  it("labels the names two or three municipalities share with their municipality", () => {
    const labels = DISTRICTS.map((d) => d.label);
    expect(new Set(labels.map(foldPlace)).size).toBe(262);
    expect(labels.filter((l) => l.startsWith("El Rosario"))).toEqual([
      "El Rosario (Cuscatlán Sur)",
      "El Rosario (La Paz Centro)",
      "El Rosario (Morazán Norte)",
    ]);
    expect(DISTRICTS.find((d) => d.name === "Soyapango")?.label).toBe("Soyapango");
  });
});

describe("findDistricts", () => {
  it("finds a district typed without accents or case", () => {
    expect(findDistricts("antiguo cuscatlan")).toEqual([
      {
        name: "Antiguo Cuscatlán",
        municipality: "La Libertad Este",
        department: "La Libertad",
        label: "Antiguo Cuscatlán",
      },
    ]);
    expect(findDistricts("  SANTA   tecla ").map((d) => d.municipality)).toEqual([
      "La Libertad Sur",
    ]);
  });

  it("answers every district of a shared name, and one by its label", () => {
    expect(findDistricts("san isidro").map((d) => d.municipality)).toEqual([
      "Cabañas Este",
      "Morazán Norte",
    ]);
    expect(findDistricts("san isidro (morazan norte)").map((d) => d.label)).toEqual([
      "San Isidro (Morazán Norte)",
    ]);
  });

  it("finds nothing for a municipality or an unknown name", () => {
    expect(findDistricts("San Salvador Este")).toEqual([]);
    expect(findDistricts("Atlántida")).toEqual([]);
    expect(findDistricts("")).toEqual([]);
  });

  it("finds a district within its municipality only", () => {
    expect(findDistrictOf("San Salvador Este", "soyapango")?.name).toBe("Soyapango");
    expect(findDistrictOf("La Paz Centro", "el rosario")?.label).toBe("El Rosario (La Paz Centro)");
    expect(findDistrictOf("San Salvador Centro", "soyapango")).toBeUndefined();
  });
});
