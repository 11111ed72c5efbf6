import { z } from "zod";
import { MERCHANT_ADDRESS_MAX, MERCHANT_DESCRIPTION_MAX, MERCHANT_NAME_MAX } from "../limits";
import { isSalvadoranMobile, normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from "../phone";
import { parseSchedule } from "../schedule";
import { merchantSlug } from "../slug";
import {
  FACEBOOK_MESSAGE,
  facebookUrl,
  INSTAGRAM_MESSAGE,
  instagramUrl,
  isValidProfile,
  isValidWebsite,
  normalizeWebsite,
  TIKTOK_MESSAGE,
  tiktokUrl,
  WEBSITE_MESSAGE,
} from "../social";
import {
  departmentField,
  districtField,
  emailField,
  emptyToNull,
  locationRequired,
  municipalityCheck,
  municipalityField,
  normalizeLocation,
  optionalText,
  phoneField,
  positiveId,
  requiredText,
  textField,
  tooLong,
} from "./fields";
import { legalIdentityCheck, legalIdentityFields, normalizeLegalIdentity } from "./legal-identity";

export const MERCHANT_NAME_MESSAGE = "El nombre es requerido";
export const MERCHANT_ADDRESS_MESSAGE = "La dirección es requerida";
export const MERCHANT_DESCRIPTION_MESSAGE = "La descripción es requerida";
export const MERCHANT_EMAIL_MESSAGE = "Por favor ingresa un email válido";
export const MERCHANT_CATEGORY_MESSAGE = "Por favor selecciona una categoría";
export const SCHEDULE_MESSAGE = "Ingresa un horario válido";
export const WHATSAPP_MOBILE_MESSAGE = "El WhatsApp debe ser un número celular (+503 6… o +503 7…)";
const SCHEDULE_MAX = 2000;

const whatsappField = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .overwrite(normalizePhone)
  .refine((v) => v === "" || PHONE_PATTERN.test(v), PHONE_MESSAGE)
  // Decisions §4: a Salvadoran WhatsApp number is a mobile; other countries pass.
  .refine(
    (v) => !v.startsWith("+503") || !PHONE_PATTERN.test(v) || isSalvadoranMobile(v),
    WHATSAPP_MOBILE_MESSAGE,
  )
  .nullish();

/** The fields the public registration and the admin merchant forms share. */
export const merchantFields = {
  name: requiredText(MERCHANT_NAME_MESSAGE, MERCHANT_NAME_MAX),
  description: requiredText(MERCHANT_DESCRIPTION_MESSAGE, MERCHANT_DESCRIPTION_MAX),
  address: requiredText(MERCHANT_ADDRESS_MESSAGE, MERCHANT_ADDRESS_MAX),
  department: departmentField,
  municipality: municipalityField,
  // Issue 36, optional: one of the municipality's districts.
  district: districtField,
  phone: phoneField,
  whatsapp: whatsappField,
  email: emailField(MERCHANT_EMAIL_MESSAGE),
  categoryId: positiveId(MERCHANT_CATEGORY_MESSAGE),
  website: optionalText(WEBSITE_MESSAGE, isValidWebsite),
  facebook: optionalText(FACEBOOK_MESSAGE, isValidProfile),
  instagram: optionalText(INSTAGRAM_MESSAGE, isValidProfile),
  tiktok: optionalText(TIKTOK_MESSAGE, isValidProfile),
  // Issue 37: the razón social and its NIT or DUI (optional on the API; left out, kept).
  ...legalIdentityFields,
  // Any shape parseSchedule reads: the form's lines or the admin forms' JSON.
  schedule: textField(SCHEDULE_MESSAGE)
    .trim()
    .max(SCHEDULE_MAX, tooLong(SCHEDULE_MAX))
    .refine((v) => parseSchedule(v) !== null, SCHEDULE_MESSAGE),
};

export const merchantRegistrationSchema = z
  .object({
    ...merchantFields,
    // The form shows it read-only; the server recomputes it from the name.
    slug: textField().trim().max(200).optional(),
  })
  .superRefine(...municipalityCheck)
  .superRefine(...legalIdentityCheck);

/** The registration form: the API's rules, and it asks for department and municipality. */
export const merchantRegistrationFormSchema = merchantRegistrationSchema.superRefine(
  ...locationRequired,
);

export type MerchantRegistrationInput = z.input<typeof merchantRegistrationSchema>;
export type MerchantRegistration = z.output<typeof merchantRegistrationSchema>;

type ContactFields = {
  legalName?: string | null;
  taxId?: string | null;
  department?: string | null;
  municipality?: string | null;
  district?: string | null;
  whatsapp?: string | null;
  website?: string | null;
  facebook?: string | null;
  instagram?: string | null;
  tiktok?: string | null;
};

export type WithNormalizedContact<T> = Omit<T, keyof ContactFields> & {
  [K in Exclude<keyof ContactFields, "legalName" | "taxId">]-?: string | null;
} & {
  /** Undefined: left out, the stored value stays. */
  legalName: string | null | undefined;
  taxId: string | null | undefined;
};

/**
 * Submit transforms of spec §5: https:// on the website, handles to profile URLs, empty to
 * null; and the merchant's place, none unless a department is given.
 */
export function normalizeContact<T extends ContactFields>(data: T): WithNormalizedContact<T> {
  return {
    ...data,
    ...normalizeLocation(data),
    ...normalizeLegalIdentity(data),
    whatsapp: emptyToNull(data.whatsapp),
    website: data.website ? normalizeWebsite(data.website) : null,
    facebook: data.facebook ? facebookUrl(data.facebook) : null,
    instagram: data.instagram ? instagramUrl(data.instagram) : null,
    tiktok: data.tiktok ? tiktokUrl(data.tiktok) : null,
  };
}

export type NormalizedRegistration = WithNormalizedContact<Omit<MerchantRegistration, "slug">> & {
  slug: string;
};

/** What the form sends and the server stores; the server still makes the slug unique. */
export function normalizeRegistration(data: MerchantRegistration): NormalizedRegistration {
  return { ...normalizeContact(data), slug: merchantSlug(data.name) };
}
