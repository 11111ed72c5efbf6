import type { WaitingOrderDto } from "../../../shared/api-types";
import { openMinutesBetween } from "../../../shared/open-time";
import type { WaitingOrderRow } from "./orders.repository";

/** How long an order has waited for its merchant, in its shop's open time (issue 35). */

/** When the order's clock starts: a card order waits on its payment, not on the shop. */
export function clockStart(row: WaitingOrderRow): Date {
  return row.order.paymentMethod === "card" && row.order.paidAt
    ? row.order.paidAt
    : row.order.createdAt;
}

/** Minutes of the shop's open time the order has waited (wall time when it has no hours). */
export function waitedMinutes(row: WaitingOrderRow, now: Date): number {
  if (!row.merchant) return 0;
  return openMinutesBetween(
    {
      schedule: row.merchant.schedule,
      temporarilyClosed: row.merchant.temporarilyClosed,
      specialDates: row.specialDates,
    },
    clockStart(row),
    now,
  );
}

export function toWaitingOrderDto(row: WaitingOrderRow, now: Date): WaitingOrderDto {
  return {
    id: row.order.id,
    orderNumber: row.order.orderNumber,
    merchantId: row.merchant?.id ?? null,
    merchantName: row.merchant?.name ?? null,
    createdAt: row.order.createdAt.toISOString(),
    totalAmount: row.order.totalAmount,
    waitingMinutes: Math.floor(waitedMinutes(row, now)),
    reminded: row.order.reminderSentAt !== null,
  };
}
