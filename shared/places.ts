import { DISTRICTS, districtsOf, findDistricts, foldPlace, type District } from "./districts";
import { DEPARTMENTS, type Department } from "./el-salvador";

/**
 * A place a merchant delivers to, charges a fee for, or a shopper filters by (issue 36): one
 * of the 44 municipalities or one of the 262 districts. A place is written by its label: the
 * municipality's name, or the district's (shared/districts.ts: 'Soyapango', 'El Rosario (La
 * Paz Centro)'), which never collide.
 */
export type Place =
  | { kind: "municipality"; label: string; municipality: string; department: Department }
  | {
      kind: "district";
      label: string;
      district: string;
      municipality: string;
      department: Department;
    };

const districtPlace = (d: District): Place => ({
  kind: "district",
  label: d.label,
  district: d.name,
  municipality: d.municipality,
  department: d.department,
});

/** Every place, each municipality followed by its districts: the suggestions' order. */
export const PLACES: readonly Place[] = DEPARTMENTS.flatMap((department) =>
  department.municipalities.flatMap((municipality): Place[] => [
    { kind: "municipality", label: municipality, municipality, department: department.name },
    ...DISTRICTS.filter((d) => d.municipality === municipality).map(districtPlace),
  ]),
);

let municipalityByFold: Map<string, Place> | undefined;

/**
 * The places a text names, accents, case and spaces aside: a municipality ('san salvador
 * este'), a district by its label ('santa tecla', 'el rosario (la paz centro)'), or each
 * district of a shared name ('el rosario': three). None for anything else.
 */
export function findPlaces(text: string): readonly Place[] {
  municipalityByFold ??= new Map(
    PLACES.filter((p) => p.kind === "municipality").map((p) => [foldPlace(p.label), p]),
  );
  const municipality = municipalityByFold.get(foldPlace(text));
  return municipality ? [municipality] : findDistricts(text).map(districtPlace);
}

/** The one place a text names; undefined when it names none, or several ('El Rosario'). */
export function findPlace(text: string): Place | undefined {
  const found = findPlaces(text);
  return found.length === 1 ? found[0] : undefined;
}

/** The label of a municipality's district ('El Rosario' of La Paz Centro → 'El Rosario (La Paz Centro)'). */
export function districtLabel(municipality: string, district: string): string {
  return (
    DISTRICTS.find((d) => d.municipality === municipality && d.name === district)?.label ?? district
  );
}

/** The labels of a municipality's districts. */
export function districtLabelsOf(municipality: string): string[] {
  return districtsOf(municipality).map((name) => districtLabel(municipality, name));
}

/**
 * What the lists' 'Entrega en mi zona' (`?zone=`, and `?municipality=` of before) filters by:
 * its label ('San Salvador Este', 'Soyapango', or a shared name as typed properly: 'El
 * Rosario') and the places it covers (one, or each district of a shared name).
 */
export interface Zone {
  label: string;
  places: readonly Place[];
}

/** The zone a text names, accents and case aside; undefined for none. */
export function findZone(text: string): Zone | undefined {
  const places = findPlaces(text);
  if (places.length === 0) return undefined;
  if (places.length === 1) return { label: places[0].label, places };
  const first = places[0];
  return { label: first.kind === "district" ? first.district : first.label, places };
}

/**
 * How a zone is written once read: its label for a known place ('soyapango', 'SOYAPANGO'
 * and 'Soyapango' are one page, one cache entry and one field value), else the text trimmed.
 */
export function zoneLabel(text: string): string {
  return findZone(text)?.label ?? text.trim();
}
