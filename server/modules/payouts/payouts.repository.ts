import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { merchantPayouts, merchants, orders } from "../../../db/schema/index";

/**
 * What Tiangue owes each merchant (issue 25), computed from the orders in SQL, in exact
 * numeric: a card order that is paid and delivered, neither cancelled nor refunded, owes
 * its merchant its total minus the commission (the subtotal × its percent / 100, rounded
 * half up to the cent; never of the delivery fee). PostgreSQL's round() on numeric rounds
 * halves away from zero, which for these non-negative amounts is half up.
 */
const owedOrder = and(
  eq(orders.paymentMethod, "card"),
  sql`${orders.paidAt} is not null`,
  sql`${orders.deliveredAt} is not null`,
  sql`${orders.status} <> 'cancelled'`,
  sql`${orders.refundStatus} is null`,
);
const commission = sql`round(${orders.subtotal} * ${orders.commissionPercent} / 100, 2)`;
/** Exact numeric as the API's two-decimal text. */
const money = (value: ReturnType<typeof sql>) => sql<string>`(${value})::numeric(14, 2)::text`;

export interface MerchantBalanceRow {
  merchantId: number;
  merchantName: string;
  owed: string;
  paid: string;
  balance: string;
}

/** Every merchant with something owed or paid, by name. */
export async function listBalances(db: Queryable): Promise<MerchantBalanceRow[]> {
  const owed = db
    .select({
      merchantId: sql<number>`${orders.merchantId}`.as("owed_merchant_id"),
      amount: sql<string>`sum(${orders.totalAmount} - ${commission})`.as("owed_amount"),
    })
    .from(orders)
    .where(owedOrder)
    .groupBy(orders.merchantId)
    .as("owed");
  const paid = db
    .select({
      merchantId: sql<number>`${merchantPayouts.merchantId}`.as("paid_merchant_id"),
      amount: sql<string>`sum(${merchantPayouts.amount})`.as("paid_amount"),
    })
    .from(merchantPayouts)
    .groupBy(merchantPayouts.merchantId)
    .as("paid");
  return db
    .select({
      merchantId: merchants.id,
      merchantName: merchants.name,
      owed: money(sql`coalesce(${owed.amount}, 0)`),
      paid: money(sql`coalesce(${paid.amount}, 0)`),
      balance: money(sql`coalesce(${owed.amount}, 0) - coalesce(${paid.amount}, 0)`),
    })
    .from(merchants)
    .leftJoin(owed, eq(owed.merchantId, merchants.id))
    .leftJoin(paid, eq(paid.merchantId, merchants.id))
    .where(sql`${owed.amount} is not null or ${paid.amount} is not null`)
    .orderBy(asc(merchants.name), asc(merchants.id));
}

/** One merchant's totals: owed, paid and their difference. */
export async function merchantBalance(
  db: Queryable,
  merchantId: number,
): Promise<{ owed: string; paid: string; balance: string }> {
  const owedSql = sql`(select coalesce(sum(${orders.totalAmount} - ${commission}), 0) from ${orders} where ${orders.merchantId} = ${merchantId} and ${owedOrder})`;
  const paidSql = sql`(select coalesce(sum(${merchantPayouts.amount}), 0) from ${merchantPayouts} where ${merchantPayouts.merchantId} = ${merchantId})`;
  const [row] = await db
    .select({
      owed: money(owedSql),
      paid: money(paidSql),
      balance: money(sql`${owedSql} - ${paidSql}`),
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** The merchant's orders that owe it money, the latest delivered first. */
export function listOwedOrders(db: Queryable, merchantId: number) {
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      deliveredAt: orders.deliveredAt,
      subtotal: orders.subtotal,
      deliveryFee: money(sql`coalesce(${orders.deliveryFee}, 0)`),
      totalAmount: orders.totalAmount,
      commission: money(commission),
      owed: money(sql`${orders.totalAmount} - ${commission}`),
    })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), owedOrder))
    .orderBy(desc(orders.deliveredAt), desc(orders.id));
}

export type PayoutRow = typeof merchantPayouts.$inferSelect;

export function listPayouts(db: Queryable, merchantId: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(merchantPayouts)
    .where(eq(merchantPayouts.merchantId, merchantId))
    .orderBy(desc(merchantPayouts.paidAt), desc(merchantPayouts.id));
}

/** Locks the merchant, so two payouts recorded at once take turns against one balance. */
export async function lockMerchantName(
  db: Queryable,
  merchantId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for("update");
  return row?.name;
}

export async function insertPayout(
  db: Queryable,
  values: Omit<typeof merchantPayouts.$inferInsert, "id" | "createdAt">,
): Promise<PayoutRow> {
  const [row] = await db.insert(merchantPayouts).values(values).returning();
  return row;
}

/**
 * When the merchant's first order was placed (issue 37 L8: no payout is dated before it),
 * else when the merchant was created; undefined for an unknown merchant.
 */
export async function merchantSince(db: Queryable, merchantId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({
      since: sql<string>`coalesce((select min(${orders.createdAt}) from ${orders} where ${orders.merchantId} = ${merchants.id}), ${merchants.createdAt})`,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row ? new Date(row.since) : undefined;
}
