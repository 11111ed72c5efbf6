import type { OrderItemDto, OrderStatus } from "../../../shared/api-types";
import {
  orderWhatsappUrl,
  paymentStatusOf,
  type CheckoutDto,
  type CheckoutOrderDto,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../shared/checkout";
import type { CheckoutOrderRow, CheckoutRow } from "./checkout.repository";

/** The order page of a checkout: /orders/{first order's number}?token=…, absolute. */
export function orderPageUrl(publicUrl: string, orderNumber: string, token: string): string {
  return `${publicUrl}/orders/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}`;
}

function toCheckoutOrderDto(
  row: CheckoutOrderRow,
  lines: OrderItemDto[],
  method: PaymentMethod,
): CheckoutOrderDto {
  const merchant = row.merchant
    ? {
        id: row.merchant.id,
        name: row.merchant.name,
        slug: row.merchant.slug,
        whatsapp: row.merchant.whatsapp,
        phone: row.merchant.phone,
      }
    : // A merchant deleted since: the order and its lines stay readable.
      { id: 0, name: "Comercio", slug: "", whatsapp: null, phone: "" };
  return {
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
  };
}

export function checkoutPaymentStatus(checkout: CheckoutRow): PaymentStatus {
  if (checkout.paidAt) return "paid";
  return checkout.paymentMethod === "card" ? "pending" : "offline";
}

export function toCheckoutDto(
  checkout: CheckoutRow,
  orders: readonly CheckoutOrderRow[],
  lines: ReadonlyMap<number, OrderItemDto[]>,
  orderUrl: string,
): CheckoutDto {
  // The database's check constraint allows only the two methods.
  const method = checkout.paymentMethod as PaymentMethod;
  const paymentStatus = checkoutPaymentStatus(checkout);
  return {
    orders: orders.map((row) => toCheckoutOrderDto(row, lines.get(row.id) ?? [], method)),
    totalAmount: checkout.totalAmount,
    paymentMethod: method,
    paymentStatus,
    orderUrl,
    paymentUrl: paymentStatus === "pending" ? checkout.paymentUrl : null,
    paidAt: checkout.paidAt?.toISOString() ?? null,
    createdAt: checkout.createdAt.toISOString(),
  };
}
