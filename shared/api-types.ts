/**
 * The JSON shapes the API sends (decisions §2): camelCase fields of spec §3, integer
 * ids, ISO 8601 timestamps, decimals as fixed-point strings ("12.50", "4.5").
 * Each type is z.infer of its zod schema in shared/contracts/, the one home of the answers
 * (the routes declare those schemas; presenters produce exactly these). Imported as types
 * only: the app reads these without loading zod.
 */

import type { z } from "zod";
import type * as contracts from "./contracts/index";

export type { SpecialDate } from "./open-now";

/** The stable code of every error answer (server/errors.ts); the app may branch on it. */
export type ErrorCode = z.infer<typeof contracts.errorCode>;

/** Every error answer: a Spanish message, its stable code, and field messages for a form. */
export type ApiErrorBody = z.infer<typeof contracts.apiErrorBody>;

export type CategoryDto = z.infer<typeof contracts.category>;

export type MerchantDto = z.infer<typeof contracts.merchant>;

/**
 * A transfer's bank details: the merchant's own form (portal, admin) reads them; the public
 * never does (only the order page of a transfer order shows them).
 */
export type MerchantBankFields = z.infer<typeof contracts.merchantBankFields>;

/** The merchant as its owner and the administrators read it. */
export type MerchantPrivateDto = z.infer<typeof contracts.merchantPrivate>;

export type MerchantStatus = AdminMerchantDto["status"];

/** What administrators see of a merchant. */
export type AdminMerchantDto = z.infer<typeof contracts.adminMerchant>;

/** GET /api/admin/merchants/names: every merchant, for the admin forms' pickers (issue 13). */
export type MerchantOptionDto = z.infer<typeof contracts.merchantOption>;

/**
 * A product's catalogue fields, as stored and as every side shows them: the one definition
 * that ProductDto, the server's product rows and the demo plan build on (writes are typed by
 * the shared zod schemas, shared/schemas/product.ts). Money is a decimal string ("8.00").
 */
export type ProductFields = z.infer<typeof contracts.productFields>;

export type ProductDto = z.infer<typeof contracts.product>;

/** Issue 36: a product's option ('Talla': S, M, L) and a combination it sells. */
export type ProductOptionDto = z.infer<typeof contracts.productOption>;
export type ProductVariantDto = z.infer<typeof contracts.productVariant>;

/**
 * A product with its ids, counts and seller. `D` is how its dates travel: an ISO string
 * in JSON (ProductDto), a Date in the server's rows.
 */
export type ProductRecord<D = string> = Omit<ProductDto, "createdAt"> & { createdAt: D };

/** Public review: never carries the reviewer's e-mail. */
export type ReviewDto = z.infer<typeof contracts.review>;

/** One page of GET /api/reviews: the body (at most 100) and its X-Total-Count. */
export interface ReviewPageDto {
  items: ReviewDto[];
  /** Every approved review the filter matches, on all pages. */
  total: number;
}

export type AdminReviewDto = z.infer<typeof contracts.adminReview>;

/** Issue 37: 'Califica tu compra' of one order. */
export type OrderReviewsDto = z.infer<typeof contracts.orderReviews>;
export type OrderReviewProductDto = z.infer<typeof contracts.orderReviewProduct>;
export type ReviewReplyDto = z.infer<typeof contracts.reviewReply>;

export type CartItemDto = z.infer<typeof contracts.cartItem>;

export type OrderStatus = z.infer<typeof contracts.orderStatus>;

export type OrderItemDto = z.infer<typeof contracts.orderItem>;

export type OrderDto = z.infer<typeof contracts.order>;

export type SearchResultDto = z.infer<typeof contracts.searchResult>;

/** "merchant": signed in with a merchant's e-mail link (issue 11). */
export type UserDto = z.infer<typeof contracts.user>;

export type UploadedImageDto = z.infer<typeof contracts.uploadedImage>;

// Issue 35: notices on every channel.
export type AdminNoticeDto = z.infer<typeof contracts.adminNotice>;
export type NoticeChannelHealthDto = z.infer<typeof contracts.noticeChannelHealth>;
export type MerchantNoticeSettingsDto = z.infer<typeof contracts.merchantNoticeSettings>;
export type PushDeviceDto = z.infer<typeof contracts.pushDevice>;
export type MerchantOrderEventDto = z.infer<typeof contracts.merchantOrderEvent>;
export type WaitingOrderDto = z.infer<typeof contracts.waitingOrder>;

// Issue 38: the order life's answers, moved from shared/order-life.ts (which the contracts
// import for their enums: the types here close no circle).

/** Where the shopper sends a transfer: shown only on the order page of a transfer order. */
export type BankDetails = z.infer<typeof contracts.bankDetails>;

/** One entry of an order's timeline: a step, or a change of `status`. */
export type StatusHistoryEntry = z.infer<typeof contracts.statusHistoryEntry>;

/** Where a delivery order goes (delivery orders only). */
export type DeliveryAddress = z.infer<typeof contracts.deliveryAddress>;

/** The fields issue 25 adds to every order DTO, beside the spec's. Money is exact decimal text. */
export type OrderLifeFields = z.infer<typeof contracts.orderLifeFields>;

/** One merchant's balance (GET /api/admin/payouts). */
export type MerchantBalanceDto = z.infer<typeof contracts.merchantBalance>;

/** A card order in a merchant's ledger. */
export type LedgerOrderDto = z.infer<typeof contracts.ledgerOrder>;

export type PayoutDto = z.infer<typeof contracts.payout>;

/** GET /api/merchant/{merchantId}/payouts: the merchant's 'Liquidaciones'. */
export type MerchantLedgerDto = z.infer<typeof contracts.merchantLedger>;

/** The admin's 'Correos' tab: one outbox row, never its body. */
export type OutboxEmailDto = z.infer<typeof contracts.outboxEmail>;
