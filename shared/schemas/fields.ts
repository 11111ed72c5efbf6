import { z } from "zod";
import { findDistrictOf } from "../districts";
import { isDepartment, isMunicipalityOf } from "../el-salvador";
import { parsePrice } from "../money";
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from "../phone";

/** Field builders shared by the form schemas, so one rule keeps one message. */

export const tooLong = (max: number) => `No puede tener más de ${max} caracteres`;

export const INVALID_TEXT_MESSAGE = "El texto contiene caracteres no válidos";

// NUL cannot be stored in a PostgreSQL text (it answered 500), and half a surrogate pair
// is not a character: no keyboard types either, so they are refused, with a message.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are
// invisible and only serve to make text display other than it reads ("gpj.exe" shown as
// "exe.jpg", a shop name that imitates another). They are removed rather than refused:
// a person who pasted one could not see what to fix, and Arabic or Hebrew text still
// displays right without them (the Unicode bidi algorithm needs no explicit controls).
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** True when the text holds a character no field accepts (NUL, a lone surrogate). */
export function hasInvalidText(value: string): boolean {
  return value.includes("\0") || LONE_SURROGATE.test(value);
}

export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}

/**
 * The base of every text field (bodies, query strings): refuses NUL and lone surrogates
 * with one message, and removes bidi controls before trimming and length checks.
 * `verbatim` keeps the text exactly as sent (passwords: compared, never shown).
 */
export function textField(message?: string, { verbatim = false } = {}) {
  const field = z
    .string(message === undefined ? undefined : { error: message })
    .refine((v) => !hasInvalidText(v), { message: INVALID_TEXT_MESSAGE, abort: true });
  return verbatim ? field : field.overwrite(stripBidiControls);
}

/** Trimmed text that must not be blank. */
export function requiredText(message: string, max: number) {
  return textField(message).trim().min(1, message).max(max, tooLong(max));
}

/**
 * Optional text: absent, null, empty or blank all mean "not given"; anything else must
 * pass `isValid`. Kept as typed (trimmed) so the form shows what the user wrote.
 */
export function optionalText(message: string, isValid: (value: string) => boolean, max = 300) {
  return textField(message)
    .trim()
    .max(max, tooLong(max))
    .refine((v) => v === "" || isValid(v), message)
    .nullish();
}

/** A whole number ≥ 1, also from a form's select value ("3"). */
export function positiveId(message: string) {
  // Typed input: an id as a number, or its digits (a form's select, a query string).
  return z.coerce.number<number | string>({ error: message }).int(message).min(1, message);
}

/** A local Salvadoran number ("7000-0000") is stored as "+503 7000-0000", like the form shows it. */
export const phoneField = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .overwrite(normalizePhone)
  .regex(PHONE_PATTERN, PHONE_MESSAGE);

export function emailField(message: string) {
  return textField(message)
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
}

export const PRICE_MESSAGE = "Ingresa un precio válido (ej: 12.50)";

/** Text or number in, the API's fixed two-decimal text out ("12.50"). */
export const priceField = z
  .union([z.string(), z.number()], { error: PRICE_MESSAGE })
  .transform((value, ctx) => {
    const price = parsePrice(value);
    if (price === null) {
      ctx.addIssue({ code: "custom", message: PRICE_MESSAGE, input: value });
      return z.NEVER;
    }
    return price;
  });

export const IMAGE_URL_MESSAGE = "URL de imagen inválida";
export const EXTERNAL_IMAGE_MESSAGE =
  "Sube la imagen a Tiangue: no se aceptan imágenes de otros sitios";

