import type { OrderDto, OrderItemDto, OrderStatus } from "../../../shared/api-types";
import { paymentStatusOf, type AdminOrderDto, type PaymentMethod } from "../../../shared/checkout";
import type { OrderItemRow, OrderRow, OrderWithMerchantRow } from "./orders.repository";

/** Name and picture come from the line itself, so they outlive a deleted product. */
export function toOrderItemDto(row: OrderItemRow): OrderItemDto {
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    quantity: row.quantity,
    price: row.price,
    createdAt: row.createdAt.toISOString(),
    product: { name: row.productName, imageUrl: row.productImageUrl },
  };
}

export function toOrderDto(row: OrderRow, items: readonly OrderItemRow[]): OrderDto {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    sessionId: row.sessionId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    totalAmount: row.totalAmount,
    // The database's check constraint allows only the three statuses.
    status: row.status as OrderStatus,
    paymentId: row.paymentId,
    paymentUrl: row.paymentUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: items.map(toOrderItemDto),
  };
}

/** Orders with their lines, keeping the order of `rows`. */
export function toOrderDtos(rows: readonly OrderRow[], items: readonly OrderItemRow[]): OrderDto[] {
  const byOrder = itemsByOrder(items);
  return rows.map((row) => toOrderDto(row, byOrder.get(row.id) ?? []));
}

/** Lines grouped by their order id. */
export function itemsByOrder(items: readonly OrderItemRow[]): Map<number, OrderItemRow[]> {
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return byOrder;
}

export function toAdminOrderDto(
  row: OrderWithMerchantRow,
  items: readonly OrderItemRow[],
): AdminOrderDto {
  return {
    ...toOrderDto(row, items),
    merchant: row.merchant,
    // The database's check constraint allows only these two (or none).
    paymentMethod: row.paymentMethod as PaymentMethod | null,
    paymentStatus: paymentStatusOf(row),
    paymentTransactionId: row.paymentTransactionId,
    paidAt: row.paidAt?.toISOString() ?? null,
    note: row.note,
  };
}

export function toAdminOrderDtos(
  rows: readonly OrderWithMerchantRow[],
  items: readonly OrderItemRow[],
): AdminOrderDto[] {
  const byOrder = itemsByOrder(items);
  return rows.map((row) => toAdminOrderDto(row, byOrder.get(row.id) ?? []));
}
