import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { orders, orderStatusEvents } from "../../../db/schema/index";

/** A checkout's order as the amounts its payment link charged are worked out from. */
export interface LinkOrder {
  id: number;
  status: string;
  totalAmount: string;
  paidAt: Date | null;
  /** The id of its last 'cancelled' timeline entry: the order cancellations came in. */
  cancelledEvent: number | null;
}

/** The checkout's orders with when each was cancelled (its timeline's entry), by id. */
export async function listLinkOrders(db: Queryable, checkoutId: number): Promise<LinkOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalAmount: orders.totalAmount,
      paidAt: orders.paidAt,
      cancelledEvent: sql<
        number | null
      >`(select max(${orderStatusEvents.id}) from ${orderStatusEvents}
        where ${orderStatusEvents.orderId} = ${orders.id} and ${orderStatusEvents.status} = 'cancelled')`,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(orders.id);
  return rows.map((r) => ({
    ...r,
    cancelledEvent: r.cancelledEvent === null ? null : Number(r.cancelledEvent),
  }));
}
