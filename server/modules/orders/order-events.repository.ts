import { and, asc, gt, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchantOrderEvents } from "../../../db/schema/index";
import type { OrderRow } from "./orders.repository";

/** The channel a new order event is announced on (PostgreSQL; a wake-up, the table holds the events). */
export const ORDER_EVENTS_CHANNEL = "tiangue_order_events";

export type OrderEventRow = typeof merchantOrderEvents.$inferSelect;

/**
 * Records that a merchant's order was created or changed, through the change's transaction,
 * and announces it: pg_notify inside a transaction is delivered when it commits, never before.
 */
export async function recordOrderEvent(
  db: Queryable,
  order: Pick<OrderRow, "id" | "merchantId" | "orderNumber" | "fulfillmentStatus" | "status">,
  type: "created" | "updated",
): Promise<void> {
  if (order.merchantId === null) return;
  await db.insert(merchantOrderEvents).values({
    merchantId: order.merchantId,
    orderId: order.id,
    type,
    orderNumber: order.orderNumber,
    fulfillmentStatus: order.fulfillmentStatus,
    status: order.status,
  });
  await db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${String(order.merchantId)})`);
}

/** Events after `afterId` of these merchants, oldest first. */
export async function orderEventsAfter(
  db: Queryable,
  merchantIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<OrderEventRow[]> {
  if (merchantIds.length === 0) return [];
  return db
    .select()
    .from(merchantOrderEvents)
    .where(
      and(
        inArray(merchantOrderEvents.merchantId, [...merchantIds]),
        gt(merchantOrderEvents.id, afterId),
      ),
    )
    .orderBy(asc(merchantOrderEvents.id))
    .limit(limit);
}

/** The newest event id (0: none): a stream opened without Last-Event-ID starts after it. */
export async function latestOrderEventId(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${merchantOrderEvents.id}), 0)` })
    .from(merchantOrderEvents);
  return Number(row?.id ?? 0);
}
