import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  checkouts,
  merchants,
  orders,
  outboxNotices,
  whatsappOptOuts,
} from "../../../db/schema/index";

// WhatsApp numbers: consent, opt-outs, the shopper's merchants.

export async function isOptedOut(db: Queryable, number: string): Promise<boolean> {
  const [row] = await db
    .select({ number: whatsappOptOuts.number })
    .from(whatsappOptOuts)
    .where(eq(whatsappOptOuts.number, number));
  return row !== undefined;
}

/** BAJA: no more notices to this number; returns whether it is new. */
export async function optOut(db: Queryable, number: string): Promise<boolean> {
  const rows = await db
    .insert(whatsappOptOuts)
    .values({ number })
    .onConflictDoNothing()
    .returning({ number: whatsappOptOuts.number });
  return rows.length > 0;
}

/** Pending notices to a number that wrote BAJA: never sent. */
export async function skipPendingTo(db: Queryable, number: string, reason: string) {
  await db
    .update(outboxNotices)
    .set({ status: "skipped", lastError: reason, nextAttemptAt: sql`'infinity'::timestamptz` })
    .where(
      and(
        eq(outboxNotices.recipient, number),
        eq(outboxNotices.channel, "whatsapp"),
        eq(outboxNotices.status, "pending"),
      ),
    );
}

/** Whether a free-text reply went to this number in the last 24 hours. */
export async function repliedWithinADay(db: Queryable, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outboxNotices.id })
    .from(outboxNotices)
    .where(
      and(
        eq(outboxNotices.recipient, number),
        eq(outboxNotices.kind, "reply.info"),
        sql`${outboxNotices.createdAt} > now() - interval '24 hours'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The shops of this number's latest orders (its notices' reply says how to reach them). */
export async function merchantsOfShopperNumber(
  db: Queryable,
  number: string,
): Promise<{ name: string; whatsapp: string | null; phone: string }[]> {
  const rows = await db
    .selectDistinctOn([merchants.id], {
      name: merchants.name,
      whatsapp: merchants.whatsapp,
      phone: merchants.phone,
    })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(eq(checkouts.whatsappNumber, number))
    .orderBy(merchants.id, desc(orders.createdAt))
    .limit(3);
  return rows;
}

/** The number a checkout's shopper agreed to hear from by WhatsApp (null: no consent). */
export async function checkoutWhatsAppNumber(db: Queryable, checkoutId: number) {
  const [row] = await db
    .select({ number: checkouts.whatsappNumber, consentAt: checkouts.whatsappConsentAt })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row?.number && row.consentAt ? row.number : null;
}
