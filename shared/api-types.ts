/**
 * The JSON shapes the API sends (decisions §2): camelCase fields of spec §3, integer
 * ids, ISO 8601 timestamps, decimals as fixed-point strings ("12.50", "4.5").
 * Presenters on the server produce exactly these; the app reads them.
 */

import type { DeliveryArea, Fulfillment } from "./delivery";
import type { AccountType, PaymentMethod } from "./order-life";
import type { SpecialDate } from "./open-now";

export type { SpecialDate } from "./open-now";

/** The stable code of every error answer (server/errors.ts); the app may branch on it. */
export type ErrorCode =
  | "bad_request"
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "cross_site"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_type"
  | "rate_limited"
  | "unavailable"
  | "bad_gateway"
  | "internal";

/** Every error answer: a Spanish message, its stable code, and field messages for a form. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: { path: string; message: string }[];
}

export interface CategoryDto {
  id: number;
  name: string;
  slug: string;
  icon: string | null;
  imageUrl: string | null;
  /** Public merchants in the category. */
  merchantCount: number;
  /** Public products in the category. */
  productCount: number;
}

export interface MerchantDto {
  id: number;
  name: string;
  slug: string;
  description: string;
  imageUrl: string | null;
  logoUrl: string | null;
  address: string;
  department: string | null;
  municipality: string | null;
  phone: string;
  whatsapp: string | null;
  email: string;
  rating: string;
  reviewCount: number;
  productCount: number;
  categoryId: number;
  isActive: boolean;
  approved: boolean;
  schedule: string;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
  linkedin: string | null;
  website: string | null;
  createdAt: string;
  /** Issue 12 / the portal: never 'Abierto ahora' while set. */
  temporarilyClosed: boolean;
  /** Holidays and closures from yesterday on (El Salvador's calendar), oldest first. */
  specialDates: SpecialDate[];
  fulfillment: Fulfillment | null;
  deliveryArea: DeliveryArea | null;
  deliveryMunicipalities: string[];
  deliveryNote: string | null;
  /** Issue 25: "2.50"; null: 'Envío por coordinar'. */
  deliveryFee: string | null;
  freeDeliveryFrom: string | null;
  paymentMethods: PaymentMethod[];
}

/**
 * A transfer's bank details: the merchant's own form (portal, admin) reads them; the public
 * never does (only the order page of a transfer order shows them).
 */
export interface MerchantBankFields {
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  accountType: AccountType | null;
}

/** The merchant as its owner and the administrators read it. */
export type MerchantPrivateDto = MerchantDto & MerchantBankFields;

export type MerchantStatus = "approved" | "pending" | "rejected";

/** What administrators see of a merchant. */
export interface AdminMerchantDto extends MerchantDto, MerchantBankFields {
  rejectionReason: string | null;
  status: MerchantStatus;
  updatedAt: string;
}

/** GET /api/admin/merchants/names: every merchant, for the admin forms' pickers (issue 13). */
export type MerchantOptionDto = Pick<AdminMerchantDto, "id" | "name" | "categoryId" | "status">;

/**
 * A product's catalogue fields, as stored and as every side shows them: the one definition
 * that ProductDto, the server's product rows and the demo plan build on (writes are typed by
 * the shared zod schemas, shared/schemas/product.ts). Money is a decimal string ("8.00").
 */
export interface ProductFields {
  name: string;
  slug: string;
  description: string;
  price: string;
  imageUrl: string;
  images: string[];
}

/**
 * A product with its ids, counts and seller. `D` is how its dates travel: an ISO string
 * in JSON (ProductDto), a Date in the server's rows.
 */
export interface ProductRecord<D = string> extends ProductFields {
  id: number;
  merchantId: number;
  categoryId: number;
  rating: string;
  reviewCount: number;
  isActive: boolean;
  createdAt: D;
  /** The seller, for cards and the cart (never its private data). */
  merchantName: string;
  merchantSlug: string;
}

export type ProductDto = ProductRecord<string>;

/** Public review: never carries the reviewer's e-mail. */
export interface ReviewDto {
  id: number;
  userId: string | null;
  userName: string;
  rating: number;
  comment: string;
  merchantId: number | null;
  productId: number | null;
  isApproved: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One page of GET /api/reviews: the body (at most 100) and its X-Total-Count. */
export interface ReviewPageDto {
  items: ReviewDto[];
  /** Every approved review the filter matches, on all pages. */
  total: number;
}

export interface AdminReviewDto extends ReviewDto {
  userEmail: string;
  /** Name of the merchant or product reviewed, for the moderation list. */
  targetName: string | null;
}

export interface CartItemDto {
  id: number;
  sessionId: string;
  productId: number;
  quantity: number;
  createdAt: string;
  updatedAt: string;
  product: ProductDto & { merchantWhatsapp: string | null; merchantPhone: string };
}

export type OrderStatus = "pending" | "paid" | "cancelled";

export interface OrderItemDto {
  id: number;
  orderId: number;
  /** Null once the product has been deleted; name and price stay. */
  productId: number | null;
  quantity: number;
  price: string;
  createdAt: string;
  product: { name: string; imageUrl: string | null };
}

export interface OrderDto {
  id: number;
  orderNumber: string;
  sessionId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  totalAmount: string;
  status: OrderStatus;
  paymentId: string | null;
  paymentUrl: string | null;
  createdAt: string;
  updatedAt: string;
  items: OrderItemDto[];
}

export interface SearchResultDto {
  products: { id: number; slug: string; name: string; imageUrl: string; price: string }[];
  merchants: { id: number; slug: string; name: string; address: string }[];
  productTotal: number;
  merchantTotal: number;
  /**
   * Present (true) when the total is an estimate: a word in a large share of the catalogue
   * ('salvador') is counted from PostgreSQL's statistics, not row by row (issue 13).
   */
  productTotalEstimated?: true;
  merchantTotalEstimated?: true;
  /**
   * Present (true) when the search stopped counting: at least this many match (the first 500
   * matches are ranked; the statistics gave no larger estimate). Issue 13, decision 0018.
   */
  productTotalAtLeast?: true;
  merchantTotalAtLeast?: true;
}

export interface UserDto {
  id: string;
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** "merchant": signed in with a merchant's e-mail link (issue 11). */
  role: "admin" | "merchant";
}

export interface UploadedImageDto {
  url: string;
}
