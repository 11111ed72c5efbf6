import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { cartItems, checkouts, merchants, orders, products } from "../../../db/schema/index";
import { publicProduct } from "../catalog/visibility";

export type CheckoutRow = typeof checkouts.$inferSelect;
export type NewCheckout = Omit<typeof checkouts.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** The merchant's columns a checkout and its orders carry: who sells, and how to reach them. */
const merchantContact = {
  id: merchants.id,
  name: merchants.name,
  slug: merchants.slug,
  email: merchants.email,
  whatsapp: merchants.whatsapp,
  phone: merchants.phone,
};

export interface MerchantContact {
  id: number;
  name: string;
  slug: string;
  email: string;
  whatsapp: string | null;
  phone: string;
}

/** A cart line as the checkout prices it: the product and merchant of this moment. */
export interface CheckoutCartLine {
  quantity: number;
  product: { id: number; name: string; imageUrl: string; price: string };
  merchant: MerchantContact;
  /** Whether the public may still see the product (and its merchant). */
  isPublic: boolean;
}

/**
 * Every line of the cart, public or not (a line the public can no longer see must be named
 * in the 409), with prices from the database. The lines are locked: a second checkout of
 * the same cart waits here, and then finds it emptied.
 */
export async function lockCartLines(db: Queryable, sessionId: string): Promise<CheckoutCartLine[]> {
  return db
    .select({
      quantity: cartItems.quantity,
      product: {
        id: products.id,
        name: products.name,
        imageUrl: products.imageUrl,
        price: products.price,
      },
      merchant: merchantContact,
      isPublic: sql<boolean>`coalesce(${publicProduct}, false)`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .for("update", { of: cartItems });
}

export async function insertCheckout(db: Queryable, values: NewCheckout): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row;
}

/** The one checkout `where` picks (each caller's condition names a unique key). */
async function findCheckoutWhere(db: Queryable, where: SQL | undefined) {
  const [row] = await db.select().from(checkouts).where(where).limit(1);
  return row as CheckoutRow | undefined;
}

export function findCheckoutByKey(
  db: Queryable,
  sessionId: string,
  idempotencyKeyHash: string,
): Promise<CheckoutRow | undefined> {
  return findCheckoutWhere(
    db,
    and(eq(checkouts.sessionId, sessionId), eq(checkouts.idempotencyKeyHash, idempotencyKeyHash)),
  );
}

/** The checkout an order number belongs to. */
export async function findCheckoutByOrderNumber(
  db: Queryable,
  orderNumber: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select({ checkout: checkouts })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row?.checkout;
}

export function findCheckoutByReference(
  db: Queryable,
  reference: string,
): Promise<CheckoutRow | undefined> {
  return findCheckoutWhere(db, eq(checkouts.reference, reference));
}

export function findCheckoutByPaymentId(
  db: Queryable,
  paymentId: string,
): Promise<CheckoutRow | undefined> {
  return findCheckoutWhere(db, eq(checkouts.paymentId, paymentId));
}

export function findCheckout(db: Queryable, id: number): Promise<CheckoutRow | undefined> {
  return findCheckoutWhere(db, eq(checkouts.id, id));
}

export type CheckoutOrderRow = typeof orders.$inferSelect & { merchant: MerchantContact | null };

/** The orders of a checkout, in the order they were created, with their merchant. */
export async function listCheckoutOrders(
  db: Queryable,
  checkoutId: number,
): Promise<CheckoutOrderRow[]> {
  const rows = await db
    .select({
      order: orders,
      merchant: merchantContact,
    })
    .from(orders)
    .leftJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.id));
  return rows.map(({ order, merchant }) => ({
    ...order,
    merchant: merchant?.id ? merchant : null,
  }));
}

/**
 * Keeps the payment link on the checkout and its orders, unless one was kept meanwhile
 * (a concurrent retry): returns the checkout as it now is.
 */
export async function setPaymentLink(
  db: Queryable,
  checkoutId: number,
  link: { id: string; url: string },
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkouts)
    .set({ paymentId: link.id, paymentUrl: link.url })
    .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.paymentUrl)))
    .returning();
  if (!row) return findCheckout(db, checkoutId);
  await db
    .update(orders)
    .set({ paymentId: link.id, paymentUrl: link.url })
    .where(eq(orders.checkoutId, checkoutId));
  return row;
}

/**
 * Marks the checkout and all its orders paid by this transaction, once: returns the
 * checkout when this call did it, undefined when it was already paid.
 */
export async function markCheckoutPaid(
  db: Queryable,
  checkoutId: number,
  transactionId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkouts)
    .set({ paidAt: sql`now()`, transactionId })
    .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.paidAt)))
    .returning();
  if (!row) return undefined;
  await db
    .update(orders)
    .set({ status: "paid", paidAt: row.paidAt, paymentTransactionId: transactionId })
    .where(eq(orders.checkoutId, checkoutId));
  return row;
}

/** Empties the cart, in the checkout's transaction, once its orders are written. */
export async function deleteCartLines(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
}
