import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { orderDte, orders } from "../../../db/schema/index";

/** One of this merchant's orders, locked for its DTE's write; undefined for another's. */
export async function findMerchantOrderForUpdate(
  db: Queryable,
  merchantId: number,
  orderId: number,
): Promise<{ id: number; orderNumber: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)))
    .for("update");
  return row;
}

/** Writes the order's DTE (a second write replaces the first); answers what is stored. */
export async function upsertOrderDte(
  db: Queryable,
  orderId: number,
  dte: { code: string; issuedOn: string },
): Promise<{ code: string; issuedOn: string; recordedAt: Date; replaced: boolean }> {
  const [before] = await db
    .select({ code: orderDte.code })
    .from(orderDte)
    .where(eq(orderDte.orderId, orderId));
  const [row] = await db
    .insert(orderDte)
    .values({ orderId, code: dte.code, issuedOn: dte.issuedOn })
    .onConflictDoUpdate({
      target: orderDte.orderId,
      set: { code: dte.code, issuedOn: dte.issuedOn, recordedAt: sql`now()` },
    })
    .returning();
  return { code: row.code, issuedOn: row.issuedOn, recordedAt: row.recordedAt, replaced: !!before };
}
