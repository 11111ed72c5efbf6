import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  checkouts,
  merchants,
  merchantSignInEmails,
  orderItems,
  orders,
  outboxEmails,
  outboxNotices,
  pushSubscriptions,
  reviews,
  products,
  whatsappOptOuts,
} from "../../../db/schema/index";
import { phoneDigits, SALVADOR_COUNTRY_CODE } from "../../../shared/phone";
import type { PersonalDataKey } from "../../../shared/personal-data";

/**
 * Where a person is held (issue 37): the one place that reads a shopper across the tables
 * of orders, checkouts, reviews, the two outboxes and the consents, by e-mail or phone. Like
 * the daily purge's deletes, it spans several modules' tables on purpose: an export or an
 * erasure must find every row, and one query per table keeps it one reading.
 */

/** Rows of a raw statement (the same on node-postgres and PGlite). */
export async function rowsOf<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** A phone's digits as orders may hold them: with El Salvador's code, and without it. */
function phoneForms(e164: string): string[] {
  const digits = phoneDigits(e164);
  return digits.startsWith(SALVADOR_COUNTRY_CODE) && digits.length === 11
    ? [digits, digits.slice(3)]
    : [digits];
}

export const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The condition that names a person's orders (and those of a checkout they consented on). */
function ordersOfKey(key: PersonalDataKey): SQL {
  if (key.kind === "email") return sql`lower(${orders.customerEmail}) = ${key.value}`;
  return sql`(regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') in (${list(phoneForms(key.value))})
    or ${orders.checkoutId} in (select ${checkouts.id} from ${checkouts} where ${checkouts.whatsappNumber} = ${key.value}))`;
}

export interface OrderRow {
  id: number;
  checkoutId: number | null;
  orderNumber: string;
  createdAt: Date;
  merchantName: string | null;
  status: string;
  fulfillmentStatus: string;
  paymentMethod: string | null;
  fulfillment: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  deliveryDepartment: string | null;
  deliveryMunicipality: string | null;
  deliveryDistrict: string | null;
  deliveryAddress: string | null;
  deliveryReference: string | null;
  note: string | null;
  subtotal: string;
  deliveryFee: string | null;
  totalAmount: string;
  deliveredAt: Date | null;
  cancelReason: string | null;
  personalDataErasedAt: Date | null;
}

/** The person's orders by id (the order every lock of orders takes); `forUpdate` locks them. */
export async function findOrders(
  db: Queryable,
  key: PersonalDataKey,
  forUpdate = false,
): Promise<OrderRow[]> {
  const query = db
    .select({
      id: orders.id,
      checkoutId: orders.checkoutId,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      merchantName: sql<
        string | null
      >`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${orders.merchantId})`,
      status: orders.status,
      fulfillmentStatus: orders.fulfillmentStatus,
      paymentMethod: orders.paymentMethod,
      fulfillment: orders.fulfillment,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      deliveryDepartment: orders.deliveryDepartment,
      deliveryMunicipality: orders.deliveryMunicipality,
      deliveryDistrict: orders.deliveryDistrict,
      deliveryAddress: orders.deliveryAddress,
      deliveryReference: orders.deliveryReference,
      note: orders.note,
      subtotal: orders.subtotal,
      deliveryFee: orders.deliveryFee,
      totalAmount: orders.totalAmount,
      deliveredAt: orders.deliveredAt,
      cancelReason: orders.cancelReason,
      personalDataErasedAt: orders.personalDataErasedAt,
    })
    .from(orders)
    .where(ordersOfKey(key))
    .orderBy(orders.id);
  return forUpdate ? query.for("update", { of: orders }) : query;
}

export interface LineRow {
  orderId: number;
  productName: string;
  variantName: string | null;
  quantity: number;
  price: string;
}

export async function findLines(db: Queryable, orderIds: readonly number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      variantName: orderItems.variantName,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(sql`${orderItems.orderId} in (${list(orderIds)})`)
    .orderBy(orderItems.orderId, orderItems.id);
}

