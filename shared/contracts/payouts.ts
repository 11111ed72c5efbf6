import { z } from "zod";
import { OUTBOX_STATUSES } from "../order-life";
import { count, decimal, id, nullableString, timestamp } from "./common";

/** One merchant's balance (GET /api/admin/payouts). */
export const merchantBalance = z.object({
  merchantId: id,
  merchantName: z.string(),
  /** What its delivered, paid card orders owe it (totals minus commission). */
  owed: decimal,
  paid: decimal,
  balance: decimal,
});

/** A card order in a merchant's ledger. */
export const ledgerOrder = z.object({
  orderId: id,
  orderNumber: z.string(),
  deliveredAt: timestamp.nullable(),
  subtotal: decimal,
  deliveryFee: decimal,
  totalAmount: decimal,
  commission: decimal,
  /** totalAmount − commission. */
  owed: decimal,
});

export const payout = z.object({
  id,
  merchantId: id,
  amount: decimal,
  reference: z.string(),
  paidAt: timestamp,
  createdAt: timestamp,
});

/** GET /api/merchant/{merchantId}/payouts: the merchant's 'Liquidaciones'. */
export const merchantLedger = z.object({
  owed: decimal,
  paid: decimal,
  balance: decimal,
  /** The commission percent now applied to new card orders ("5.00"). */
  commissionPercent: decimal,
  orders: z.array(ledgerOrder),
  payouts: z.array(payout),
});

/** The admin's 'Correos' tab: one outbox row, never its body. */
export const outboxEmail = z.object({
  id,
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: count,
  lastError: nullableString,
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});
