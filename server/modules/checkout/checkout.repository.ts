import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  cartItems,
  checkoutPaymentChecks,
  checkouts,
  checkoutTokens,
  merchants,
  merchantSignInEmails,
  orderDte,
  orders,
  products,
  productVariants,
} from "../../../db/schema/index";
import type { StoredDte } from "../../../shared/dte";
import { publicProduct } from "../catalog/visibility";
import { EXPIRED_HASH_PREFIX, ORDER_LINK_DAYS } from "./checkout.token";

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
  // Issue 35: its order e-mails go where its other notices go, one inbox per shop.
  noticeEmail: sql<string>`coalesce((select e.email from ${merchantSignInEmails} e where e.merchant_id = ${merchants.id}), ${merchants.email})`,
  /** The portal's 'Avisos' e-mail switch. */
  emailNotices: merchants.noticeEmail,
  // Issue 37: who sells, on the order page, the receipt and the order e-mails.
  legalName: merchants.legalName,
  taxId: merchants.taxId,
};

export interface MerchantContact {
  id: number;
  name: string;
  slug: string;
  email: string;
  whatsapp: string | null;
  phone: string;
  /** Its sign-in e-mail (the contact e-mail when none is set): where order e-mails go. */
  noticeEmail: string;
  emailNotices: boolean;
  /** Issue 37: the razón social and its NIT or DUI; null until the merchant gives them. */
  legalName: string | null;
  taxId: string | null;
}

/** A cart line as the checkout prices it: the product and merchant of this moment. */
export interface CheckoutCartLine {
  quantity: number;
  /** `price` is the line's: its variant's (issue 36), or the product's. */
  product: { id: number; name: string; imageUrl: string; price: string };
  /** The variant chosen (issue 36), with its name ('M · Azul'); null without one. */
  variant: { id: number; name: string } | null;
  merchant: MerchantContact;
  /** Whether the public may still see the product (and its merchant). */
  isPublic: boolean;
}

/** A line's unit price: its variant's (issue 36), else the product's. */
const linePrice = sql<string>`coalesce(${productVariants.price}, ${products.price})`;

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
        price: linePrice,
      },
      variant: { id: productVariants.id, name: productVariants.name },
      merchant: merchantContact,
      // A product that gained variants since its line was added needs one chosen again.
      isPublic: sql<boolean>`coalesce(${publicProduct} and (${cartItems.variantId} is not null or jsonb_array_length(${products.options}) = 0), false)`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
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

/** How a merchant of the cart serves and is paid (issue 25), read in the checkout's transaction. */
export interface MerchantTerms {
  id: number;
  name: string;
  fulfillment: string | null;
  deliveryArea: string | null;
  department: string | null;
  municipality: string | null;
  deliveryMunicipalities: string[];
  deliveryFee: string | null;
  freeDeliveryFrom: string | null;
  /** Issue 36: fees by place, and the least subtotal it takes. */
  deliveryFees: { place: string; fee: string }[];
  minimumOrder: string | null;
  paymentMethods: string[];
  temporarilyClosed: boolean;
}

