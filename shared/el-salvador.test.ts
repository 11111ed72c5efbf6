import { describe, expect, it } from "vitest";
import {
  DEPARTMENT_NAMES,
  DEPARTMENTS,
  findDepartment,
  isDepartment,
  isMunicipalityOf,
  municipalitiesOf,
} from "./el-salvador";

describe("DEPARTMENTS", () => {
  it("has the 14 departments and 44 municipalities of 2024", () => {
    expect(DEPARTMENTS).toHaveLength(14);
    expect(DEPARTMENTS.flatMap((d) => d.municipalities)).toHaveLength(44);
    expect(new Set(DEPARTMENTS.flatMap((d) => d.municipalities)).size).toBe(44);
  });

  it("names municipalities after their department with a direction", () => {
    for (const { name, municipalities } of DEPARTMENTS) {
      for (const m of municipalities) {
        expect(m).toMatch(new RegExp(`^${name} (Norte|Sur|Este|Oeste|Centro|Costa)$`));
      }
    }
    expect(municipalitiesOf("La Libertad")).toEqual([
      "La Libertad Norte",
      "La Libertad Centro",
      "La Libertad Oeste",
      "La Libertad Este",
      "La Libertad Costa",
      "La Libertad Sur",
    ]);
  });

  it("lists the names with their accents", () => {
    expect(DEPARTMENT_NAMES).toEqual([
      "Ahuachapán",
      "Santa Ana",
      "Sonsonate",
      "Chalatenango",
      "La Libertad",
      "San Salvador",
      "Cuscatlán",
      "La Paz",
      "Cabañas",
      "San Vicente",
      "Usulután",
      "San Miguel",
      "Morazán",
      "La Unión",
    ]);
  });
});

describe("isMunicipalityOf", () => {
  it("accepts a municipality of the department", () => {
    expect(isMunicipalityOf("San Salvador", "San Salvador Centro")).toBe(true);
    expect(isMunicipalityOf("Cabañas", "Cabañas Este")).toBe(true);
  });

  it("rejects one of another department, a district or an unknown department", () => {
    expect(isMunicipalityOf("San Salvador", "Santa Ana Centro")).toBe(false);
    expect(isMunicipalityOf("San Salvador", "Mejicanos")).toBe(false);
    expect(isMunicipalityOf("Cabanas", "Cabañas Este")).toBe(false);
    expect(isMunicipalityOf("La Paz", "La Paz Norte")).toBe(false);
  });

  it("returns no municipalities for an unknown department", () => {
    expect(municipalitiesOf("Guatemala")).toEqual([]);
  });
});

describe("isDepartment and findDepartment", () => {
  it("checks exact names", () => {
    expect(isDepartment("Usulután")).toBe(true);
    expect(isDepartment("Usulutan")).toBe(false);
  });

  it("finds a department typed without accents or case", () => {
    expect(findDepartment(" la union ")).toBe("La Unión");
    expect(findDepartment("AHUACHAPAN")).toBe("Ahuachapán");
    expect(findDepartment("Atlántida")).toBeUndefined();
  });
});
