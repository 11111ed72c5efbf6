/** Removes accents and other combining marks: "Panadería Ñandú" → "Panaderia Nandu". */
export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * What merchantSlug and productSlug make of a name (numbered suffix included), and the rule
 * of category slugs (shared/schemas/category.ts): lowercase letters and digits in groups
 * joined by single hyphens.
 */
export const CATALOGUE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `text` is a slug of the catalogue (CATALOGUE_SLUG). */
export function isCatalogueSlug(text: string): boolean {
  return CATALOGUE_SLUG.test(text);
}

function slugify(name: string, allowed: RegExp, fallback: string): string {
  const slug = stripAccents(name.toLowerCase())
    .replace(/\s+/g, " ")
    .replace(allowed, "")
    .replace(/ /g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return slug || fallback;
}

/**
 * Registration rule (spec §5, accents removed first per decisions §2): keeps a-z, 0-9,
 * spaces and hyphens; spaces become hyphens.
 */
export function merchantSlug(name: string): string {
  return slugify(name, /[^a-z0-9 -]/g, "comercio");
}

/**
 * Admin product rule (spec §5): every non-alphanumeric except spaces is dropped, so a
 * hyphen in the name goes too ("Coca-Cola" → "cocacola").
 */
export function productSlug(name: string): string {
  return slugify(name, /[^a-z0-9 ]/g, "producto");
}

/** The server's way to make a clashing slug unique: base, base-2, base-3… */
export function withSuffix(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}
