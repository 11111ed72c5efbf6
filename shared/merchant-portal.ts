/**
 * The merchant portal's API contract (issue 11): the bodies its writing routes accept and
 * the shapes its reads answer. The server validates with these schemas; the portal pages
 * use the same ones for their forms. See docs/decisions/0010-merchant-sign-in-links.md.
 *
 * Routes (all JSON, Spanish messages, cookies of the one session store):
 * - POST /api/merchant/login-link  {email}  → 202 {message: LOGIN_LINK_SENT_MESSAGE}
 * - POST /api/merchant/login       {token}  → 200 MerchantMeDto + session cookie; 401 LOGIN_LINK_INVALID_MESSAGE
 * - GET  /api/merchant/me                   → MerchantMeDto; 401 without a merchant session
 * - POST /api/auth/logout                   → 204
 * - GET  /api/merchant/{merchantId}         → MerchantDto (its whole profile, for the form)
 * - PUT  /api/merchant/{merchantId}         merchantProfileSchema → MerchantDto
 * - GET  /api/merchant/{merchantId}/products → ProductDto[] (active and inactive, newest first)
 * - POST /api/merchant/{merchantId}/products productUpdateSchema (the admin's fields, no merchantId) → 201 ProductDto
 * - PUT  /api/merchant/{merchantId}/products/{productId} productUpdateSchema → ProductDto
 * - DELETE /api/merchant/{merchantId}/products/{productId} → 204
 * - POST /api/merchant/{merchantId}/images?kind=merchantImage|merchantLogo|productImage
 *        multipart field `image` → 201 {url} (the admin upload's rules and size limits)
 * - GET  /api/merchant/{merchantId}/orders  → MerchantOrderDto[] (newest first, only its lines)
 * - GET  /api/merchant/{merchantId}/orders?fulfillmentStatus=… → only the orders at that step
 * - PUT  /api/merchant/{merchantId}/orders/{orderId}/status merchantOrderStatusSchema
 *        (shared/schemas/order-life.ts: a later step, `paid`, or `cancelled` with a reason)
 *        → MerchantOrderDto
 * - GET  /api/merchant/{merchantId}/payouts[?format=csv] → MerchantLedgerDto (issue 25)
 * - GET  /api/merchant/{merchantId}/stats   → MerchantStatsDto
 * - POST /api/events  contactEventSchema → 204 (the public pages' beacon; no personal data)
 * Administrators:
 * - POST /api/admin/merchants/{id}/login-link → 202 {message, email} (e-mails the sign-in link)
 * - GET  /api/admin/merchants/{id}/sign-in-email → SignInEmailDto
 * - PUT  /api/admin/merchants/{id}/sign-in-email signInEmailSchema → SignInEmailDto
 * - GET  /api/admin/merchants/{id}/audit → MerchantAuditEntryDto[] (newest first)
 * A merchantId the session does not manage, or another merchant's product or order: 404.
 */
import { z } from "zod";
import type { AdminOrderDto } from "./checkout";
import { isValidProfile, LINKEDIN_MESSAGE } from "./social";
import { municipalityCheck, optionalImageUrl, optionalText, textField } from "./schemas/fields";
import { MERCHANT_EMAIL_MESSAGE, merchantFields } from "./schemas/merchant-registration";
import { emailField } from "./schemas/fields";

export const LOGIN_LINK_SENT_MESSAGE = "Si el correo está registrado, te enviamos un enlace";
export const LOGIN_LINK_INVALID_MESSAGE =
  "El enlace para entrar no es válido, ya se usó o venció. Pide uno nuevo.";
export const NOT_MERCHANT_MESSAGE = "Inicia sesión como comercio para continuar";
export const MERCHANT_NOT_MANAGED_MESSAGE = "Comercio no encontrado";
export const LOGIN_TOKEN_MESSAGE = "Falta el enlace para entrar";

/** A sign-in link is valid this long, and only once. */
export const LOGIN_LINK_TTL_MINUTES = 15;

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
    phone: merchantFields.phone,
    whatsapp: merchantFields.whatsapp,
    email: merchantFields.email,
    schedule: merchantFields.schedule,
    website: merchantFields.website,
    facebook: merchantFields.facebook,
    instagram: merchantFields.instagram,
    tiktok: merchantFields.tiktok,
    linkedin: optionalText(LINKEDIN_MESSAGE, isValidProfile),
    imageUrl: optionalImageUrl,
    logoUrl: optionalImageUrl,
  })
  .superRefine(...municipalityCheck);

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
export interface MerchantMeDto {
  email: string;
  merchants: { id: number; name: string; slug: string }[];
}

/** An order as its merchant sees it: only its own lines, and their subtotal. */
export interface MerchantOrderDto extends AdminOrderDto {
  /** The sum of this merchant's lines ("12.50"); `totalAmount` is the whole order's. */
  merchantTotal: string;
}

export interface ContactCounts {
  whatsapp: number;
  call: number;
  email: number;
}

/** GET /api/merchant/{merchantId}/stats: days are El Salvador calendar days. */
export interface MerchantStatsDto {
  last7Days: ContactCounts;
  last30Days: ContactCounts;
  /** The last 30 days, oldest first, every day present (zeros included), for the chart. */
  daily: ({ date: string; views: number } & ContactCounts)[];
  /** Its products by views in the last 30 days, most viewed first (at most 10). */
  topProducts: { id: number; name: string; slug: string; views: number }[];
}

export interface SignInEmailDto {
  /** The address that receives the sign-in links. */
  email: string;
  /** False while it is simply the merchant's contact e-mail. */
  custom: boolean;
}

/** One change, for GET /api/admin/merchants/{id}/audit. */
export interface MerchantAuditEntryDto {
  id: number;
  merchantId: number;
  /** Who: the e-mail of the merchant user, or the administrator's username or e-mail. */
  actor: string;
  actorRole: "merchant" | "admin";
  /** What: 'profile.update', 'product.create', 'order.status', 'sign-in-email.update'… */
  action: string;
  /** A short Spanish description (product name, new status, changed fields). */
  summary: string;
  createdAt: string;
}
