import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { checkouts, orders } from "../../../db/schema/index";

/** A card checkout whose link must change, with its orders' states. */
export interface LinkToSync {
  id: number;
  reference: string;
  paymentMethod: string;
  paymentId: string | null;
  paidAt: Date | null;
  totalAmount: string;
  paymentLinkAmount: string | null;
  attempts: number;
  orders: { orderNumber: string; status: string; totalAmount: string }[];
}

/** Marks the checkout's link to be told of a change, now (in the change's transaction). */
export async function markLinkDue(tx: Queryable, checkoutId: number): Promise<void> {
  await tx
    .update(checkouts)
    .set({ paymentLinkSyncAt: sql`now()`, paymentLinkSyncAttempts: 0 })
    .where(eq(checkouts.id, checkoutId));
}

export async function findLinkToSync(
  db: Queryable,
  checkoutId: number,
): Promise<LinkToSync | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row) return undefined;
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.id));
  return {
    id: row.id,
    reference: row.reference,
    paymentMethod: row.paymentMethod,
    paymentId: row.paymentId,
    paidAt: row.paidAt,
    totalAmount: row.totalAmount,
    paymentLinkAmount: row.paymentLinkAmount,
    attempts: row.paymentLinkSyncAttempts,
    orders: rows,
  };
}

/** Wompi has the change: what the link charges now (null: the total, or nothing). */
export async function linkSynced(
  db: Queryable,
  checkoutId: number,
  amount: string | null,
): Promise<void> {
  await db
    .update(checkouts)
    .set({ paymentLinkAmount: amount, paymentLinkSyncAt: null, paymentLinkSyncAttempts: 0 })
    .where(eq(checkouts.id, checkoutId));
}

/** Wompi could not be told: tried again from `retryAt`. */
export async function postponeLink(
  db: Queryable,
  checkoutId: number,
  retryAt: Date,
): Promise<void> {
  await db
    .update(checkouts)
    .set({
      paymentLinkSyncAt: retryAt,
      paymentLinkSyncAttempts: sql`${checkouts.paymentLinkSyncAttempts} + 1`,
    })
    .where(and(eq(checkouts.id, checkoutId), isNotNull(checkouts.paymentLinkSyncAt)));
}

/** The checkouts whose link change is due now, oldest first. */
export async function listDueLinks(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(lte(checkouts.paymentLinkSyncAt, sql`now()`))
    .orderBy(asc(checkouts.paymentLinkSyncAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
