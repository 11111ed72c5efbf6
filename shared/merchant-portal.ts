/**
 * The merchant portal's API contract (issue 11): the bodies its writing routes accept (the
 * portal pages use the same schemas for their forms) and the types of its answers (z.infer
 * of shared/contracts/portal.ts). See docs/decisions/0010-merchant-sign-in-links.md.
 * A merchantId the session does not manage, or another merchant's product or order: 404.
 */
import { z } from "zod";
import type * as contracts from "./contracts/index";
import { isValidProfile, LINKEDIN_MESSAGE } from "./social";
import { municipalityCheck, optionalImageUrl, optionalText, textField } from "./schemas/fields";
import { legalIdentityCheck } from "./schemas/legal-identity";
import { MERCHANT_EMAIL_MESSAGE, merchantFields } from "./schemas/merchant-registration";
import { emailField } from "./schemas/fields";
import { LOGIN_TOKEN_MESSAGE } from "./merchant-sign-in";

export const NOT_MERCHANT_MESSAGE = "Inicia sesión como comercio para continuar";
export const MERCHANT_NOT_MANAGED_MESSAGE = "Comercio no encontrado";

/** POST /api/merchant/login-link */
export const loginLinkRequestSchema = z.object({
  email: emailField(MERCHANT_EMAIL_MESSAGE),
});

/** POST /api/merchant/login: the token of the link (base64url, 43 characters). */
export const merchantLoginSchema = z.object({
  token: textField(LOGIN_TOKEN_MESSAGE)
    .trim()
    .min(1, LOGIN_TOKEN_MESSAGE)
    .max(200, LOGIN_TOKEN_MESSAGE),
});

/**
 * PUT /api/merchant/{merchantId}: the profile of spec §3 without name, slug, category,
 * approval, rating and counts (those stay with the administrators). Same rules and
 * messages as the registration and admin forms. Optional fields left out keep what is
 * stored; department and municipality left out stay too.
 */
export const merchantProfileSchema = z
  .object({
    description: merchantFields.description,
    address: merchantFields.address,
    department: merchantFields.department,
    municipality: merchantFields.municipality,
    district: merchantFields.district,
    phone: merchantFields.phone,
    whatsapp: merchantFields.whatsapp,
    email: merchantFields.email,
    schedule: merchantFields.schedule,
    website: merchantFields.website,
    facebook: merchantFields.facebook,
    instagram: merchantFields.instagram,
    tiktok: merchantFields.tiktok,
    // Issue 37: who sells, as the receipts and order pages show it.
    legalName: merchantFields.legalName,
    taxId: merchantFields.taxId,
    linkedin: optionalText(LINKEDIN_MESSAGE, isValidProfile),
    imageUrl: optionalImageUrl,
    logoUrl: optionalImageUrl,
  })
  .superRefine(...municipalityCheck)
  .superRefine(...legalIdentityCheck);

export type MerchantProfileInput = z.input<typeof merchantProfileSchema>;
export type MerchantProfile = z.output<typeof merchantProfileSchema>;

/** PUT /api/admin/merchants/{id}/sign-in-email */
export const signInEmailSchema = z.object({
  email: emailField(MERCHANT_EMAIL_MESSAGE),
});

/** What the public pages count (the buttons of a merchant's or product's page, and views). */
export const CONTACT_EVENT_TYPES = ["whatsapp", "call", "email", "view"] as const;
export type ContactEventType = (typeof CONTACT_EVENT_TYPES)[number];
const EVENT_MESSAGE = "Evento inválido";

/**
 * POST /api/events: sent by the merchant and product pages when WhatsApp, Llamar or Email
 * is pressed (and `view` when a product page opens). Nothing about the visitor is kept:
 * only a count per day, merchant, product and type.
 */
export const contactEventSchema = z.object({
  type: z.enum(CONTACT_EVENT_TYPES, { error: EVENT_MESSAGE }),
  merchantId: z
    .number({ error: EVENT_MESSAGE })
    .int(EVENT_MESSAGE)
    .min(1, EVENT_MESSAGE)
    .max(2 ** 31 - 1, EVENT_MESSAGE),
  productId: z
    .number({ error: EVENT_MESSAGE })
    .int(EVENT_MESSAGE)
    .min(1, EVENT_MESSAGE)
    .max(2 ** 31 - 1, EVENT_MESSAGE)
    .optional(),
});
export type ContactEvent = z.output<typeof contactEventSchema>;

/** GET /api/merchant/me */
export type MerchantMeDto = z.infer<typeof contracts.merchantMe>;

/** An order as its merchant sees it: only its own lines, and their subtotal. */
export type MerchantOrderDto = z.infer<typeof contracts.merchantOrder>;

export type ContactCounts = z.infer<typeof contracts.contactCounts>;

/** GET /api/merchant/{merchantId}/stats: days are El Salvador calendar days. */
export type MerchantStatsDto = z.infer<typeof contracts.merchantStats>;

export type SignInEmailDto = z.infer<typeof contracts.signInEmail>;

/** One change, for GET /api/admin/merchants/{id}/audit. */
export type MerchantAuditEntryDto = z.infer<typeof contracts.merchantAuditEntry>;
