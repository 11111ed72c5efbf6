import { z } from "zod";
import { PERSONAL_DATA_ACTIONS } from "../personal-data";
import { count, decimal, id, nullableString, timestamp } from "./common";

/**
 * Issue 37's 'Datos personales': what GET /api/admin/personal-data exports about a person,
 * what POST …/erase answers, and the log of both (GET …/requests). Imported from here (the
 * admin panel's and the module's own), not re-exported by the index.
 */

export const personalDataKey = z.object({
  kind: z.enum(["email", "phone"]),
  /** Lower-case e-mail, or the phone in E.164 ('+50377777777'). */
  value: z.string(),
});

/** What a person's request changed or found, by kind of row. */
export const personalDataCounts = z.object({
  orders: count,
  reviews: count,
  notices: count,
  consents: count,
});

const exportedLine = z.object({
  productName: z.string(),
  variantName: nullableString,
  quantity: count,
  price: decimal,
});

const exportedOrder = z.object({
  orderNumber: z.string(),
  createdAt: timestamp,
  merchantName: nullableString,
  status: z.string(),
  fulfillmentStatus: z.string(),
  paymentMethod: nullableString,
  fulfillment: nullableString,
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: nullableString,
  /** The address the order went to (delivery orders), as it is stored. */
  address: z
    .object({
      department: nullableString,
      municipality: nullableString,
      district: nullableString,
      address: nullableString,
      reference: nullableString,
    })
    .nullable(),
  note: nullableString,
  subtotal: decimal,
  deliveryFee: decimal.nullable(),
  totalAmount: decimal,
  deliveredAt: timestamp.nullable(),
  cancelReason: nullableString,
  /** When its personal data was erased (on request or by retention); null: still held. */
  personalDataErasedAt: timestamp.nullable(),
  items: z.array(exportedLine),
});

const exportedReview = z.object({
  id,
  /** The merchant or product reviewed. */
  about: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  rating: count,
  comment: z.string(),
  approved: z.boolean(),
  /** The order it was written from (a verified purchase), if any. */
  orderNumber: nullableString,
  createdAt: timestamp,
});

const exportedNotice = z.object({
  channel: z.enum(["email", "whatsapp", "push"]),
  kind: z.string(),
  to: z.string(),
  /** E-mail only. */
  subject: nullableString,
  status: z.string(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
  /**
   * The e-mail's text or the WhatsApp message's parameters as kept, with every order link's
   * token hidden; null once purged or erased.
   */
  content: nullableString,
});

const exportedConsent = z.object({
  /** 'whatsapp' (the checkout's box), 'whatsapp_opt_out' (BAJA), 'push' (a merchant's device). */
  kind: z.enum(["whatsapp", "whatsapp_opt_out", "push"]),
  /** The WhatsApp number, or the device's label. */
  detail: z.string(),
  since: timestamp,
  /** The orders of the checkout that consent was given on (WhatsApp). */
  orderNumbers: z.array(z.string()),
  /** A merchant's push device: that merchant's name. */
  merchantName: nullableString,
});

const exportedMerchant = z.object({
  id,
  name: z.string(),
  /** 'contacto' (its public e-mail or phone), 'acceso' (its sign-in e-mail). */
  role: z.enum(["contacto", "acceso"]),
});

/** GET /api/admin/personal-data: everything held about one person, as one JSON file. */
export const personalDataExport = z.object({
  generatedAt: timestamp,
  key: personalDataKey,
  counts: personalDataCounts,
  orders: z.array(exportedOrder),
  reviews: z.array(exportedReview),
  notices: z.array(exportedNotice),
  consents: z.array(exportedConsent),
  /** Merchants whose own contact or sign-in is this key: their data is the merchant's. */
  merchants: z.array(exportedMerchant),
  /** What the server does not hold (favourites, the cart) and what an erasure keeps. */
  notes: z.array(z.string()),
});

/** POST /api/admin/personal-data/erase: what it changed. */
export const personalDataErasure = personalDataCounts;

/** One entry of the log: GET /api/admin/personal-data/requests. */
export const personalDataRequest = z.object({
  id,
  action: z.enum(PERSONAL_DATA_ACTIONS),
  key: personalDataKey.nullable(),
  /** The administrator, or 'Sistema' for the retention purge. */
  actor: z.string(),
  rows: count,
  counts: personalDataCounts,
  createdAt: timestamp,
});

export type PersonalDataExportDto = z.infer<typeof personalDataExport>;
export type PersonalDataCountsDto = z.infer<typeof personalDataCounts>;
export type PersonalDataRequestDto = z.infer<typeof personalDataRequest>;
export type ExportedOrderDto = z.infer<typeof exportedOrder>;
export type ExportedReviewDto = z.infer<typeof exportedReview>;
export type ExportedNoticeDto = z.infer<typeof exportedNotice>;
export type ExportedConsentDto = z.infer<typeof exportedConsent>;
export type ExportedMerchantDto = z.infer<typeof exportedMerchant>;
