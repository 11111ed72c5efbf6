import { stripAccents } from "./slug";

function department<const N extends string>(name: N, directions: readonly string[]) {
  return { name, municipalities: directions.map((d) => `${name} ${d}`) } as const;
}

/**
 * The 14 departments and 44 municipalities of the 2024 division (Decreto 762): each
 * municipality is its department's name plus a direction.
 */
export const DEPARTMENTS = [
  department("Ahuachapán", ["Norte", "Centro", "Sur"]),
  department("Santa Ana", ["Norte", "Centro", "Este", "Oeste"]),
  department("Sonsonate", ["Norte", "Centro", "Este", "Oeste"]),
  department("Chalatenango", ["Norte", "Centro", "Sur"]),
  department("La Libertad", ["Norte", "Centro", "Oeste", "Este", "Costa", "Sur"]),
  department("San Salvador", ["Norte", "Oeste", "Este", "Centro", "Sur"]),
  department("Cuscatlán", ["Norte", "Sur"]),
  department("La Paz", ["Oeste", "Centro", "Este"]),
  department("Cabañas", ["Este", "Oeste"]),
  department("San Vicente", ["Norte", "Sur"]),
  department("Usulután", ["Norte", "Este", "Oeste"]),
  department("San Miguel", ["Norte", "Centro", "Oeste"]),
  department("Morazán", ["Norte", "Sur"]),
  department("La Unión", ["Norte", "Sur"]),
] as const satisfies readonly { name: string; municipalities: readonly string[] }[];

export type Department = (typeof DEPARTMENTS)[number]["name"];

export const DEPARTMENT_NAMES: readonly Department[] = DEPARTMENTS.map((d) => d.name);

export function isDepartment(value: string): value is Department {
  return (DEPARTMENT_NAMES as readonly string[]).includes(value);
}

export function municipalitiesOf(department: string): readonly string[] {
  return DEPARTMENTS.find((d) => d.name === department)?.municipalities ?? [];
}

export function isMunicipalityOf(department: string, municipality: string): boolean {
  return municipalitiesOf(department).includes(municipality);
}

/** For URLs and filters typed without accents: "ahuachapan" → "Ahuachapán". */
export function findDepartment(text: string): Department | undefined {
  const key = stripAccents(text).trim().toLowerCase();
  return DEPARTMENT_NAMES.find((name) => stripAccents(name).toLowerCase() === key);
}
