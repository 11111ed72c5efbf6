import type { OrderItemDto, OrderStatus } from "../../../shared/api-types";
import {
  orderWhatsappUrl,
  paymentStatusOf,
  type CheckoutDto,
  type CheckoutOrderDto,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../shared/checkout";
import { toOrderDte } from "../../../shared/dte";
import type { AccountType } from "../../../shared/order-life";
import type { BankDetails, StatusHistoryEntry } from "../../../shared/api-types";
import { toOrderLifeFields } from "../orders/orders.service";
import type { CheckoutOrderRow, CheckoutRow } from "./checkout.repository";

/**
 * A transfer order's bank details, shown only on that order's page: those its checkout showed
 * (issue 37 L5: kept on the order), else (older orders) the merchant's current ones.
 */
function bankDetailsOf(row: CheckoutOrderRow, method: PaymentMethod): BankDetails | null {
  if (method !== "transfer") return null;
  if (row.bankDetails) return row.bankDetails as BankDetails;
  const m = row.merchant;
  if (!m?.bankName || !m.accountHolder || !m.accountNumber) return null;
  return {
    bankName: m.bankName,
    accountHolder: m.accountHolder,
    accountNumber: m.accountNumber,
    // The table's check (and the form) keep it to the two types.
    accountType: (m.accountType ?? "Ahorro") as AccountType,
  };
}

/** The order page of a checkout: /orders/{first order's number}?token=…, absolute. */
export function orderPageUrl(publicUrl: string, orderNumber: string, token: string): string {
  return `${publicUrl}/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`;
}

function toCheckoutOrderDto(
  row: CheckoutOrderRow,
  lines: OrderItemDto[],
  history: StatusHistoryEntry[],
  method: PaymentMethod,
): CheckoutOrderDto {
  const merchant = row.merchant
    ? {
        id: row.merchant.id,
        name: row.merchant.name,
        slug: row.merchant.slug,
        whatsapp: row.merchant.whatsapp,
        phone: row.merchant.phone,
        legalName: row.merchant.legalName,
        taxId: row.merchant.taxId,
      }
    : // A merchant deleted since: the order and its lines stay readable.
      {
        id: 0,
        name: "Comercio",
        slug: "",
        whatsapp: null,
        phone: "",
        legalName: null,
        taxId: null,
      };
  return {
    ...toOrderLifeFields(row, history),
    id: row.id,
    orderNumber: row.orderNumber,
    merchant,
    items: lines,
    totalAmount: row.totalAmount,
    // The database's check constraint allows only the three statuses.
    status: row.status as OrderStatus,
    paymentMethod: method,
    paymentStatus: paymentStatusOf({ ...row, paymentMethod: method }) ?? "pending",
    whatsappUrl:
      method === "whatsapp"
        ? orderWhatsappUrl(merchant.whatsapp, row.orderNumber, lines, row.totalAmount)
        : null,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    bankDetails: bankDetailsOf(row, method),
    cancellable: row.status !== "cancelled" && row.fulfillmentStatus === "received",
    dte: toOrderDte(row.dte),
  };
}

/**
 * The payment state of the whole checkout: a card's is its one payment; cash and transfer
 * are paid to each merchant, so the checkout is paid once every order still standing is;
 * WhatsApp is arranged with each merchant.
 */
export function checkoutPaymentStatus(
  checkout: CheckoutRow,
  orders: readonly Pick<CheckoutOrderRow, "status" | "refundStatus">[],
): PaymentStatus {
  if (checkout.paidAt) {
    // Issue 37 L3: money came in for cancelled orders: owed back, then given back; 'Pagado'
    // only while some order it paid stands.
    if (orders.some((o) => o.refundStatus === "due")) return "refund_due";
    const standing = orders.some((o) => o.status !== "cancelled");
    if (!standing && orders.some((o) => o.refundStatus === "refunded")) return "refunded";
    return "paid";
  }
  switch (checkout.paymentMethod) {
    case "card":
      return "pending";
    case "cash":
    case "transfer": {
      const standing = orders.filter((o) => o.status !== "cancelled");
      return standing.length > 0 && standing.every((o) => o.status === "paid") ? "paid" : "pending";
    }
    default:
      return "offline";
  }
}

export function toCheckoutDto(
  checkout: CheckoutRow,
  orders: readonly CheckoutOrderRow[],
  lines: ReadonlyMap<number, OrderItemDto[]>,
  history: ReadonlyMap<number, StatusHistoryEntry[]>,
  orderUrl: string,
): CheckoutDto {
  // The database's check constraint allows only the four methods.
  const method = checkout.paymentMethod as PaymentMethod;
  const paymentStatus = checkoutPaymentStatus(checkout, orders);
  // A checkout whose orders were all cancelled is never paid again (issue 25).
  const allCancelled = orders.length > 0 && orders.every((row) => row.status === "cancelled");
  return {
    orders: orders.map((row) =>
      toCheckoutOrderDto(row, lines.get(row.id) ?? [], history.get(row.id) ?? [], method),
    ),
    totalAmount: checkout.totalAmount,
    paymentMethod: method,
    paymentStatus,
    orderUrl,
    paymentUrl:
      method === "card" && paymentStatus === "pending" && !allCancelled
        ? checkout.paymentUrl
        : null,
    paidAt: checkout.paidAt?.toISOString() ?? null,
    createdAt: checkout.createdAt.toISOString(),
  };
}
