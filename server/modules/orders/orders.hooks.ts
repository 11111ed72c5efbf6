import type { Queryable } from "../../../db/client";
import type { AdminOrderDto } from "../../../shared/checkout";
import type { StatusActor } from "../../../shared/order-life";
import type * as repo from "./orders.repository";

/** What the orders service is given by other modules (stock, notices), and who waits. */

/**
 * Issue 36: gives a cancelled order's taken units back to their counts (the products
 * module), in the cancellation's transaction; answers the cache's tags of what changed
 * availability (none: only counts), which `availabilityChanged` forgets once the
 * transaction committed.
 */
export interface OrderStock {
  giveBackStock(
    tx: Queryable,
    lines: { productId: number; variantId: number | null; quantity: number }[],
  ): Promise<string[]>;
  availabilityChanged(changes: readonly string[]): Promise<void>;
}

/** What the shopper is e-mailed about (one e-mail each, never two for the same order). */
export type OrderNotice =
  "preparing" | "ready" | "on_the_way" | "delivered" | "cancelled" | "refunded";

/**
 * Writes an order's e-mails in the change's transaction (the checkout module's
 * order-notices.ts: it holds the order page's tokens and the templates).
 */
export type OrderNotifier = (
  tx: Queryable,
  order: repo.OrderRow,
  notice: OrderNotice,
  by: StatusActor,
) => Promise<void>;

/**
 * Reminds the merchant of an order still 'Recibido' after `minutes` of its open time (issue
 * 35: the checkout module's order-notices.ts, on every channel the merchant has).
 */
export type OrderReminder = (tx: Queryable, order: repo.OrderRow, minutes: number) => Promise<void>;

/** Runs in the change's transaction once the order is written (the portal's audit log). */
export type AfterChange = (tx: Queryable, order: AdminOrderDto) => Promise<void>;

/**
 * Waiting for its merchant's answer (issue 35): still 'Recibido' and not cancelled; a card
 * order only once paid (before that the merchant cannot start it).
 */
export function isWaiting(
  order: Pick<repo.OrderRow, "fulfillmentStatus" | "status" | "paymentMethod" | "paidAt">,
): boolean {
  return (
    order.fulfillmentStatus === "received" &&
    order.status !== "cancelled" &&
    (order.paymentMethod !== "card" || order.paidAt !== null)
  );
}