// Only images the product serves itself: uploads, its own static images and placeholders.
// An address on another host would make shoppers' phones load it from there (decisions §2).
const OWN_IMAGE_URL = /^\/(?:uploads|images|api\/placeholder)\/(?![^?#]*\.\.)[^\s]+$/;
const OTHER_HOST_URL = /^(?:https?:)?\/\//i;

/** What is wrong with an image address, or null when it is one of ours. */
export function imageUrlProblem(value: string): string | null {
  if (OWN_IMAGE_URL.test(value)) return null;
  return OTHER_HOST_URL.test(value) ? EXTERNAL_IMAGE_MESSAGE : IMAGE_URL_MESSAGE;
}

export function isImageUrl(value: string): boolean {
  return imageUrlProblem(value) === null;
}

/** Refinement options that report the right message for the address given. */
export const imageUrlError = {
  error: (issue: { input?: unknown }) => imageUrlProblem(String(issue.input)) ?? IMAGE_URL_MESSAGE,
};

/** An optional image address (empty means none), one of ours when given. */
export const optionalImageUrl = textField(IMAGE_URL_MESSAGE)
  .trim()
  .max(2048, tooLong(2048))
  .refine((v) => v === "" || isImageUrl(v), imageUrlError)
  .nullish();

export const DEPARTMENT_MESSAGE = "Selecciona un departamento";
export const MUNICIPALITY_MESSAGE = "Selecciona un municipio del departamento";
export const DISTRICT_MESSAGE = "Selecciona un distrito del municipio";

/**
 * For object-level checks: run them as soon as the fields they read are valid, even
 * when other fields are not (zod would skip them), so a form shows every error at once.
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
  };
}

/**
 * Department and municipality (decisions §4) are optional on the API: spec §7's payloads
 * have neither. Absent, null or empty all mean "none"; given, they must be real.
 */
export const departmentField = textField(DEPARTMENT_MESSAGE)
  .trim()
  .refine((v) => v === "" || isDepartment(v), DEPARTMENT_MESSAGE)
  .nullish();

export const municipalityField = textField(MUNICIPALITY_MESSAGE).trim().nullish();

/** Issue 36: one of the municipality's districts, optional everywhere (checked by checkMunicipality). */
export const districtField = textField(DISTRICT_MESSAGE).trim().nullish();

type Location = {
  department?: string | null;
  municipality?: string | null;
  district?: string | null;
};

/** A district needs its municipality, and must be one of its districts (accents and case aside). */
export function checkDistrict(data: Location, ctx: z.RefinementCtx) {
  if (!data.district) return;
  if (!data.municipality || !findDistrictOf(data.municipality, data.district)) {
    ctx.addIssue({
      code: "custom",
      message: DISTRICT_MESSAGE,
      path: ["district"],
      input: data.district,
    });
  }
}

/** The district's name as the decree writes it ('soyapango' → 'Soyapango'); null for none. */
export function properDistrict(municipality: string | null, district: string | null | undefined) {
  if (!municipality || !district) return null;
  return findDistrictOf(municipality, district)?.name ?? null;
}

/**
 * Object-level check: a municipality needs its department, and must belong to it; a
 * district, likewise, its municipality.
 */
export function checkMunicipality(data: Location, ctx: z.RefinementCtx) {
  if (data.district) checkDistrict(data, ctx);
  if (!data.municipality) return;
  if (!data.department) {
    ctx.addIssue({ code: "custom", message: DEPARTMENT_MESSAGE, path: ["department"], input: "" });
  } else if (!isMunicipalityOf(data.department, data.municipality)) {
    ctx.addIssue({
      code: "custom",
      message: MUNICIPALITY_MESSAGE,
      path: ["municipality"],
      input: data.municipality,
    });
  }
}

export const municipalityCheck = [
  checkMunicipality,
  whenValid("department", "municipality", "district"),
] as const;

/** The forms' extra rule (decisions §4: they ask for both); the API takes neither. */
export function requireLocation(data: Location, ctx: z.RefinementCtx) {
  if (!data.department) {
    ctx.addIssue({ code: "custom", message: DEPARTMENT_MESSAGE, path: ["department"], input: "" });
  }
  if (!data.municipality) {
    ctx.addIssue({
      code: "custom",
      message: MUNICIPALITY_MESSAGE,
      path: ["municipality"],
      input: "",
    });
  }
}

export const locationRequired = [requireLocation, whenValid("department", "municipality")] as const;

/** Where a merchant is, as stored: none unless a department is given, no district without a municipality. */
export function normalizeLocation(data: Location): {
  department: string | null;
  municipality: string | null;
  district: string | null;
} {
  const department = emptyToNull(data.department);
  const municipality = department ? emptyToNull(data.municipality) : null;
  return { department, municipality, district: properDistrict(municipality, data.district) };
}

/** Empty optional text becomes null, as the database stores it. */
export function emptyToNull(value: string | null | undefined): string | null {
  return value ? value : null;
}
