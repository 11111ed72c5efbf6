import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema/index";

// A merchant's Web Push devices (push_subscriptions).

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function upsertPushSubscription(
  db: Queryable,
  values: { merchantId: number; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<number> {
  // The same browser subscribing again (or for another shop) keeps one row: the latest.
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        merchantId: values.merchantId,
        p256dh: values.p256dh,
        auth: values.auth,
        label: values.label,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: pushSubscriptions.id });
  return row.id;
}

export async function listPushSubscriptions(
  db: Queryable,
  merchantId: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.merchantId, merchantId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function countPushSubscriptions(db: Queryable, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.merchantId, merchantId));
  return Number(row?.count ?? 0);
}

export async function deletePushSubscription(
  db: Queryable,
  where: { id: number; merchantId?: number },
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, where.id),
        where.merchantId === undefined
          ? undefined
          : eq(pushSubscriptions.merchantId, where.merchantId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function touchPushSubscription(db: Queryable, id: number) {
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}
