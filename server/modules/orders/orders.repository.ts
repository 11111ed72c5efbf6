import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { StoredDte } from "../../../shared/dte";
import { timeOfMinutes, type SpecialDate } from "../../../shared/open-now";
import type { Queryable } from "../../../db/client";
import {
  merchants,
  merchantSpecialDates,
  orderDte,
  orderItems,
  orders,
  orderStatusEvents,
  products,
} from "../../../db/schema/index";
import { publicProduct } from "../catalog/visibility";
import { adminSearch, countAll } from "../catalog/admin-search";

export type OrderRow = typeof orders.$inferSelect;
/** The merchant of an order as lists show it; null once the merchant is deleted. */
export type OrderMerchant = { id: number; name: string; slug: string } | null;
export type OrderWithMerchantRow = OrderRow & { merchant: OrderMerchant; dte: StoredDte | null };
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderStatusEventRow = typeof orderStatusEvents.$inferSelect;
export type NewOrderStatusEvent = Omit<typeof orderStatusEvents.$inferInsert, "id">;
/** What issue 25's changes write on an order. */
export type OrderLifeValues = Partial<
  Pick<
    OrderRow,
    | "status"
    | "fulfillmentStatus"
    | "paidAt"
    | "deliveredAt"
    | "cancelReason"
    | "refundStatus"
    | "refundReference"
    | "refundedAt"
    | "reminderSentAt"
  >
>;
export type NewOrder = typeof orders.$inferInsert & { id: number; orderNumber: string };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "id" | "createdAt">;

export interface OrderableProduct {
  id: number;
  merchantId: number;
  name: string;
  imageUrl: string;
  price: string;
}

/** Case- and accent-insensitive "contains" over the fields the admin searches by. */
const matchesQuery = (q: string | undefined) =>
  adminSearch(
    q,
    orders.customerName,
    orders.customerEmail,
    orders.orderNumber,
    orders.paymentId,
    orders.paymentTransactionId,
  );

const withMerchant = {
  order: orders,
  merchant: { id: merchants.id, name: merchants.name, slug: merchants.slug },
  // Issue 37: the DTE its merchant recorded (one row per order at most: its primary key).
  dte: sql<StoredDte | null>`(select json_build_object('code', ${orderDte.code}::text, 'issuedOn', ${orderDte.issuedOn}::text) from ${orderDte} where ${orderDte.orderId} = ${orders.id})`,
};

const flatten = (
  rows: { order: OrderRow; merchant: OrderMerchant; dte: StoredDte | null }[],
): OrderWithMerchantRow[] =>
  rows.map(({ order, merchant, dte }) => ({
    ...order,
    merchant: merchant?.id ? merchant : null,
    dte: dte ?? null,
  }));

/** Every order, newest first, a page at a time, and how many match `q`. */
export async function listOrders(
  db: Queryable,
  filter: { q?: string; limit: number; offset: number },
): Promise<{ rows: OrderWithMerchantRow[]; total: number }> {
  const where = matchesQuery(filter.q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withMerchant)
      .from(orders)
      .leftJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: countAll }).from(orders).where(where),
  ]);
  return { rows: flatten(rows), total };
}

/**
 * One merchant's orders, newest first, a page at a time (the merchant portal); with
 * `fulfillmentStatus`, only the orders at that step.
 */
export async function listMerchantOrders(
  db: Queryable,
  merchantId: number,
  paging: { limit: number; offset: number; fulfillmentStatus?: string },
): Promise<{ rows: OrderWithMerchantRow[]; total: number }> {
  const where = and(
    eq(orders.merchantId, merchantId),
    paging.fulfillmentStatus === undefined
      ? undefined
      : eq(orders.fulfillmentStatus, paging.fulfillmentStatus),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withMerchant)
      .from(orders)
      .leftJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows: flatten(rows), total: Number(total) };
}

export async function findOrderWithMerchant(
  db: Queryable,
  id: number,
): Promise<OrderWithMerchantRow | undefined> {
  const rows = await db
    .select(withMerchant)
    .from(orders)
    .leftJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(eq(orders.id, id))
    .limit(1);
  return flatten(rows)[0];
}

export async function findOrder(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Locks one order for a change of its step or status; with `merchantId` only that
 * merchant's, with `checkoutId` only one of that checkout (another's is not found).
 */
export async function lockOrder(
  db: Queryable,
  id: number,
  scope: { merchantId?: number; checkoutId?: number } = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        scope.merchantId === undefined ? undefined : eq(orders.merchantId, scope.merchantId),
        scope.checkoutId === undefined ? undefined : eq(orders.checkoutId, scope.checkoutId),
      ),
    )
    .limit(1)
    .for("update");
  return row;
}

export async function updateOrderLife(
  db: Queryable,
  id: number,
  values: OrderLifeValues,
): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row;
}

