import type { OrderDto, OrderItemDto, OrderStatus } from "../../../shared/api-types";
import { paymentStatusOf, type AdminOrderDto, type PaymentMethod } from "../../../shared/checkout";
import { toOrderDte } from "../../../shared/dte";
import type { FulfillmentStatus, OrderFulfillment, StatusActor } from "../../../shared/order-life";
import type {
  DeliveryAddress,
  OrderLifeFields,
  StatusHistoryEntry,
} from "../../../shared/api-types";
import type {
  OrderItemRow,
  OrderRow,
  OrderStatusEventRow,
  OrderWithMerchantRow,
} from "./orders.repository";

/** One timeline entry; the table's checks keep its values to the known ones. */
export function toHistoryEntry(row: OrderStatusEventRow): StatusHistoryEntry {
  return {
    ...(row.fulfillmentStatus
      ? { fulfillmentStatus: row.fulfillmentStatus as FulfillmentStatus }
      : {}),
    ...(row.status ? { status: row.status as OrderStatus } : {}),
    at: row.createdAt.toISOString(),
    by: row.actor as StatusActor,
  };
}

/** Timelines grouped by order id. */
export function historyByOrder(
  events: readonly OrderStatusEventRow[],
): Map<number, StatusHistoryEntry[]> {
  const byOrder = new Map<number, StatusHistoryEntry[]>();
  for (const event of events) {
    const list = byOrder.get(event.orderId);
    if (list) list.push(toHistoryEntry(event));
    else byOrder.set(event.orderId, [toHistoryEntry(event)]);
  }
  return byOrder;
}

/** A delivery order's address, from its columns; null for the others. */
export function deliveryAddressOf(
  row: Pick<
    OrderRow,
    | "deliveryAddress"
    | "deliveryDepartment"
    | "deliveryMunicipality"
    | "deliveryReference"
    | "deliveryDistrict"
  >,
): DeliveryAddress | null {
  return row.deliveryAddress && row.deliveryDepartment && row.deliveryMunicipality
    ? {
        department: row.deliveryDepartment,
        municipality: row.deliveryMunicipality,
        district: row.deliveryDistrict,
        address: row.deliveryAddress,
        reference: row.deliveryReference,
      }
    : null;
}

/** Issue 25's fields of an order (delivery, step, timeline, money, refund). */
export function toOrderLifeFields(row: OrderRow, history: StatusHistoryEntry[]): OrderLifeFields {
  return {
    // The table's checks keep these to the known values.
    fulfillment: row.fulfillment as OrderFulfillment | null,
    fulfillmentStatus: row.fulfillmentStatus as FulfillmentStatus,
    statusHistory: history,
    deliveryAddress: deliveryAddressOf(row),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    cancelReason: row.cancelReason,
    refundReference: row.refundReference,
  };
}

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
    variantId: row.variantId,
    variantName: row.variantName,
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
  history: StatusHistoryEntry[] = [],
): AdminOrderDto {
  return {
    ...toOrderDto(row, items),
    ...toOrderLifeFields(row, history),
    merchant: row.merchant,
    // The database's check constraint allows only the four (or none).
    paymentMethod: row.paymentMethod as PaymentMethod | null,
    paymentStatus: paymentStatusOf(row),
    paymentTransactionId: row.paymentTransactionId,
    paidAt: row.paidAt?.toISOString() ?? null,
    note: row.note,
    dte: toOrderDte(row.dte),
  };
}

export function toAdminOrderDtos(
  rows: readonly OrderWithMerchantRow[],
  items: readonly OrderItemRow[],
  events: readonly OrderStatusEventRow[] = [],
): AdminOrderDto[] {
  const byOrder = itemsByOrder(items);
  const history = historyByOrder(events);
  return rows.map((row) =>
    toAdminOrderDto(row, byOrder.get(row.id) ?? [], history.get(row.id) ?? []),
  );
}
