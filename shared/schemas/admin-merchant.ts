import { z } from "zod";
import { isValidProfile, LINKEDIN_MESSAGE, linkedinUrl } from "../social";
import {
  emptyToNull,
  locationRequired,
  municipalityCheck,
  optionalImageUrl,
  optionalText,
  textField,
} from "./fields";
import { legalIdentityCheck } from "./legal-identity";
import {
  merchantFields,
  normalizeContact,
  type WithNormalizedContact,
} from "./merchant-registration";

const FLAG_MESSAGE = "Valor inválido";

const adminFields = {
  ...merchantFields,
  imageUrl: optionalImageUrl,
  logoUrl: optionalImageUrl,
  linkedin: optionalText(LINKEDIN_MESSAGE, isValidProfile),
  isActive: z.boolean({ error: FLAG_MESSAGE }).optional(),
};

/** Admin create: schedule as JSON text, `approved` from the 'publish immediately' switch. */
export const adminMerchantSchema = z
  .object({
    ...adminFields,
    slug: textField().trim().max(200).optional(),
    approved: z.boolean({ error: FLAG_MESSAGE }).optional(),
  })
  .superRefine(...municipalityCheck)
  .superRefine(...legalIdentityCheck);

/**
 * Admin edit: no slug or approval (approval has its own action). Department and
 * municipality left out keep what is stored.
 */
export const adminMerchantUpdateSchema = z
  .object(adminFields)
  .superRefine(...municipalityCheck)
  .superRefine(...legalIdentityCheck);

/** The admin dialogs: the API's rules, and they ask for department and municipality. */
export const adminMerchantFormSchema = adminMerchantSchema.superRefine(...locationRequired);
export const adminMerchantUpdateFormSchema = adminMerchantUpdateSchema.superRefine(
  ...locationRequired,
);

export type AdminMerchantInput = z.input<typeof adminMerchantSchema>;
export type AdminMerchant = z.output<typeof adminMerchantSchema>;
export type AdminMerchantUpdateInput = z.input<typeof adminMerchantUpdateSchema>;
export type AdminMerchantUpdate = z.output<typeof adminMerchantUpdateSchema>;

type AdminOnlyFields = {
  linkedin?: string | null;
  imageUrl?: string | null;
  logoUrl?: string | null;
};

export type NormalizedAdminMerchant<T> = WithNormalizedContact<Omit<T, keyof AdminOnlyFields>> & {
  [K in keyof AdminOnlyFields]-?: string | null;
};

/** The registration's submit transforms plus LinkedIn and the images. */
export function normalizeAdminMerchant<T extends AdminMerchantUpdate>(
  data: T,
): NormalizedAdminMerchant<T> {
  return {
    ...normalizeContact(data),
    linkedin: data.linkedin ? linkedinUrl(data.linkedin) : null,
    imageUrl: emptyToNull(data.imageUrl),
    logoUrl: emptyToNull(data.logoUrl),
  };
}