/** The card payment link of a checkout, kept on each of its orders too. */
export async function setCheckoutOrdersPaymentLink(
  db: Queryable,
  checkoutId: number,
  link: { id: string; url: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentId: link.id, paymentUrl: link.url })
    .where(eq(orders.checkoutId, checkoutId));
}

/** Locks every order of a checkout (a payment changes them together), by id. */
export function lockCheckoutOrders(db: Queryable, checkoutId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.id))
    .for("update");
}

export async function insertStatusEvents(
  db: Queryable,
  events: NewOrderStatusEvent[],
): Promise<void> {
  if (events.length > 0) await db.insert(orderStatusEvents).values(events);
}

/** The timelines of these orders, oldest entry first. */
export function listStatusEvents(
  db: Queryable,
  orderIds: readonly number[],
): Promise<OrderStatusEventRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, [...orderIds]))
    .orderBy(asc(orderStatusEvents.orderId), asc(orderStatusEvents.id));
}

export function listOrderItems(
  db: Queryable,
  orderIds: readonly number[],
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** Public products among the ids, locked so price and name hold until the order is written. */
export function lockOrderableProducts(
  db: Queryable,
  ids: readonly number[],
): Promise<OrderableProduct[]> {
  return db
    .select({
      id: products.id,
      merchantId: products.merchantId,
      name: products.name,
      imageUrl: products.imageUrl,
      price: products.price,
    })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(inArray(products.id, [...ids]), publicProduct))
    .for("share", { of: products });
}

/** Takes the next order id first, so the readable order number can be derived from it. */
export async function nextOrderId(db: Queryable): Promise<number> {
  // Both drivers (pg and PGlite) answer raw queries with a `rows` array.
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`,
  )) as unknown as { rows: { id: number | string }[] };
  const rows = result.rows;
  return Number(rows[0].id);
}

export async function insertOrder(db: Queryable, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row;
}

/**
 * Issue 36: the lines of a cancelled order whose units the checkout took from a count,
 * marked given back in the same statement, so whatever cancels again finds none (once).
 */
export async function releaseTakenStock(
  db: Queryable,
  orderId: number,
): Promise<{ productId: number; variantId: number | null; quantity: number }[]> {
  const rows = await db
    .update(orderItems)
    .set({ stockTaken: false })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockTaken, true)))
    .returning({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    });
  return rows.flatMap((row) =>
    row.productId === null ? [] : [{ ...row, productId: row.productId }],
  );
}

export function insertOrderItems(db: Queryable, items: NewOrderItem[]): Promise<OrderItemRow[]> {
  return db.insert(orderItems).values(items).returning();
}

/** Waiting for its merchant (orders.service isWaiting), as one condition on the table. */
const waitingCondition = sql`${orders.fulfillmentStatus} = 'received' and ${orders.status} <> 'cancelled'
  and (${orders.paymentMethod} is distinct from 'card' or ${orders.paidAt} is not null)`;

export interface WaitingOrderRow {
  order: OrderRow;
  merchant: { id: number; name: string; schedule: string; temporarilyClosed: boolean } | null;
  /** The shop's special dates from the order's first day on. */
  specialDates: SpecialDate[];
}

/**
 * Orders waiting for their merchant's answer, oldest first (orders_waiting_idx), with what
 * their open-time clock needs: the shop's schedule, closure and special dates.
 */
export async function listWaitingOrders(
  db: Queryable,
  page: { limit: number; offset: number },
): Promise<{ rows: WaitingOrderRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        order: orders,
        merchant: {
          id: merchants.id,
          name: merchants.name,
          schedule: merchants.schedule,
          temporarilyClosed: merchants.temporarilyClosed,
        },
      })
      .from(orders)
      .leftJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(waitingCondition)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(waitingCondition),
  ]);
  const merchantIds = [...new Set(rows.flatMap((r) => (r.merchant?.id ? [r.merchant.id] : [])))];
  const oldest = rows[0]?.order.createdAt;
  const dates =
    merchantIds.length === 0 || !oldest
      ? []
      : await db
          .select()
          .from(merchantSpecialDates)
          .where(
            and(
              inArray(merchantSpecialDates.merchantId, merchantIds),
              gte(
                merchantSpecialDates.date,
                sql`((${oldest.toISOString()}::timestamptz at time zone 'UTC') - interval '6 hours')::date - 1`,
              ),
            ),
          );
  const byMerchant = new Map<number, SpecialDate[]>();
  for (const d of dates) {
    const list = byMerchant.get(d.merchantId) ?? [];
    list.push({
      date: d.date,
      closed: d.closed,
      open: d.openMinute === null ? null : timeOfMinutes(d.openMinute),
      close: d.closeMinute === null ? null : timeOfMinutes(d.closeMinute),
    });
    byMerchant.set(d.merchantId, list);
  }
  return {
    rows: rows.map((r) => ({
      order: r.order,
      merchant: r.merchant?.id ? r.merchant : null,
      specialDates: r.merchant?.id ? (byMerchant.get(r.merchant.id) ?? []) : [],
    })),
    total: Number(total),
  };
}
