import { z } from "zod";
import { isMunicipalityOf } from "../el-salvador";
import { parsePrice } from "../money";
import { PHONE_MESSAGE, PHONE_PATTERN } from "../phone";

/** Field builders shared by the form schemas, so one rule keeps one message. */

export const tooLong = (max: number) => `No puede tener más de ${max} caracteres`;

/** Trimmed text that must not be blank. */
export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
}

/**
 * Optional text: absent, null, empty or blank all mean "not given"; anything else must
 * pass `isValid`. Kept as typed (trimmed) so the form shows what the user wrote.
 */
export function optionalText(message: string, isValid: (value: string) => boolean, max = 300) {
  return z
    .string({ error: message })
    .trim()
    .max(max, tooLong(max))
    .refine((v) => v === "" || isValid(v), message)
    .nullish();
}

/** A whole number ≥ 1, also from a form's select value ("3"). */
export function positiveId(message: string) {
  return z.coerce.number({ error: message }).int(message).min(1, message);
}

export const phoneField = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .regex(PHONE_PATTERN, PHONE_MESSAGE);

export function emailField(message: string) {
  return z
    .string({ error: message })
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
export const optionalImageUrl = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(2048, tooLong(2048))
  .refine((v) => v === "" || isImageUrl(v), imageUrlError)
  .nullish();

export const MUNICIPALITY_MESSAGE = "Selecciona un municipio del departamento";

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

export const municipalityField = z
  .string({ error: MUNICIPALITY_MESSAGE })
  .trim()
  .min(1, MUNICIPALITY_MESSAGE);

/** Object-level check: the municipality must belong to the chosen department. */
export function checkMunicipality(
  data: { department: string; municipality: string },
  ctx: z.RefinementCtx,
) {
  if (!isMunicipalityOf(data.department, data.municipality)) {
    ctx.addIssue({
      code: "custom",
      message: MUNICIPALITY_MESSAGE,
      path: ["municipality"],
      input: data.municipality,
    });
  }
}

/** Empty optional text becomes null, as the database stores it. */
export function emptyToNull(value: string | null | undefined): string | null {
  return value ? value : null;
}
