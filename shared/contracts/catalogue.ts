import { z } from "zod";
import { DELIVERY_AREAS, FULFILLMENTS } from "../delivery";
import { ACCOUNT_TYPES, PAYMENT_METHODS } from "../order-life";
import { count, decimal, id, nullableString, timestamp } from "./common";

export const category = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  icon: nullableString,
  imageUrl: nullableString,
  /** Public merchants in the category. */
  merchantCount: count,
  /** Public products in the category. */
  productCount: count,
});

/** A holiday or closure (El Salvador's calendar); open and close are 'HH:MM' when not closed. */
export const specialDate = z.object({
  date: z.string(),
  closed: z.boolean(),
  open: nullableString,
  close: nullableString,
});

/** A fee for one place: '$2.00 en Soyapango' is { place: "Soyapango", fee: "2.00" }. */
export const placeFee = z.object({ place: z.string(), fee: decimal });

export const merchant = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  imageUrl: nullableString,
  logoUrl: nullableString,
  address: z.string(),
  department: nullableString,
  municipality: nullableString,
  /** Issue 36: one of its municipality's districts; null: not said. */
  district: nullableString,
  phone: z.string(),
  whatsapp: nullableString,
  email: z.string(),
  rating: decimal,
  reviewCount: count,
  productCount: count,
  categoryId: id,
  isActive: z.boolean(),
  approved: z.boolean(),
  schedule: z.string(),
  facebook: nullableString,
  instagram: nullableString,
  tiktok: nullableString,
  linkedin: nullableString,
  website: nullableString,
  createdAt: timestamp,
  /** Issue 12 / the portal: never 'Abierto ahora' while set. */
  temporarilyClosed: z.boolean(),
  /** Holidays and closures from yesterday on, oldest first. */
  specialDates: z.array(specialDate),
  fulfillment: z.enum(FULFILLMENTS).nullable(),
  deliveryArea: z.enum(DELIVERY_AREAS).nullable(),
  deliveryMunicipalities: z.array(z.string()),
  deliveryNote: nullableString,
  /** Issue 25: "2.50"; null: 'Envío por coordinar'. */
  deliveryFee: decimal.nullable(),
  freeDeliveryFrom: decimal.nullable(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** Issue 36: fees that override `deliveryFee` for a municipality or a district. */
  deliveryFees: z.array(placeFee),
  /** Issue 36: the least subtotal it takes an order for; null: any. */
  minimumOrder: decimal.nullable(),
  /**
   * Issue 37, 'Datos del comercio' (Ley de Protección al Consumidor): the razón social or
   * the owner's full name, and its NIT or DUI as written (shared/tax-id.ts); null: not given.
   */
  legalName: nullableString,
  taxId: nullableString,
});

/** A transfer's bank details: the merchant's own form and the administrators read them. */
export const merchantBankFields = z.object({
  bankName: nullableString,
  accountHolder: nullableString,
  accountNumber: nullableString,
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
});

/** The merchant as its owner reads it (the portal). */
export const merchantPrivate = merchant.extend(merchantBankFields.shape);

export const MERCHANT_STATUSES = ["approved", "pending", "rejected"] as const;

/** What administrators see of a merchant. */
export const adminMerchant = merchant.extend({
  rejectionReason: nullableString,
  status: z.enum(MERCHANT_STATUSES),
  updatedAt: timestamp,
  ...merchantBankFields.shape,
});

/** GET /api/admin/merchants/names: the admin forms' merchant pickers. */
export const merchantOption = adminMerchant.pick({
  id: true,
  name: true,
  categoryId: true,
  status: true,
});

/** A product's catalogue fields, as stored and as every side shows them. */
export const productFields = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: decimal,
  imageUrl: z.string(),
  images: z.array(z.string()),
});

/** One of a product's options (issue 36): 'Talla' with 'S', 'M', 'L'. */
export const productOption = z.object({ name: z.string(), values: z.array(z.string()) });

/** A combination a product sells, with its own price and stock (issue 36). */
export const productVariant = z.object({
  id,
  /** Option name → value: {"Talla": "M", "Color": "Azul"}. */
  options: z.record(z.string(), z.string()),
  /** 'M · Azul': the values in the product's option order. */
  name: z.string(),
  price: decimal,
  /** Units left; null: not counted. */
  stock: z.int().nullable(),
  soldOut: z.boolean(),
  /** The product active and not sold out, and this variant not sold out with stock left. */
  available: z.boolean(),
  sku: nullableString,
});

/** A product with its ids, counts and seller (never the seller's private data). */
export const product = z.object({
  id,
  ...productFields.shape,
  merchantId: id,
  categoryId: id,
  rating: decimal,
  reviewCount: count,
  isActive: z.boolean(),
  createdAt: timestamp,
  merchantName: z.string(),
  merchantSlug: z.string(),
  /** Issue 36: units left (null: not counted; always null with variants, which count their own). */
  stock: z.int().nullable(),
  soldOut: z.boolean(),
  /** Active, not sold out, and stock left (with variants: some variant available). */
  available: z.boolean(),
  options: z.array(productOption),
  variants: z.array(productVariant),
});

/** Issue 37: the merchant's answer under a review, and when it was last written. */
export const reviewReply = z.object({ text: z.string(), at: timestamp });

/** Public review: never carries the reviewer's e-mail. */
export const review = z.object({
  id,
  userId: nullableString,
  userName: z.string(),
  rating: z.int(),
  comment: z.string(),
  merchantId: id.nullable(),
  productId: id.nullable(),
  isApproved: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Issue 37: written with a delivered order's link ('Compra verificada'). */
  verifiedPurchase: z.boolean(),
  reply: reviewReply.nullable(),
});

export const adminReview = review.extend({
  userEmail: z.string(),
  /** Name of the merchant or product reviewed, for the moderation list. */
  targetName: nullableString,
});

/** `true` only: present when it applies (issue 13, decision 0018), absent otherwise. */
const flag = z.literal(true).optional();

export const searchResult = z.object({
  products: z.array(
    z.object({ id, slug: z.string(), name: z.string(), imageUrl: z.string(), price: decimal }),
  ),
  merchants: z.array(z.object({ id, slug: z.string(), name: z.string(), address: z.string() })),
  productTotal: count,
  merchantTotal: count,
  /** The total is an estimate from PostgreSQL's statistics (a very common word). */
  productTotalEstimated: flag,
  merchantTotalEstimated: flag,
  /** The search stopped counting: at least this many match. */
  productTotalAtLeast: flag,
  merchantTotalAtLeast: flag,
});

/** POST /api/admin/bulk-upload-products and the portal's: 201 with what was created. */
export const bulkUploadResult = z.object({ created: count, products: z.array(product) });