/** The terms of these merchants, by id. */
export async function merchantTerms(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, MerchantTerms>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      fulfillment: merchants.fulfillment,
      deliveryArea: merchants.deliveryArea,
      department: merchants.department,
      municipality: merchants.municipality,
      deliveryMunicipalities: merchants.deliveryMunicipalities,
      deliveryFee: merchants.deliveryFee,
      freeDeliveryFrom: merchants.freeDeliveryFrom,
      deliveryFees: merchants.deliveryFees,
      minimumOrder: merchants.minimumOrder,
      paymentMethods: merchants.paymentMethods,
      temporarilyClosed: merchants.temporarilyClosed,
    })
    .from(merchants)
    .where(inArray(merchants.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A cart's lines without locking them (the /checkout form's options). */
export function readCartLines(
  db: Queryable,
  sessionId: string,
): Promise<{ merchantId: number; quantity: number; price: string }[]> {
  return db
    .select({
      merchantId: products.merchantId,
      quantity: cartItems.quantity,
      price: linePrice,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** A transfer's bank details, with the merchant that shows them on the order page. */
const merchantBank = {
  bankName: merchants.bankName,
  accountHolder: merchants.accountHolder,
  accountNumber: merchants.accountNumber,
  accountType: merchants.accountType,
};

export type CheckoutOrderRow = typeof orders.$inferSelect & {
  merchant: (MerchantContact & { [K in keyof typeof merchantBank]: string | null }) | null;
  /** Issue 37: the DTE its merchant recorded; null until then. */
  dte: StoredDte | null;
};

/** The order's DTE, one row at most (the table's primary key is the order). */
const dteOfOrder = sql<StoredDte | null>`(select json_build_object('code', ${orderDte.code}::text, 'issuedOn', ${orderDte.issuedOn}::text) from ${orderDte} where ${orderDte.orderId} = ${orders.id})`;

/** The orders of a checkout, in the order they were created, with their merchant. */
export async function listCheckoutOrders(
  db: Queryable,
  checkoutId: number,
): Promise<CheckoutOrderRow[]> {
  const rows = await db
    .select({
      order: orders,
      merchant: { ...merchantContact, ...merchantBank },
      dte: dteOfOrder,
    })
    .from(orders)
    .leftJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.id));
  return rows.map(({ order, merchant, dte }) => ({
    ...order,
    merchant: merchant?.id ? merchant : null,
    dte: dte ?? null,
  }));
}

/**
 * Keeps the payment link on the checkout unless one was kept meanwhile (a concurrent
 * retry): returns the checkout when this call kept it, else undefined. Its orders keep it
 * through the orders service.
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
  return row;
}

/**
 * Marks the checkout paid by this transaction, once: returns the checkout when this call
 * did it, undefined when it was already paid. Its orders are the orders service's
 * (applyCardPayment), in the same transaction.
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
  return row;
}

/**
 * Claims the one lookup at Wompi of this transaction for this checkout (issue 26): true when
 * this call claimed it, false when it was asked about before (or is being asked about now).
 */
export async function claimPaymentCheck(
  db: Queryable,
  checkoutId: number,
  transactionId: string,
): Promise<boolean> {
  const rows = await db
    .insert(checkoutPaymentChecks)
    .values({ checkoutId, transactionId })
    .onConflictDoNothing()
    .returning({ checkoutId: checkoutPaymentChecks.checkoutId });
  return rows.length > 0;
}

/** Gives a claimed lookup back (Wompi did not answer, or the client was over its limit). */
export async function releasePaymentCheck(
  db: Queryable,
  checkoutId: number,
  transactionId: string,
): Promise<void> {
  await db
    .delete(checkoutPaymentChecks)
    .where(
      and(
        eq(checkoutPaymentChecks.checkoutId, checkoutId),
        eq(checkoutPaymentChecks.transactionId, transactionId),
      ),
    );
}

/** Another link to the checkout's order page (issue 25): only its hash is kept. */
export async function insertCheckoutToken(
  db: Queryable,
  checkoutId: number,
  tokenHash: string,
): Promise<void> {
  await db.insert(checkoutTokens).values({ checkoutId, tokenHash });
}

/**
 * The hashes of the checkout's other links; those older than ORDER_LINK_DAYS come marked
 * EXPIRED_HASH_PREFIX (issue 37), for tokenMatches to answer 'expired' rather than 'wrong'.
 */
export async function listCheckoutTokenHashes(
  db: Queryable,
  checkoutId: number,
): Promise<string[]> {
  const rows = await db
    .select({
      tokenHash: checkoutTokens.tokenHash,
      expired: sql<boolean>`${checkoutTokens.createdAt} < now() - make_interval(days => ${ORDER_LINK_DAYS})`,
    })
    .from(checkoutTokens)
    .where(eq(checkoutTokens.checkoutId, checkoutId));
  return rows.map((row) => (row.expired ? EXPIRED_HASH_PREFIX + row.tokenHash : row.tokenHash));
}

/** The checkout and customer e-mail of an order number ('Buscar mi pedido'). */
export async function findOrderForLookup(
  db: Queryable,
  orderNumber: string,
): Promise<{ checkoutId: number; customerEmail: string; customerName: string } | undefined> {
  const [row] = await db
    .select({
      checkoutId: orders.checkoutId,
      customerEmail: orders.customerEmail,
      customerName: orders.customerName,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row?.checkoutId ? { ...row, checkoutId: row.checkoutId } : undefined;
}

/** The merchant's name and e-mail (an order's notices). */
export async function findMerchantContact(
  db: Queryable,
  id: number,
): Promise<MerchantContact | undefined> {
  const [row] = await db.select(merchantContact).from(merchants).where(eq(merchants.id, id));
  return row;
}
