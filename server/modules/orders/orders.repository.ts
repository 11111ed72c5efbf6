import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { folded } from "../../../db/schema/columns";
import { merchants, orderItems, orders, products } from "../../../db/schema/index";
import type { OrderStatus } from "../../../shared/api-types";
import { publicProduct } from "../catalog/visibility";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert & { id: number; orderNumber: string };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "id" | "createdAt">;

export interface OrderableProduct {
  id: number;
  name: string;
  imageUrl: string;
  price: string;
}

/** `%`, `_` and `\` typed by the admin are literal characters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case- and accent-insensitive "contains" over the fields the admin searches by. */
function matchesQuery(q: string): SQL | undefined {
  const pattern = sql`'%' || tiangue_unaccent(lower(${escapeLike(q)}::text)) || '%'`;
  return or(
    ...[orders.customerName, orders.customerEmail, orders.orderNumber, orders.paymentId].map(
      (column) => sql`${folded(column)} like ${pattern}`,
    ),
  );
}

export function listOrders(db: Queryable, filter: { q?: string } = {}): Promise<OrderRow[]> {
  const q = filter.q?.trim();
  return db
    .select()
    .from(orders)
    .where(q ? matchesQuery(q) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function findOrder(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
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

export async function setOrderStatus(
  db: Queryable,
  id: number,
  status: OrderStatus,
): Promise<OrderRow | undefined> {
  const [row] = await db.update(orders).set({ status }).where(eq(orders.id, id)).returning();
  return row;
}

/** Public products among the ids, locked so price and name hold until the order is written. */
export function lockOrderableProducts(
  db: Queryable,
  ids: readonly number[],
): Promise<OrderableProduct[]> {
  return db
    .select({
      id: products.id,
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

export function insertOrderItems(db: Queryable, items: NewOrderItem[]): Promise<OrderItemRow[]> {
  return db.insert(orderItems).values(items).returning();
}