/** The person's reviews: by e-mail, and those written from their orders. */
export function reviewsOfKey(key: PersonalDataKey, orderIds: readonly number[]): SQL {
  const fromOrders = orderIds.length ? sql`${reviews.orderId} in (${list(orderIds)})` : sql`false`;
  return key.kind === "email"
    ? sql`(lower(${reviews.userEmail}) = ${key.value} or ${fromOrders})`
    : fromOrders;
}

export interface ReviewRow {
  id: number;
  about: string;
  userName: string;
  userEmail: string;
  rating: number;
  comment: string;
  approved: boolean;
  orderNumber: string | null;
  createdAt: Date;
}

export async function findReviews(
  db: Queryable,
  key: PersonalDataKey,
  orderIds: readonly number[],
): Promise<ReviewRow[]> {
  return db
    .select({
      id: reviews.id,
      about: sql<string>`coalesce(
        (select ${merchants.name} from ${merchants} where ${merchants.id} = ${reviews.merchantId}),
        (select ${products.name} from ${products} where ${products.id} = ${reviews.productId}), '')`,
      userName: reviews.userName,
      userEmail: reviews.userEmail,
      rating: reviews.rating,
      comment: reviews.comment,
      approved: reviews.isApproved,
      orderNumber: sql<
        string | null
      >`(select ${orders.orderNumber} from ${orders} where ${orders.id} = ${reviews.orderId})`,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(reviewsOfKey(key, orderIds))
    .orderBy(reviews.createdAt, reviews.id);
}

/** What the notices of a person are found by: their key, orders, checkouts and numbers. */
export interface NoticeScope {
  /** Null for the retention purge, which finds notices by order alone. */
  key: PersonalDataKey | null;
  orderIds: readonly number[];
  checkoutIds: readonly number[];
  /** The WhatsApp numbers they consented with (E.164). */
  numbers: readonly string[];
}

/**
 * The e-mails to the person (by address) and every e-mail about their orders and checkouts
 * (the dedupe keys 'order:<id>:…' and 'checkout:<id>:…': the merchant's copy holds their
 * name, phone and address too).
 */
export function emailsOfScope(scope: NoticeScope): SQL {
  const patterns = [
    ...scope.orderIds.map((id) => `order:${id}:%`),
    ...scope.checkoutIds.map((id) => `checkout:${id}:%`),
  ];
  const byKey =
    scope.key?.kind === "email" ? sql`lower(${outboxEmails.recipient}) = ${scope.key.value}` : null;
  const byOrder = patterns.length
    ? sql`${outboxEmails.dedupeKey} like any (array[${list(patterns)}]::text[])`
    : null;
  const parts = [byKey, byOrder].filter((p): p is SQL => p !== null);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** WhatsApp notices to the person's numbers, and every notice about their orders. */
export function noticesOfScope(scope: NoticeScope): SQL {
  const numbers = [...scope.numbers, ...(scope.key?.kind === "phone" ? [scope.key.value] : [])];
  const parts: SQL[] = [];
  if (numbers.length) parts.push(sql`${outboxNotices.recipient} in (${list(numbers)})`);
  if (scope.orderIds.length) parts.push(sql`${outboxNotices.orderId} in (${list(scope.orderIds)})`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

export interface EmailNoticeRow {
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  textBody: string;
}

export async function findEmails(db: Queryable, scope: NoticeScope): Promise<EmailNoticeRow[]> {
  return db
    .select({
      kind: outboxEmails.kind,
      recipient: outboxEmails.recipient,
      subject: outboxEmails.subject,
      status: outboxEmails.status,
      createdAt: outboxEmails.createdAt,
      sentAt: outboxEmails.sentAt,
      textBody: outboxEmails.textBody,
    })
    .from(outboxEmails)
    .where(emailsOfScope(scope))
    .orderBy(outboxEmails.createdAt, outboxEmails.id);
}

export interface OtherNoticeRow {
  channel: string;
  kind: string;
  recipient: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  payload: unknown;
}

export async function findNotices(db: Queryable, scope: NoticeScope): Promise<OtherNoticeRow[]> {
  return db
    .select({
      channel: outboxNotices.channel,
      kind: outboxNotices.kind,
      recipient: outboxNotices.recipient,
      status: outboxNotices.status,
      createdAt: outboxNotices.createdAt,
      sentAt: outboxNotices.sentAt,
      payload: outboxNotices.payload,
    })
    .from(outboxNotices)
    .where(noticesOfScope(scope))
    .orderBy(outboxNotices.createdAt, outboxNotices.id);
}

export interface WhatsAppConsentRow {
  checkoutId: number;
  number: string;
  since: Date;
}

/** The WhatsApp consents of the person's checkouts, and of checkouts by their number. */
export async function findWhatsAppConsents(
  db: Queryable,
  key: PersonalDataKey | null,
  checkoutIds: readonly number[],
): Promise<WhatsAppConsentRow[]> {
  const byCheckout = checkoutIds.length
    ? sql`${checkouts.id} in (${list(checkoutIds)})`
    : sql`false`;
  const byNumber =
    key?.kind === "phone" ? sql`${checkouts.whatsappNumber} = ${key.value}` : sql`false`;
  return db
    .select({
      checkoutId: checkouts.id,
      number: sql<string>`${checkouts.whatsappNumber}`,
      since: sql<Date>`coalesce(${checkouts.whatsappConsentAt}, ${checkouts.createdAt})`,
    })
    .from(checkouts)
    .where(sql`${checkouts.whatsappNumber} is not null and (${byCheckout} or ${byNumber})`)
    .orderBy(checkouts.id);
}

export async function findOptOuts(
  db: Queryable,
  numbers: readonly string[],
): Promise<{ number: string; createdAt: Date }[]> {
  if (numbers.length === 0) return [];
  return db
    .select({ number: whatsappOptOuts.number, createdAt: whatsappOptOuts.createdAt })
    .from(whatsappOptOuts)
    .where(sql`${whatsappOptOuts.number} in (${list(numbers)})`);
}

/** The condition of the merchants whose sign-in e-mail is this address. */
export function signsInAs(email: string): SQL {
  return sql`lower(coalesce(
    (select ${merchantSignInEmails.email} from ${merchantSignInEmails} where ${merchantSignInEmails.merchantId} = ${merchants.id}),
    ${merchants.email})) = ${email}`;
}

export interface PushDeviceRow {
  id: number;
  label: string;
  createdAt: Date;
  merchantName: string;
}

/** The push devices of the merchants this e-mail signs in to (their owner's devices). */
export async function findPushDevices(
  db: Queryable,
  key: PersonalDataKey,
): Promise<PushDeviceRow[]> {
  if (key.kind !== "email") return [];
  return db
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      merchantName: merchants.name,
    })
    .from(pushSubscriptions)
    .innerJoin(merchants, sql`${merchants.id} = ${pushSubscriptions.merchantId}`)
    .where(signsInAs(key.value))
    .orderBy(pushSubscriptions.id);
}

export interface MerchantRow {
  id: number;
  name: string;
  contact: boolean;
  signIn: boolean;
}

/** Merchants whose own contact (or, by e-mail, sign-in) is this key. */
export async function findMerchants(db: Queryable, key: PersonalDataKey): Promise<MerchantRow[]> {
  const contact =
    key.kind === "email"
      ? sql`lower(${merchants.email}) = ${key.value}`
      : sql`(regexp_replace(${merchants.phone}, '[^0-9]', '', 'g') in (${list(phoneForms(key.value))})
          or regexp_replace(coalesce(${merchants.whatsapp}, ''), '[^0-9]', '', 'g') in (${list(phoneForms(key.value))}))`;
  const signIn = key.kind === "email" ? signsInAs(key.value) : sql`false`;
  return db
    .select({
      id: merchants.id,
      name: merchants.name,
      contact: sql<boolean>`${contact}`,
      signIn: sql<boolean>`${signIn}`,
    })
    .from(merchants)
    .where(sql`${contact} or ${signIn}`)
    .orderBy(merchants.id);
}
